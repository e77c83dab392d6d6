#if os(Linux)
import Foundation
import RundownTestSupport
import Testing

/// Behaviour#Settings-not-understood-fail-on-CI, black-box: a `RUNDOWN_*`
/// variable that is no setting, or a value Rundown cannot read, given to a
/// child run of this test binary on `StrictSettingsFixtures.swift` (XCTest, then
/// Swift Testing) or to `RundownNoHostFixture`. Under `CI` (or
/// `RUNDOWN_STRICT=1`) the first spec of the process fails at its `spec` call
/// with the warning's text, the process exits 1, and the other spec passes;
/// without, or with `RUNDOWN_STRICT=0`, it is one warning and the run passes.
/// One child at a time, as `RunControlOutputTests` does.
@Suite(.serialized, .enabled(if: HostOutput.testBinary != nil, "needs the SwiftPM test binary"))
struct StrictSettingsOutputTests {
    static let fixturesFile = "Tests/RundownHostFixtures/StrictSettingsFixtures.swift"

    /// Runs the fixtures `arguments` select with `settings` and no other
    /// `RUNDOWN_*` or `CI` variable of this process (which may run under `CI` itself).
    static func run(_ arguments: [String], _ settings: [String: String]) async throws -> HostOutput.Run {
        let binary = URL(fileURLWithPath: try #require(HostOutput.testBinary))
        return try await run(binary, arguments, settings.merging(["RUNDOWN_FIXTURES": "1"]) { $1 })
    }

    static func runXCTest(_ settings: [String: String]) async throws -> HostOutput.Run {
        try await run(["RundownHostFixtures.StrictSettingsFixtures"], settings)
    }

    static func runSwiftTesting(_ settings: [String: String]) async throws -> HostOutput.Run {
        try await run(
            [
                "--testing-library", "swift-testing", "--filter",
                "RundownHostFixtures.StrictSettingsSwiftTestingFixtures",
            ],
            settings)
    }

    /// Runs `RundownNoHostFixture`, built beside this test binary, on its strict-settings scenario.
    static func runNoHost(_ settings: [String: String]) async throws -> HostOutput.Run {
        let binary = URL(fileURLWithPath: try #require(HostOutput.testBinary)).deletingLastPathComponent()
            .appendingPathComponent("RundownNoHostFixture")
        return try await run(binary, ["strict-settings"], settings)
    }

    private static func run(_ binary: URL, _ arguments: [String], _ settings: [String: String]) async throws
        -> HostOutput.Run
    {
        var environment = ProcessInfo.processInfo.environment.filter {
            !$0.key.hasPrefix("RUNDOWN_") && $0.key != "CI"
        }
        environment["NO_COLOR"] = "1"
        environment.merge(settings) { $1 }
        let run = try await ChildProcess.run(binary, arguments, environment: environment, timeout: .seconds(120))
        return HostOutput.Run(status: run.status, lines: try await HostOutput.lines(of: run.output))
    }

    static func ran(_ run: HostOutput.Run) -> [String] {
        run.lines.filter { $0.hasPrefix("ran: ") }.map { String($0.dropFirst(5)) }
    }

    static func warnings(_ run: HostOutput.Run) -> [String] {
        run.lines.filter { $0.hasPrefix("warning: Rundown: ") }.map { String($0.dropFirst("warning: Rundown: ".count)) }
    }

    /// What the warning says of `RUNDOWN_SHARDS`, and what a failure adds to it.
    static let unknownName =
        "RUNDOWN_SHARDS is not a setting Rundown knows, and is ignored; the settings are \(SettingsTableTests.settings)"
    static let unreadableShard =
        "RUNDOWN_SHARD=1/3x is not a shard Rundown knows; valid forms: RUNDOWN_SHARD=i/n with 1 <= i <= n, such as RUNDOWN_SHARD=2/5"
    static let badStrict =
        "RUNDOWN_STRICT=yes is not a value Rundown knows; valid forms: RUNDOWN_STRICT=1, RUNDOWN_STRICT=0"
    static func fix(_ because: String) -> String {
        "correct or unset it: with \(because), a setting Rundown cannot read fails the first spec of the process (RUNDOWN_STRICT=0 makes it a warning)"
    }

    // MARK: XCTest

    /// The error lines of an XCTest run: each at its file and line, naming the test.
    static func xcTestErrors(_ run: HostOutput.Run) -> [String] {
        run.lines.filter { $0.contains(": error: ") }
    }

    @Test(arguments: [
        (["CI": "true", "RUNDOWN_SHARDS": "1/3"], unknownName, "CI=true"),
        (["CI": "true", "RUNDOWN_SHARD": "1/3x"], unreadableShard, "CI=true"),
        (["RUNDOWN_STRICT": "1", "RUNDOWN_SHARD": "1/3x"], unreadableShard, "RUNDOWN_STRICT=1"),
        (["CI": "true", "RUNDOWN_STRICT": "yes"], badStrict, "CI=true"),
    ])
    func xcTestFailsTheFirstSpecAtItsCallWithTheValidForms(
        settings: [String: String], problem: String, because: String
    ) async throws {
        let fixtures = try SourceFile(Self.fixturesFile)
        let line = fixtures.line(of: "try spec(\"First\")", in: "testAFirstSpec")
        let run = try await Self.runXCTest(settings)
        #expect(run.status == 1, "\(settings)")
        #expect(Self.ran(run) == ["First", "Second"], "\(settings)")
        #expect(Self.warnings(run) == [problem], "\(settings)")
        #expect(
            Self.xcTestErrors(run) == [
                "\(Self.fixturesFile):\(line): error: StrictSettingsFixtures.testAFirstSpec : First: \(problem); \(Self.fix(because))"
            ], "\(settings)")
        #expect(run.lines.contains("Test Case 'StrictSettingsFixtures.testBSecondSpec' passed (TIME seconds)"))
    }

    @Test(arguments: [
        (["RUNDOWN_SHARDS": "1/3"], unknownName),
        (["RUNDOWN_SHARD": "1/3x"], unreadableShard),
        (["CI": "false", "RUNDOWN_SHARD": "1/3x"], unreadableShard),
        (["CI": "true", "RUNDOWN_STRICT": "0", "RUNDOWN_SHARD": "1/3x"], unreadableShard),
        (["RUNDOWN_STRICT": "yes"], badStrict),
    ])
    func xcTestOnlyWarnsWithoutCIOrWithStrictOff(settings: [String: String], problem: String) async throws {
        let run = try await Self.runXCTest(settings)
        #expect(run.status == 0, "\(settings)")
        #expect(Self.ran(run) == ["First", "Second"], "\(settings)")
        #expect(Self.warnings(run) == [problem], "\(settings)")
        #expect(Self.xcTestErrors(run).isEmpty, "\(settings)")
    }

    // MARK: Swift Testing

    @Test(arguments: [
        (["CI": "true", "RUNDOWN_SHARDS": "1/3"], unknownName, "CI=true"),
        (["CI": "true", "RUNDOWN_SHARD": "1/3x"], unreadableShard, "CI=true"),
        (["RUNDOWN_STRICT": "1", "RUNDOWN_SHARD": "1/3x"], unreadableShard, "RUNDOWN_STRICT=1"),
    ])
    func swiftTestingFailsTheFirstSpecAtItsCallWithTheValidForms(
        settings: [String: String], problem: String, because: String
    ) async throws {
        let fixtures = try SourceFile(Self.fixturesFile)
        // Swift Testing places it at the column the `spec` call reports, its opening parenthesis.
        let position = fixtures.position(of: "(\"First\")", in: "func twoSpecs")
        let run = try await Self.runSwiftTesting(settings)
        #expect(run.status == 1, "\(settings)")
        #expect(Self.ran(run) == ["First", "Second"], "\(settings)")
        #expect(Self.warnings(run) == [problem], "\(settings)")
        let issues = HostOutput.events(run.lines).filter { $0.first?.contains(" recorded an issue") == true }
        #expect(
            issues == [
                [
                    "✘ Test twoSpecs() recorded an issue at StrictSettingsFixtures.swift:\(position.line):\(position.column): Caught error: \(problem); \(Self.fix(because))",
                    "↳ First",
                ]
            ], "\(settings)")
    }

