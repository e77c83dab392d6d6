#if os(Linux)
import Foundation
import RundownTestSupport
import Testing

/// Behaviour#Progress-reports and Behaviour#Toolkit-waits-show-in-progress-reports, black-box:
/// `RUNDOWN_PROGRESS_AFTER=1s RUNDOWN_PROGRESS_EVERY=1s` given to a child run of this test binary
/// on `ProgressReportFixtures.swift` (XCTest, then Swift Testing) or to `RundownNoHostFixture`.
/// An example that holds an `AsyncLock` for 3 s while a task it started waits for it, and an
/// example waiting 3 s in `eventually`, are each reported on standard error at least twice:
/// the test and spec, the path, its body with file:line, for how long, the lock's holder and
/// waiter, the `eventually`'s description; every line of a report starts with `Rundown:` and the
/// run passes. One child at a time.
@Suite(.serialized, .enabled(if: HostOutput.testBinary != nil, "needs the SwiftPM test binary"))
struct ProgressReportOutputTests {
    static let fixturesFile = "Tests/RundownHostFixtures/ProgressReportFixtures.swift"
    static let settings = ["RUNDOWN_PROGRESS_AFTER": "1s", "RUNDOWN_PROGRESS_EVERY": "1s"]

    private static func run(_ binary: URL, _ arguments: [String]) async throws -> HostOutput.Run {
        var environment = ProcessInfo.processInfo.environment.filter {
            !$0.key.hasPrefix("RUNDOWN_") && $0.key != "CI"
        }
        environment["NO_COLOR"] = "1"
        environment["RUNDOWN_FIXTURES"] = "1"
        environment.merge(settings) { $1 }
        let run = try await ChildProcess.run(binary, arguments, environment: environment, timeout: .seconds(100))
        return HostOutput.Run(status: run.status, lines: try await HostOutput.lines(of: run.output))
    }

    static var testBinary: URL {
        get throws { URL(fileURLWithPath: try #require(HostOutput.testBinary)) }
    }

    /// Checks the reports in `lines`: the spec `spec`, its examples declared at `lockLine` and
    /// `pollLine` of `file` (as a report names it), each reported at least twice with its waits.
    static func checkReports(
        _ lines: [String], spec: String, file: String, lockLine: Int, pollLine: Int, test: Bool,
        sourceLocation: SourceLocation = #_sourceLocation
    ) {
        let reports = lines.filter { $0.hasPrefix("Rundown: progress report") }
        #expect(
            reports.allSatisfy { $0 == "Rundown: progress report (running for more than 1 s)" }, "\(reports)",
            sourceLocation: sourceLocation)
        let masked = lines.map(ReportTimes.masked)
        func count(_ line: String) -> Int { masked.filter { $0 == line }.count }
        func count(containing parts: String...) -> Int {
            masked.filter { line in line.hasPrefix("Rundown:") && parts.allSatisfy { line.contains($0) } }.count
        }
        // The heading names the test (under a framework) and the spec.
        let headings = count(containing: "Rundown:   ", "spec \"\(spec)\"")
        #expect(headings >= 4, "\(masked)", sourceLocation: sourceLocation)
        #expect(
            count(containing: "Rundown:   test \"", "\" · spec \"\(spec)\"") == (test ? headings : 0), "\(masked)",
            sourceLocation: sourceLocation)
        // The lock holder's body, its line, and the lock's holder and waiter, at least twice.
        let holder = "\(spec), holds a lock"
        #expect(
            count("Rundown:     \(holder): its body (\(file):\(lockLine)), running for N s") >= 2, "\(masked)",
            sourceLocation: sourceLocation)
        #expect(
            count(
                containing: "Rundown:       waits on AsyncLock \"db\": held by \"\(holder)\"",
                "waiting: 1. \"\(holder)\" (task \"writer\")") >= 2, "\(masked)", sourceLocation: sourceLocation)
        // The polling example, and its eventually's description, at least twice.
        #expect(
            count("Rundown:     \(spec), polls: its body (\(file):\(pollLine)), running for N s") >= 2, "\(masked)",
            sourceLocation: sourceLocation)
        #expect(
            count(containing: "Rundown:       waits on eventually(\"the cache is warm\")") >= 2, "\(masked)",
            sourceLocation: sourceLocation)
    }

    @Test func xcTestReportsTheLockAndTheEventuallyAtLeastTwiceEach() async throws {
        let run = try await Self.run(Self.testBinary, ["RundownHostFixtures.ProgressReportFixtures"])
        #expect(run.status == 0, "\(run.lines)")
        let path = HostOutput.root + Self.fixturesFile
        Self.checkReports(
            run.lines, spec: "Progress", file: "ProgressReportFixtures.swift",
            lockLine: SourceLine.marked("xctest lock holder", in: path),
            pollLine: SourceLine.marked("xctest eventually", in: path), test: true)
    }

    @Test func swiftTestingReportsTheLockAndTheEventuallyAtLeastTwiceEach() async throws {
        let run = try await Self.run(
            Self.testBinary,
            [
                "--testing-library", "swift-testing", "--filter",
                "RundownHostFixtures.ProgressReportSwiftTestingFixtures",
            ])
        #expect(run.status == 0, "\(run.lines)")
        let path = HostOutput.root + Self.fixturesFile
        Self.checkReports(
            run.lines, spec: "Progress", file: "ProgressReportFixtures.swift",
            lockLine: SourceLine.marked("testing lock holder", in: path),
            pollLine: SourceLine.marked("testing eventually", in: path), test: true)
    }

    @Test func withNoHostTheReportsComeAllTheSame() async throws {
        let main = HostOutput.root + "Tests/RundownNoHostFixture/main.swift"
        let binary = try Self.testBinary.deletingLastPathComponent().appendingPathComponent("RundownNoHostFixture")
        let run = try await Self.run(binary, ["progress"])
        #expect(run.status == 0, "\(run.lines)")
        #expect(run.lines.last == "returned normally")
        Self.checkReports(
            run.lines, spec: "No host progress", file: "main.swift",
            lockLine: SourceLine.marked("no host lock holder", in: main),
            pollLine: SourceLine.marked("no host eventually", in: main), test: false)
    }
}
#endif
