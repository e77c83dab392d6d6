// Behaviour#The-events-file: one spec of every kind of record, as the processes
// of one `swift test` write it to the file of RUNDOWN_EVENTS; its Swift
// Testing twin is EventStreamSamples.swift, the sample of the EventStream
// article. `EventsFileOutputTests` runs both in child processes, into one
// file, and finds the lines by their `// line:` marks. Only this one has a
// failure after its spec ended: under Swift Testing, Swift Testing records an
// `#expect` of a task that outlives its spec by itself, and Rundown never
// sees it. (This comment stands apart
// from the suites because Swift Testing prints the comments above a failed
// suite.)

import Foundation
import Rundown
import XCTest

final class EventsXCTestFixtures: Rundown.TestCase {
    override func setUpWithError() throws {
        try skipUnlessFixturesRun(for: "EventsFileOutputTests")
    }

    func testEveryKindOfRecord() async throws {
        let late = LateTask()
        let afterwards = LateTask()
        var thrown: (any Error)?
        do {
            try await spec("Events XC") {
                it("passes") {}
                it("fails") { XCTFail("wrong total") }  // line: XC fails
                it("skips") { throw Skip("no database") }  // line: XC skips
                it("passes on a retry", .retries(1)) {
                    XCTAssertEqual(CallCount.next("events XC retry"), 2)  // line: XC retry
                }
                it("leaks a late failure", .labels("slow")) {
                    late.start { XCTFail("late") }  // line: XC late
                }
                context("when set up fails", .labels("db")) {
                    beforeEach { throw FixtureError() }  // line: XC hook
                    it("never runs") {}
                }
                it("leaks a failure past the spec") {
                    afterwards.start { XCTFail("after the run") }  // line: XC after
                }
                afterAll { await late.letFail() }
            }
        } catch {
            thrown = error
        }
        // The spec has ended: the task fails now, while the test still runs.
        await afterwards.letFail()
        if let thrown { throw thrown }
    }
}
