import Rundown
import RundownCore
import RundownTestSupport
import XCTest

/// Behaviour#Toolkit-waits-show-in-progress-reports in an XCTest method: a wait in a spec is on
/// its element's progress report, and a wait that gives up fails the element with that report,
/// at the element's line.
final class WaitReportXCTests: CheckedTestCase {
    func testAGateArrivalIsOnTheReportOfItsElement() async throws {
        let seen = Locked<String?>(nil)
        let failures = try await capturingFailures {
            try await spec("Pager") {
                it("loads") {
                    let reply = Gate("xctest: server replied")
                    let loading = Task(name: "loader") { try await reply.arrive(within: patience) }
                    try await reply.waitUntilParked(within: patience)
                    seen.withLock { $0 = ProgressBoard.reportOfCurrentClosure() }
                    reply.open()
                    try await loading.value
                }
            }
        }
        XCTAssertEqual(failures, [])
        let text = try XCTUnwrap(seen.withLock { $0 })
        XCTAssertTrue(text.contains("Pager, loads"), text)
        XCTAssertTrue(
            text.contains(
                "waits on Gate \"xctest: server replied\" (not opened; 1 parked: 1. \"Pager, loads\" (task \"loader\"))"
            ),
            text)
    }

    func testAGateNeverOpenedFailsTheExampleWithItsReport() async throws {
        let failures = try await capturingFailures {
            try await spec("Pager") {
                it("waits for the reply") {  // line: xctest never opened
                    try await Gate("xctest: reply").arrive(within: .milliseconds(50))
                }
            }
        }
        XCTAssertEqual(failures.count, 1)
        let failure = try XCTUnwrap(failures.first)
        XCTAssertEqual(failure.file, #filePath)
        XCTAssertEqual(failure.line, SourceLine.marked("xctest never opened"))
        let lines = failure.message.split(separator: "\n", omittingEmptySubsequences: false)
        XCTAssertTrue(
            lines.first?.hasSuffix(
                "Pager, waits for the reply: Gate 'xctest: reply' was never opened: a caller stayed parked for 0.05 "
                    + "seconds waiting for open(). Call open() on this gate once the test has done what the caller "
                    + "waits for.") == true, failure.message)
        XCTAssertTrue(lines.dropFirst().first?.hasPrefix("Pager, waits for the reply") == true, failure.message)
        XCTAssertTrue(
            failure.message.contains(
                "\n  waits on Gate \"xctest: reply\" (not opened; 1 parked: 1. \"Pager, waits for the reply\""),
            failure.message)
    }

    func testALockDeadlineFailsTheExampleWithTheReportNamingTheHolder() async throws {
        let failures = try await capturingFailures {
            try await spec("Cache") {
                it("waits in line") {  // line: xctest lock deadline
                    let lock = AsyncLock("xctest: busy")
                    let release = Gate("xctest: release")
                    let holder = Task(name: "holder") {
                        try await lock.withLock { try await release.arrive(within: patience) }
                    }
                    try await release.waitUntilParked(within: patience)
                    do {
                        try await lock.withLock(within: .milliseconds(50)) {}
                    } catch {
                        release.open()
                        try await holder.value
                        throw error
                    }
                }
            }
        }
        XCTAssertEqual(failures.count, 1)
        let failure = try XCTUnwrap(failures.first)
        XCTAssertEqual(failure.line, SourceLine.marked("xctest lock deadline"))
        XCTAssertTrue(
            failure.message.contains(
                "\n  waits on AsyncLock \"xctest: busy\": held by \"Cache, waits in line\" (task \"holder\") for "),
            failure.message)
        XCTAssertTrue(failure.message.contains("; waiting: 1. \"Cache, waits in line\""), failure.message)
    }

    func testAnEventuallyThatGivesUpFailsAtItsCallWithTheReport() async throws {
        let failures = try await capturingFailures {
            try await spec("Export") {
                it("writes the file") {
                    try await eventually("xctest: the file", within: .milliseconds(50)) {  // line: xctest eventually
                        false
                    }
                }
            }
        }
        XCTAssertEqual(failures.count, 1)
        let failure = try XCTUnwrap(failures.first)
        XCTAssertEqual(failure.line, SourceLine.marked("xctest eventually"))
        XCTAssertTrue(
            failure.message.contains(
                "\n  waits on eventually(\"xctest: the file\") at RundownXCTests/WaitReportXCTests.swift:"),
            failure.message)
        XCTAssertTrue(failure.message.contains("check(s) so far, last seen false; "), failure.message)
    }
}
