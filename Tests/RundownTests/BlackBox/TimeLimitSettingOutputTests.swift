#if os(Linux)
import Foundation
import RundownTestSupport
import Testing

/// Behaviour#Default-time-limit, black-box: `RUNDOWN_TIME_LIMIT=1s` given to a
/// child run of this test binary on `TimeLimitSettingFixtures.swift` (XCTest,
/// then Swift Testing) or to `RundownNoHostFixture`. An async example stuck on
/// a gate nobody opens (for two minutes) is cancelled at the limit and fails
/// naming its path, the limit and the setting, with the report of what it ran and the gate it
/// waited on (Behaviour#Progress-reports), and the next example runs; a
/// sync example that sleeps 2 s fails when it ends, saying by how much. A grace
/// period of 30 s (`RUNDOWN_GRACE_PERIOD`) keeps a busy machine from turning
/// the cancelled gate wait into one left running. One child at a time.
@Suite(.serialized, .enabled(if: HostOutput.testBinary != nil, "needs the SwiftPM test binary"))
struct TimeLimitSettingOutputTests {
    static let fixturesFile = "Tests/RundownHostFixtures/TimeLimitSettingFixtures.swift"
    static let settings = ["RUNDOWN_TIME_LIMIT": "1s", "RUNDOWN_GRACE_PERIOD": "30s"]

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

    static func ran(_ run: HostOutput.Run) -> [String] {
        run.lines.filter { $0.hasPrefix("ran: ") }.map { String($0.dropFirst(5)) }
    }

    /// What the gate example's failure says after its path.
    static func gateFailure(_ path: String) -> String {
        "the time limit of 1 second (RUNDOWN_TIME_LIMIT) of \(path) expired; it was cancelled; find what takes so long, or give it a '.timeLimit(_:)' of its own, or raise RUNDOWN_TIME_LIMIT"
    }

    /// The line of the gate example's report that names the gate it waited on.
    static func gateWait(_ path: String) -> String {
        "  waits on Gate \"never opened\" (not opened; 1 parked: 1. \"\(path)\")"
    }

    /// Whether `text` says the sleeping example ran past the 1 s limit, by 1 s or more (it slept 2 s). The
    /// normalised output writes a time with a fraction as `TIME` (`2.013 seconds`, and mostly the overrun
    /// too); the in-process tests check the numbers.
    static func saysOverrun(_ text: String) -> Bool {
        let limit =
            "past the time limit of 1 second (RUNDOWN_TIME_LIMIT); a synchronous spec cannot be interrupted, so it failed when it ended"
        guard text.contains(limit),
            let match = text.firstMatch(of: /ran TIME seconds, (TIME seconds|[0-9]+ seconds?) past/)
        else { return false }
        let over = match.output.1
        return over == "TIME seconds" || (Int(over.prefix { $0.isNumber }) ?? 0) >= 1
    }

