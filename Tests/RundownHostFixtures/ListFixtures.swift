// Fixtures that `ListOutputTests` runs in a child process under
// `RUNDOWN_LIST`, and without it to see what a real run runs. (This comment
// stands apart from the suites because Swift Testing prints the comments
// above a failed suite.)

import Foundation
import Rundown
import Testing
import XCTest

/// Under XCTest: `testListed` prints the path of each example that runs,
/// `testNeverRuns` stops the process in every closure under `RUNDOWN_LIST`:
/// a dry run that ran any would not pass.
final class ListFixtures: Rundown.TestCase {
    override func setUpWithError() throws {
        try skipUnlessFixturesRun(for: "ListOutputTests")
    }

    func testListed() throws {
        try spec("Listed") {
            beforeAll { print("hook: beforeAll") }
            context("when empty", .labels("fast")) {
                beforeEach { print("hook: beforeEach") }
                it("pops nothing") { print("ran: Listed, when empty, pops nothing") }
                it("has no top", .labels("slow")) { print("ran: Listed, when empty, has no top") }
                xIt("parked") { print("ran: Listed, when empty, parked") }
            }
            context("a, b") {
                it(#"say "hi""#) { print(#"ran: Listed, "a, b", say "hi""#) }
                it("c") { print(#"ran: Listed, "a, b", c"#) }
                context("deeper") {
                    it("one") { print(#"ran: Listed, "a, b", deeper, one"#) }
                    it("two", .labels("slow")) { print(#"ran: Listed, "a, b", deeper, two"#) }
                }
            }
            it("push adds") { print("ran: Listed, push adds") }
            it("peeks", .labels("db")) { print("ran: Listed, peeks") }
            it("pops last") { print("ran: Listed, pops last") }
            afterAll { print("hook: afterAll") }
        }
    }

    func testNeverRuns() throws {
        try spec("Never") {
            beforeAll { try neverInADryRun("beforeAll") }
            context("a, b") {
                it(#"say "hi""#) { try neverInADryRun("an example") }
                it("back\\slash") { XCTFail("an example ran in a dry run") }
            }
            fIt("focused") { try neverInADryRun("a focused example") }  // line: listed focus
            afterEach { try neverInADryRun("afterEach") }
        }
    }
}

/// Stops the process under `RUNDOWN_LIST`, where no closure may run; elsewhere (all fixtures run at
/// once, by hand) it fails its closure, as the other fixtures do.
func neverInADryRun(_ closure: String) throws {
    if let list = ProcessInfo.processInfo.environment["RUNDOWN_LIST"], list == "1" || list == "json" {
        fatalError("\(closure) ran in a dry run")
    }
    throw FixtureError()
}

/// Under Swift Testing, asynchronous: every closure stops the process under `RUNDOWN_LIST`.
@Suite(.fixture(for: "ListOutputTests"))
struct ListSwiftTestingFixtures {
    @Test func neverRuns() async throws {
        try await spec("Async never") {
            beforeEach { try neverInADryRun("beforeEach") }
            it("größer 🧪") { try neverInADryRun("an example") }
            context("tab\there") {
                it("records") { #expect(Bool(false), "an example ran in a dry run") }
            }
        }
    }
}
