#if os(Linux)
import Foundation
import RundownTestSupport
import Testing

/// Behaviour#Repeated-examples and Behaviour#The-tree-report, black-box: what a
/// user reads in `swift test` (`RepetitionReportFixtures.swift`, in child
/// processes of this test binary, and `RundownNoHostFixture`) about examples
/// that repeated, once per spec and in every host, and the tree of a `Spec`
/// argument that the filter left out. Before, a run whose repetitions all
/// passed said nothing, `until-failure` warned once for every example that
/// never failed, and the left-out argument's tree was a heading alone.
@Suite(.enabled(if: HostOutput.testBinary != nil, "needs the SwiftPM test binary"))
struct RepetitionReportOutputTests {
    /// The three hosts, as a test argument: the arguments of the test binary
    /// (`nil` for the program with no test framework) and the spec's name.
    enum Host: String, CaseIterable, CustomTestStringConvertible {
        case swiftTesting, xcTest, none

        var testDescription: String { rawValue }

        var repeatSpec: String {
            switch self {
            case .swiftTesting: "Repeat ST"
            case .xcTest: "Repeat XC"
            case .none: "Repeat no host"
            }
        }
    }

    /// Runs the fixtures of `host` (`suite` for the frameworks, `scenario` with no host), with
    /// `settings` and no other `RUNDOWN_*` setting or `CI` of this process's.
    static func run(
        _ host: Host, suite: String, scenario: String, _ settings: [String: String]
    ) async throws -> HostOutput.Run {
        var environment = ProcessInfo.processInfo.environment.filter {
            !$0.key.hasPrefix("RUNDOWN_") && $0.key != "CI"
        }
        environment["RUNDOWN_FIXTURES"] = "1"
        environment["NO_COLOR"] = "1"
        environment.merge(settings) { $1 }
        let testBinary = URL(fileURLWithPath: try #require(HostOutput.testBinary))
        let (binary, arguments): (URL, [String]) =
            switch host {
            case .swiftTesting:
                (testBinary, ["--testing-library", "swift-testing", "--filter", "RundownHostFixtures.\(suite)"])
            case .xcTest: (testBinary, ["RundownHostFixtures.\(suite)"])
            case .none:
                (testBinary.deletingLastPathComponent().appendingPathComponent("RundownNoHostFixture"), [scenario])
            }
        let run = try await ChildProcess.run(binary, arguments, environment: environment)
        return HostOutput.Run(status: run.status, lines: try await HostOutput.lines(of: run.output))
    }

    static func repeatRun(_ host: Host, _ settings: [String: String]) async throws -> HostOutput.Run {
        let suite = host == .swiftTesting ? "RepeatSwiftTestingFixtures" : "RepeatXCTestFixtures"
        return try await run(host, suite: suite, scenario: "repeated", settings)
    }

    /// What says anything about repetitions, retries or flakiness, and every warning.
    static func said(_ run: HostOutput.Run) -> [String] {
        run.lines.filter {
            $0.contains("repeat") || $0.contains("until-failure") || $0.contains("warning")
        }
    }

    // reaches: RundownWarning.repeated
    @Test(arguments: Host.allCases)
    func aRepeatThatPassesSaysOnceHowManyRepetitionsRan(_ host: Host) async throws {
        let run = try await Self.repeatRun(host, ["RUNDOWN_REPEAT": "3"])
        #expect(run.status == 0, "\(run.lines)")
        #expect(run.lines.filter { $0.hasPrefix("ran: ") }.count == 6, "\(run.lines)")
        #expect(
            Self.said(run) == ["Rundown: '\(host.repeatSpec)': 2 examples repeated, 6 repetitions in all"],
            "\(run.lines)")
    }

    /// `until-failure` that finds no failure said so once for every example, as a warning
    /// (a Swift Testing warning issue each): now the spec's one line says where it stopped.
    @Test(arguments: Host.allCases)
    func untilFailureThatFindsNothingSaysWhereItStoppedOncePerSpec(_ host: Host) async throws {
        let run = try await Self.repeatRun(host, ["RUNDOWN_REPEAT": "until-failure:4"])
        #expect(run.status == 0, "\(run.lines)")
        #expect(run.lines.filter { $0.hasPrefix("ran: ") }.count == 8, "\(run.lines)")
        #expect(
            Self.said(run) == [
                "Rundown: '\(host.repeatSpec)': 2 examples repeated, 8 repetitions in all; "
                    + "until-failure found no failure and stopped 2 at its cap of 4 repetitions"
            ], "\(run.lines)")
        if host == .swiftTesting {
            #expect(run.lines.contains("✔ Test twoExamples() passed after TIME seconds."), "\(run.lines)")
        }
    }

    @Test func theTreeEndsWithTheLineOfRepetitions() async throws {
        let run = try await Self.repeatRun(.xcTest, ["RUNDOWN_REPEAT": "2", "RUNDOWN_REPORT": "tree"])
        let start = try #require(
            run.lines.firstIndex(of: "Rundown tree of RepeatXCTestFixtures.testTwoExamples, spec 'Repeat XC':"),
            "\(run.lines)")
        #expect(
            run.lines[start...].prefix(5).map { $0.replacing(/\(\d+\.\d{3} s\)/, with: "(t)") } == [
                "Rundown tree of RepeatXCTestFixtures.testTwoExamples, spec 'Repeat XC':",
                "  Repeat XC",
                "    ✔ adds (t)",
                "    ✔ removes (t)",
                "  'Repeat XC': 2 examples repeated, 4 repetitions in all",
            ])
    }

    /// The tree of a `Spec` argument that the filter left out was its heading
    /// alone: it says the example was left out, as a spec's says how many were.
    // reaches: RundownWarning.exampleFilteredOut
    @Test(arguments: Host.allCases)
    func theTreeOfASpecArgumentTheFilterLeftOutSaysSo(_ host: Host) async throws {
        let suite = host == .swiftTesting ? "SpecArgumentSwiftTestingFixtures" : "SpecArgumentXCTestFixtures"
        let run = try await Self.run(
            host, suite: suite, scenario: "spec-arguments", ["RUNDOWN_REPORT": "tree", "RUNDOWN_FILTER": "pops"])
        #expect(run.status == 0, "\(run.lines)")
        let spec = host == .none ? "Stack no host" : "Stack argument"
        // Swift Testing names the test; a `Spec.Example` run in an XCTest method, or with no test, has no name.
        let heading = "Rundown tree of \(host == .swiftTesting ? "stack(_:), " : "")spec '\(spec)':"
        let trees = run.lines.indices.filter { run.lines[$0] == heading }
        try #require(trees.count == 2, "\(run.lines)")
        let leftOut = trees.filter { run.lines[$0 + 1] == "  '\(spec), pushes': filtered out (RUNDOWN_FILTER=pops)" }
        #expect(leftOut.count == 1, "\(run.lines)")
        let ran = trees.filter { run.lines[$0 + 1] == "  \(spec)" }
        try #require(ran.count == 1, "\(run.lines)")
        #expect(run.lines[ran[0] + 2].hasPrefix("    ✔ pops ("), "\(run.lines)")
        #expect(run.lines.filter { $0.hasPrefix("ran: ") } == ["ran: \(spec), pops"])
    }
}
#endif
