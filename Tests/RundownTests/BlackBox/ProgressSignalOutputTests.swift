#if os(Linux)
import Foundation
import RundownTestSupport
import Testing

/// Behaviour#A-signal-asks-for-a-progress-report, black-box: a child run of
/// this test binary on `ProgressSignalFixtures.swift` (XCTest, then Swift
/// Testing) or of `RundownNoHostFixture` says that an example waits; the test
/// sends it `SIGUSR1`, and the report of what runs comes while the example
/// still waits (the test lets it go on only once it has read it); then the run
/// completes normally, the next example included. With
/// `RUNDOWN_PROGRESS_SIGNAL=off`, the signal's default action ends the child.
/// No test checks how fast the report came: a busy machine may take seconds
/// to schedule the child, and every wait here is bounded by what only a hang
/// exceeds.
@Suite(.serialized, .enabled(if: HostOutput.testBinary != nil, "needs the SwiftPM test binary"))
struct ProgressSignalOutputTests {
    static let bound: Duration = .seconds(100)

    static var testBinary: URL {
        get throws { URL(fileURLWithPath: try #require(HostOutput.testBinary)) }
    }

    static var noHostFixture: URL {
        get throws { try testBinary.deletingLastPathComponent().appendingPathComponent("RundownNoHostFixture") }
    }

    static let xcTest = ["RundownHostFixtures.ProgressSignalFixtures"]
    static let swiftTesting = [
        "--testing-library", "swift-testing", "--filter", "RundownHostFixtures.ProgressSignalSwiftTestingFixtures",
    ]

    /// What a child's run showed.
    struct Run {
        var lines: [String]
        var ending: RunningChild.Ending?
        /// Each report, its header first, and for each wait the reports written
        /// after the child said it waited there and before the test let it go on.
        var reports: [[String]]
        var reportsAtWaits: [Int]
    }

    /// Runs `binary`; at each of `waits` (example paths, in the order the child
    /// reaches them), once the child says it waits there, sends it `SIGUSR1`,
    /// waits for a report written after that, and then lets it go on.
    static func signalAtEachWait(
        _ binary: URL, _ arguments: [String], waits: [String], settings: [String: String] = [:]
    ) async throws -> Run {
        let release = FileManager.default.temporaryDirectory.appendingPathComponent("signal-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: release, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: release) }
        let child = RunningChild(binary, arguments, environment: environment(settings, release: release.path))
        defer { if child.ending == nil { child.send(SIGKILL) } }
        var reportsAtWaits: [Int] = []
        for path in waits {
            let waiting = await child.wait(within: bound) { $0.contains("waiting: \(path)") }
            try #require(waiting, "the child never said it waits at \(path): \(child.lines)")
            #expect(child.send(SIGUSR1))
            _ = await child.wait(within: bound) { reports(in: $0, after: "waiting: \(path)") > 0 }
            reportsAtWaits.append(reports(in: child.lines, after: "waiting: \(path)"))
            #expect(FileManager.default.createFile(atPath: release.appendingPathComponent(path).path, contents: nil))
        }
        let ending = await child.end(within: bound)
        let lines = child.lines
        return Run(lines: lines, ending: ending, reports: reports(in: lines), reportsAtWaits: reportsAtWaits)
    }

    static func environment(_ settings: [String: String], release: String) -> [String: String] {
        var environment = ProcessInfo.processInfo.environment.filter {
            !$0.key.hasPrefix("RUNDOWN_") && $0.key != "CI"
        }
        environment["NO_COLOR"] = "1"
        environment["RUNDOWN_FIXTURES"] = "1"
        environment["SIGNAL_FIXTURE_RELEASE"] = release
        environment.merge(settings) { $1 }
        return environment
    }

    static let header = "Rundown: progress report (SIGUSR1)"

    /// A setting under which every walk tracks its closures, as on CI, and
    /// which prints no report of its own in a child's few seconds.
    static let tracking = ["RUNDOWN_PROGRESS_AFTER": "10m"]

    /// How many report headers follow the line `marker`.
    static func reports(in lines: [String], after marker: String) -> Int {
        guard let start = lines.firstIndex(of: marker) else { return 0 }
        return lines[start...].filter { $0.hasPrefix(header) }.count
    }

    /// Each report in `lines`: its header and the indented lines after it (one write, so they stay
    /// together), each line prefixed with `Rundown: `.
    static func reports(in lines: [String]) -> [[String]] {
        var reports: [[String]] = []
        var inReport = false
        for line in lines {
            if line.hasPrefix("Rundown: progress report (") {
                reports.append([line])
                inReport = true
            } else if inReport, line.hasPrefix("Rundown:   ") {
                reports[reports.count - 1].append(line)
            } else {
                inReport = false
            }
        }
        return reports
    }

    static let fixturesFile = "Tests/RundownHostFixtures/ProgressSignalFixtures.swift"

    /// `report` with what changes from run to run taken out: durations (`3.2 s`) and, of the
    /// `eventually`, its checks so far and what it saw last.
    static func normalised(_ report: [String]) -> [String] {
        report.map { line in
            line.replacing(/\d+\.\d s/, with: "T s").replacing(
                /: \d+ check\(s\) so far, last seen [^;]*;/, with: ": N check(s) so far, last seen LAST;")
        }
    }

    /// The report of the fixtures' asynchronous example at `path`, declared on `line`, in `test`: its
    /// body waits in the `eventually` of `waitForTheTest`.
    static func asyncReport(test: String, spec: String, path: String, line: Int) throws -> [String] {
        let wait = try SourceFile(fixturesFile).position(
            of: "(\"the test has read the report\"", in: "func waitForTheTest(")
        return [
            header,
            "Rundown:   test \"\(test)\" · spec \"\(spec)\"",
            "Rundown:     \(path): its body (ProgressSignalFixtures.swift:\(line)), running for T s",
            "Rundown:       waits on eventually(\"the test has read the report\") at RundownHostFixtures/ProgressSignalFixtures.swift:\(wait.line):\(wait.column): N check(s) so far, last seen LAST; T s left of T s",
        ]
    }

    @Test func xcTestPrintsAReportAtEachSignalAndTheRunGoesOn() async throws {
        let fixtures = try SourceFile(Self.fixturesFile)
        let waits = ["Signal, waits for the test", "Blocked, waits for the test"]
        // Every closure tracked, as on CI: the report names the blocked one too.
        let run = try await Self.signalAtEachWait(Self.testBinary, Self.xcTest, waits: waits, settings: Self.tracking)
        #expect(run.ending == RunningChild.Ending(status: 0, bySignal: false), "\(run.lines)")
        #expect(run.reportsAtWaits == [1, 1], "\(run.lines)")
        #expect(
            run.reports.map(Self.normalised) == [
                try Self.asyncReport(
                    test: "ProgressSignalFixtures.testAWaitsInATask", spec: "Signal", path: waits[0],
                    line: fixtures.line(of: "it(\"waits for the test\")", in: "func testAWaitsInATask")),
                [
                    Self.header,
                    "Rundown:   test \"ProgressSignalFixtures.testBWaitsOnTheMainThread\" · spec \"Blocked\"",
                    "Rundown:     Blocked, waits for the test: its body (ProgressSignalFixtures.swift:\(fixtures.line(of: "it(\"waits for the test\")", in: "func testBWaitsOnTheMainThread"))), running for T s",
                ],
            ], "\(run.lines)")
        #expect(run.lines.filter { $0.hasPrefix("ran: ") } == ["ran: Signal, goes on", "ran: Blocked, goes on"])
    }