    @Test func xcTestCancelsTheGateWaitAtTheLimitAndFailsTheSleeperAfterItEnds() async throws {
        let fixtures = try SourceFile(Self.fixturesFile)
        let gateLine = fixtures.line(of: "it(\"waits\")", in: "testAStuckOnAGate")
        let sleepLine = fixtures.line(of: "it(\"sleeps\")", in: "testBSleepsPastTheLimit")
        let run = try await Self.run(Self.testBinary, ["RundownHostFixtures.TimeLimitSettingFixtures"])
        #expect(run.status == 1)
        #expect(Self.ran(run) == ["Gate, goes on", "Sleep, goes on"])
        let errors = run.lines.filter { $0.contains(": error: ") }
        #expect(errors.count == 2)
        #expect(
            errors.first
                == "\(Self.fixturesFile):\(gateLine): error: TimeLimitSettingFixtures.testAStuckOnAGate : Gate, waits: \(Self.gateFailure("Gate, waits"))"
        )
        // The failure's next line is the progress report made when the limit expired.
        let afterGate = run.lines.firstIndex { $0 == errors.first }.map { $0 + 1 }
        #expect(
            afterGate.map { ReportTimes.masked(run.lines[$0]) }
                == "when the limit expired: Gate, waits: its body (TimeLimitSettingFixtures.swift:\(gateLine)), running for N s"
        )
        // Then the wait it was in: the gate, by name (Behaviour#Toolkit-waits-show-in-progress-reports).
        #expect(afterGate.map { run.lines[$0 + 1] } == Self.gateWait("Gate, waits"))
        let sleeper = try #require(errors.last)
        #expect(
            sleeper.hasPrefix(
                "\(Self.fixturesFile):\(sleepLine): error: TimeLimitSettingFixtures.testBSleepsPastTheLimit : Sleep, sleeps: Sleep, sleeps ran "
            ), "\(sleeper)")
        #expect(Self.saysOverrun(sleeper), "\(sleeper)")
    }

    @Test func swiftTestingCancelsTheGateWaitAtTheLimitAndFailsTheSleeperAfterItEnds() async throws {
        let fixtures = try SourceFile(Self.fixturesFile)
        let gate = fixtures.position(of: "(\"waits\")", in: "func stuckOnAGate")
        let sleep = fixtures.position(of: "(\"sleeps\")", in: "func sleepsPastTheLimit")
        let run = try await Self.run(
            Self.testBinary,
            [
                "--testing-library", "swift-testing", "--filter",
                "RundownHostFixtures.TimeLimitSettingSwiftTestingFixtures",
            ])
        #expect(run.status == 1)
        #expect(Self.ran(run) == ["Gate, goes on", "Sleep, goes on"])
        let issues = HostOutput.events(run.lines).filter { $0.first?.contains(" recorded an issue") == true }
        #expect(issues.count == 2)
        let stuck =
            "✘ Test stuckOnAGate() recorded an issue at TimeLimitSettingFixtures.swift:\(gate.line):\(gate.column): Caught error: \(Self.gateFailure("Gate, waits"))"
        #expect(issues.first?.first == stuck)
        // The issue's next lines: the progress report made when the limit expired (then the toolkit's waits),
        // then the path.
        let following =
            run.lines.firstIndex(of: stuck).map {
                Array(run.lines[($0 + 1)...].prefix(while: { !$0.hasPrefix("ran: ") }))
            } ?? []
        #expect(
            following.first.map(ReportTimes.masked)
                == "when the limit expired: Gate, waits: its body (TimeLimitSettingFixtures.swift:\(gate.line)), running for N s",
            "\(following)")
        #expect(following.dropFirst().first == Self.gateWait("Gate, waits"), "\(following)")
        #expect(following.last == "↳ Gate, waits")
        let sleeper = try #require(issues.last)
        #expect(
            sleeper.first?.hasPrefix(
                "✘ Test sleepsPastTheLimit() recorded an issue at TimeLimitSettingFixtures.swift:\(sleep.line):\(sleep.column): Caught error: Sleep, sleeps ran "
            ) == true, "\(sleeper)")
        #expect(sleeper.first.map(Self.saysOverrun) == true, "\(sleeper)")
        #expect(sleeper.dropFirst() == ["↳ Sleep, sleeps"])
    }

    @Test func withNoHostEachSpecThrowsItsTimeLimitFailureAndTheNextExampleRuns() async throws {
        let main = HostOutput.root + "Tests/RundownNoHostFixture/main.swift"
        let gateLine = SourceLine.marked("no host gate wait", in: main)
        let sleepLine = SourceLine.marked("no host sleep", in: main)
        let binary = try Self.testBinary.deletingLastPathComponent().appendingPathComponent("RundownNoHostFixture")
        let run = try await Self.run(binary, ["time-limit"])
        #expect(run.status == 0)
        #expect(Self.ran(run) == ["No host gate, goes on", "No host sleep, goes on"])
        let thrown = run.lines.filter { $0.hasPrefix("thrown: ") || $0.hasPrefix("at: ") }
        #expect(thrown.count == 4)
        // The failure's report names the gate (Behaviour#Toolkit-waits-show-in-progress-reports).
        let gateAt = run.lines.firstIndex { $0.hasPrefix("thrown: No host gate, waits: ") }
        #expect(
            gateAt.map { run.lines[($0 + 1)...].prefix(2).map(ReportTimes.masked) } == [
                "when the limit expired: No host gate, waits: its body (main.swift:\(gateLine)), running for N s",
                Self.gateWait("No host gate, waits"),
            ])
        #expect(thrown.first == "thrown: No host gate, waits: \(Self.gateFailure("No host gate, waits"))")
        #expect(thrown.dropFirst().first == "at: RundownNoHostFixture/main.swift:\(gateLine)")
        let sleeper = thrown.dropFirst(2).first ?? ""
        #expect(sleeper.hasPrefix("thrown: No host sleep, sleeps: No host sleep, sleeps ran "), "\(sleeper)")
        #expect(Self.saysOverrun(sleeper), "\(sleeper)")
        #expect(thrown.last == "at: RundownNoHostFixture/main.swift:\(sleepLine)")
    }
}
#endif
