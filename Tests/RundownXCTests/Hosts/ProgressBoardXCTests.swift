import Foundation
import Rundown
import RundownCore
import RundownTestSupport
import XCTest

/// Behaviour#Progress-reports in an XCTest method: each closure of a spec names itself and the walk is on the process's
/// progress board while it runs, under the XCTest method that runs the spec, and a time limit's
/// failure ends with the report of the closure it stopped, at the element's line.
final class ProgressBoardXCTests: CheckedTestCase {
    private static let file = "ProgressBoardXCTests.swift"

    /// Whether this process's walks track their closures: where `RUNDOWN_PROGRESS_AFTER` is a
    /// duration, or, unset, where `CI` is (Behaviour#Progress-reports).
    private static var closuresTracked: Bool {
        let environment = ProcessInfo.processInfo.environment
        let onCI = !["", "0", "false", "no"].contains(environment["CI"]?.lowercased() ?? "")
        return environment["RUNDOWN_PROGRESS_AFTER"].map { $0 != "off" } ?? onCI
    }

    func testEachClosureIsOnTheBoardUnderItsTestAndSpec() throws {
        let seen = Locked<[String]>([])
        func note(_ lines: [String]) { seen.withLock { $0 += lines } }
        try spec("Progress xctest") {
            beforeEach {  // line: xctest board beforeEach
                note([ReportTimes.masked(ProgressBoard.reportOfCurrentClosure() ?? "nil")])
            }
            it("runs") {  // line: xctest board body
                note([ReportTimes.masked(ProgressBoard.reportOfCurrentClosure() ?? "nil")])
                note(
                    ReportTimes.masked(ProgressBoard.shared.fullReport(reason: "xctest")).split(separator: "\n")
                        .map(String.init).filter { $0.contains("Progress xctest") })
            }
        }
        let body = SourceLine.marked("xctest board body")
        let hookLine = SourceLine.marked("xctest board beforeEach")
        XCTAssertEqual(
            seen.withLock { $0 },
            Self.closuresTracked
                ? [
                    "Progress xctest, runs: its beforeEach hook (\(Self.file):\(hookLine)), running for N s",
                    "Progress xctest, runs: its body (\(Self.file):\(body)), running for N s",
                    "Rundown:   test \"\(name)\" · spec \"Progress xctest\"",
                    "Rundown:     Progress xctest, runs: its body (\(Self.file):\(body)), running for N s",
                ]
                : [
                    "Progress xctest, runs: its beforeEach hook (\(Self.file):\(hookLine))",
                    "Progress xctest, runs: its body (\(Self.file):\(body))",
                    // Without RUNDOWN_PROGRESS_AFTER the walk does not track its closures: it is named with its time.
                    "Rundown:   test \"\(name)\" · spec \"Progress xctest\": running for N s",
                ])
    }

    func testATimeLimitsFailureEndsWithTheReportOfTheClosureItStopped() async throws {
        let failures = try await capturingFailures {
            try await spec("Progress xctest") {
                it("sleeps", .timeLimit(.milliseconds(200))) {  // line: xctest limited
                    let note = ProgressBoard.noteWait { "Thing \"xctest\" (not opened)" }
                    defer { note.end() }
                    try await Task.sleep(for: patience)
                }
            }
        }
        XCTAssertEqual(failures.count, 1)
        let failure = try XCTUnwrap(failures.first)
        let line = SourceLine.marked("xctest limited")
        XCTAssertEqual(failure.file, #filePath)
        XCTAssertEqual(failure.line, line)
        let lines = ReportTimes.masked(failure.message).split(separator: "\n").map(String.init)
        XCTAssertEqual(
            Array(lines.dropFirst()),
            [
                "when the limit expired: Progress xctest, sleeps: its body (\(Self.file):\(line)), running for N s",
                "  waits on Thing \"xctest\" (not opened)",
            ], failure.message)
        XCTAssertTrue(
            lines.first?.contains("the time limit of 0.2 seconds of Progress xctest, sleeps expired; it was cancelled")
                == true, failure.message)
    }
}