    @Test func swiftTestingPrintsAReportAtTheSignalAndTheRunGoesOn() async throws {
        let fixtures = try SourceFile(Self.fixturesFile)
        let path = "Signal, waits for the test"
        // With no setting, as on a developer's machine: the walk does not track its closures, so the report
        // names the walk with its time and the closure through its wait in the toolkit.
        let run = try await Self.signalAtEachWait(Self.testBinary, Self.swiftTesting, waits: [path])
        #expect(run.ending == RunningChild.Ending(status: 0, bySignal: false), "\(run.lines)")
        #expect(run.reportsAtWaits == [1], "\(run.lines)")
        var tracked = try Self.asyncReport(
            test: "waitsInATask()", spec: "Signal", path: path,
            line: fixtures.line(of: "it(\"waits for the test\")", in: "func waitsInATask"))
        tracked[1] += ": running for T s"
        tracked[2] = String(tracked[2].dropLast(", running for T s".count))
        tracked.append(
            "Rundown:   (a spec's closure is named while it waits in the toolkit; set RUNDOWN_PROGRESS_AFTER, as CI "
                + "does, to name every closure that runs)")
        #expect(run.reports.map(Self.normalised) == [tracked], "\(run.lines)")
        #expect(run.lines.filter { $0.hasPrefix("ran: ") } == ["ran: Signal, goes on"])
    }

    @Test func withNoHostAReportComesWhileTheMainThreadIsBlocked() async throws {
        let line = SourceLine.marked(
            "no host signal wait", in: HostOutput.root + "Tests/RundownNoHostFixture/main.swift")
        let path = "No host signal, waits for the test"
        let run = try await Self.signalAtEachWait(
            Self.noHostFixture, ["progress-signal"], waits: [path], settings: Self.tracking)
        #expect(run.ending == RunningChild.Ending(status: 0, bySignal: false), "\(run.lines)")
        #expect(run.reportsAtWaits == [1], "\(run.lines)")
        #expect(
            run.reports.map(Self.normalised) == [
                [
                    Self.header, "Rundown:   spec \"No host signal\"",
                    "Rundown:     \(path): its body (main.swift:\(line)), running for T s",
                ]
            ], "\(run.lines)")
        #expect(run.lines.filter { $0.hasPrefix("ran: ") } == ["ran: No host signal, goes on"])
        #expect(run.lines.contains("returned normally"))
    }

    /// `RUNDOWN_PROGRESS_SIGNAL=off`: Rundown leaves `SIGUSR1` alone, and its
    /// default action ends the process, in every host.
    @Test(arguments: ["xctest", "swift-testing", "no host"])
    func withTheSignalOffItsDefaultActionEndsTheProcess(_ host: String) async throws {
        let (binary, arguments, path) =
            switch host {
            case "xctest": (try Self.testBinary, Self.xcTest, "Signal, waits for the test")
            case "swift-testing": (try Self.testBinary, Self.swiftTesting, "Signal, waits for the test")
            default: (try Self.noHostFixture, ["progress-signal"], "No host signal, waits for the test")
            }
        let child = RunningChild(
            binary, arguments,
            environment: Self.environment(["RUNDOWN_PROGRESS_SIGNAL": "off"], release: "/nonexistent-signal-release"))
        defer { if child.ending == nil { child.send(SIGKILL) } }
        let waiting = await child.wait(within: Self.bound) { $0.contains("waiting: \(path)") }
        try #require(waiting, "the child never said it waits: \(child.lines)")
        #expect(child.send(SIGUSR1))
        let ending = await child.end(within: Self.bound)
        #expect(ending == RunningChild.Ending(status: SIGUSR1, bySignal: true), "\(child.lines)")
        #expect(!child.lines.contains { $0.hasPrefix("Rundown: progress report") })
        #expect(!child.lines.contains { $0.hasPrefix("ran: ") })
    }
}
#endif
