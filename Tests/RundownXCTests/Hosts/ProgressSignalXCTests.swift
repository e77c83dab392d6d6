import Foundation
import RundownTestSupport
import XCTest

@testable import Rundown

/// Behaviour#A-signal-asks-for-a-progress-report in an XCTest method: a
/// signal while an example waits writes a report that names the method, the
/// example's path and line, and the gate it waits on. `SIGUSR2`, with a
/// source of the test's own, so that the process's `SIGUSR1` source stays
/// out of it.
final class ProgressSignalXCTests: CheckedTestCase {
    func testTheReportOfASignalNamesTheWaitingExampleItsLineAndItsWait() async throws {
        let written = Locked<[String]>([])
        let sources = ProgressSignal.listen(to: [(SIGUSR2, "SIGUSR2")]) { report in
            written.withLock { $0.append(report) }
        }
        defer { for source in sources { source.cancel() } }
        let failures = try await capturingFailures {
            try await spec("Signalled") {
                it("waits for its report") {  // line: xctest signalled example
                    let reply = Gate("xctest signal: reply")
                    let waiter = Task(name: "waiter") { try await reply.arrive(within: patience) }
                    try await reply.waitUntilParked(within: patience)
                    XCTAssertEqual(kill(getpid(), SIGUSR2), 0)
                    try await eventually("the report is written", within: patience) { !written.current.isEmpty }
                    reply.open()
                    try await waiter.value
                }
            }
        }
        XCTAssertEqual(failures, [])
        let report = try XCTUnwrap(written.current.first)
        let line = SourceLine.marked("xctest signalled example")
        XCTAssertTrue(report.hasPrefix("Rundown: progress report (SIGUSR2)\n"), report)
        // Without RUNDOWN_PROGRESS_AFTER, the walk is named with its time, and its closure where that waits in the
        // toolkit; on CI, every closure with its time.
        XCTAssertTrue(report.contains("spec \"Signalled\""), report)
        XCTAssertTrue(
            report.contains(
                "\nRundown:     Signalled, waits for its report: its body (ProgressSignalXCTests.swift:\(line))"
            ), report)
        XCTAssertTrue(
            report.contains(
                "waits on Gate \"xctest signal: reply\" (not opened; 1 parked: 1. \"Signalled, waits for its report\" (task \"waiter\"))"
            ), report)
    }
}
