// Fixtures of the progress signal (`SIGUSR1`), which `ProgressSignalOutputTests`
// runs in child processes: an example says on standard error that it waits,
// then waits until the test, having signalled the process and read its
// report, makes the file named after the example's path in the folder
// `SIGNAL_FIXTURE_RELEASE` names; the example after it must still run. One
// asynchronous spec (a task waits in `eventually`) and, under XCTest, one
// synchronous spec (the main thread waits, blocked), so that a report is
// shown to need neither a free thread of the specs nor the main thread.

import Foundation
import Rundown
import Testing
import XCTest

/// Waits, polling, for the test's file, and says on standard error
/// (unbuffered: the test reads it at once) that the example at `path` waits,
/// at the first check: by then `eventually` is noted on the progress board,
/// so the report the test asks for names it.
func waitForTheTest(_ path: String) async throws {
    let release = SignalFixtureRelease(path: path)
    var said = false
    try await eventually("the test has read the report", within: .seconds(90)) {
        if !said { release.sayWaiting() }
        said = true
        return release.isThere
    }
}

/// ``waitForTheTest(_:)`` of a synchronous example, which blocks its thread.
func waitForTheTestBlocking(_ path: String) {
    let release = SignalFixtureRelease(path: path)
    release.sayWaiting()
    let deadline = Date().addingTimeInterval(90)
    while !release.isThere, Date() < deadline { Thread.sleep(forTimeInterval: 0.02) }
}

/// The file the test makes to let the example at `path` go on.
struct SignalFixtureRelease: Sendable {
    var path: String
    var file: String {
        (ProcessInfo.processInfo.environment["SIGNAL_FIXTURE_RELEASE"] ?? "/nonexistent") + "/" + path
    }
    var isThere: Bool { FileManager.default.fileExists(atPath: file) }
    func sayWaiting() { FileHandle.standardError.write(Data("waiting: \(path)\n".utf8)) }
}

/// XCTest runs the tests in the order of their names.
final class ProgressSignalFixtures: Rundown.TestCase {
    override func setUpWithError() throws {
        try skipUnlessFixturesRun(for: "ProgressSignalOutputTests")
    }

    func testAWaitsInATask() async throws {
        try await spec("Signal") {
            it("waits for the test") { try await waitForTheTest("Signal, waits for the test") }
            it("goes on") { print("ran: Signal, goes on") }
        }
    }

    func testBWaitsOnTheMainThread() throws {
        try spec("Blocked") {
            it("waits for the test") { waitForTheTestBlocking("Blocked, waits for the test") }
            it("goes on") { print("ran: Blocked, goes on") }
        }
    }
}

@Suite(.fixture(for: "ProgressSignalOutputTests"))
struct ProgressSignalSwiftTestingFixtures {
    @Test func waitsInATask() async throws {
        try await spec("Signal") {
            it("waits for the test") { try await waitForTheTest("Signal, waits for the test") }
            it("goes on") { print("ran: Signal, goes on") }
        }
    }
}