    @Test(arguments: [
        (["RUNDOWN_SHARDS": "1/3"], unknownName),
        (["CI": "true", "RUNDOWN_STRICT": "0", "RUNDOWN_SHARD": "1/3x"], unreadableShard),
    ])
    func swiftTestingOnlyWarnsWithoutCIOrWithStrictOff(settings: [String: String], problem: String) async throws {
        let run = try await Self.runSwiftTesting(settings)
        #expect(run.status == 0, "\(settings)")
        #expect(Self.ran(run) == ["First", "Second"], "\(settings)")
        #expect(Self.warnings(run) == [problem], "\(settings)")
        #expect(!run.lines.contains { $0.contains("recorded an issue") }, "\(settings)")
    }

    // MARK: No host

    @Test func withNoHostTheFirstSpecThrowsTheFailureAtItsCall() async throws {
        let line = SourceLine.marked("strict spec", in: HostOutput.root + "Tests/RundownNoHostFixture/main.swift")
        let run = try await Self.runNoHost(["CI": "true", "RUNDOWN_SHARD": "1/3x"])
        #expect(run.status == 0)
        #expect(Self.ran(run) == ["No host: first", "No host: second"])
        #expect(Self.warnings(run) == [Self.unreadableShard])
        #expect(
            run.lines.filter { $0.hasPrefix("thrown: ") || $0.hasPrefix("at: ") } == [
                "thrown: No host: first: \(Self.unreadableShard); \(Self.fix("CI=true"))",
                "at: RundownNoHostFixture/main.swift:\(line)",
            ])
    }

    @Test func withNoHostAndNoCIItIsOnlyAWarning() async throws {
        let run = try await Self.runNoHost(["RUNDOWN_SHARD": "1/3x"])
        #expect(run.status == 0)
        #expect(Self.ran(run) == ["No host: first", "No host: second"])
        #expect(Self.warnings(run) == [Self.unreadableShard])
        #expect(!run.lines.contains { $0.hasPrefix("thrown: ") })
    }
}
#endif
