#if os(Linux)
import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif
import Testing

/// Behaviour#Run-controls-work-the-same-everywhere, black-box: the run controls as a
/// user gives them, in the environment of a child run of this test binary on
/// `ControlsFixtures.swift`. One child at a time, as `RunControlOutputTests`
/// does, except where two processes must write one file.
@Suite(.serialized, .enabled(if: HostOutput.testBinary != nil, "needs the SwiftPM test binary"))
struct ControlsOutputTests {
    /// Runs the XCTest fixtures named `filter`, or the Swift Testing ones with
    /// `swiftTesting`, with `settings` and no other `RUNDOWN_*` or `CI` setting of this process.
    static func run(_ filter: String, swiftTesting: Bool = false, _ settings: [String: String]) async throws
        -> HostOutput.Run
    {
        var environment = ProcessInfo.processInfo.environment.filter {
            !$0.key.hasPrefix("RUNDOWN_") && $0.key != "CI"
        }
        environment["RUNDOWN_FIXTURES"] = "1"
        environment["NO_COLOR"] = "1"
        environment.merge(settings) { $1 }
        let binary = URL(fileURLWithPath: try #require(HostOutput.testBinary))
        let arguments =
            swiftTesting
            ? ["--testing-library", "swift-testing", "--filter", "RundownHostFixtures.\(filter)"]
            : ["RundownHostFixtures.\(filter)"]
        let run = try await ChildProcess.run(binary, arguments, environment: environment, timeout: .seconds(120))
        return HostOutput.Run(
            status: run.status, lines: try await HostOutput.lines(of: run.output))
    }

    static func ran(_ run: HostOutput.Run) -> [String] {
        run.lines.filter { $0.hasPrefix("ran: ") }.map { String($0.dropFirst(5)) }
    }

    static let innerExamples = ["o1", "o2", "o3", "o4"].flatMap { outer in
        ["i1", "i2", "i3", "i4"].map { "\(outer)/\($0)" }
    }

    // MARK: Nested specs (Behaviour#Selection-happens-in-the-outermost-spec)

    @Test func threeShardsOfAnOuterSpecRunEveryInnerExampleOnce() async throws {
        var inner: [String] = []
        var outer: [String] = []
        for index in 1...3 {
            let run = try await Self.run("NestedSelectionFixtures", ["RUNDOWN_SHARD": "\(index)/3"])
            #expect(run.status == 0, "shard \(index)/3")
            inner += Self.ran(run).filter { $0.contains("/") }
            outer += Self.ran(run).filter { !$0.contains("/") }
        }
        // The shards split the outer examples; each selected one runs its inner spec whole.
        #expect(outer.sorted() == ["o1", "o2", "o3", "o4"])
        #expect(inner.sorted() == Self.innerExamples)
    }

    @Test func aFilterSelectsTheOuterExampleAndItsInnerSpecRunsWhole() async throws {
        let run = try await Self.run("NestedSelectionFixtures", ["RUNDOWN_FILTER": "o1"])
        #expect(run.status == 0)
        #expect(Self.ran(run) == ["o1", "o1/i1", "o1/i2", "o1/i3", "o1/i4"])
        #expect(
            run.lines.filter { $0.hasPrefix("Rundown: ") } == [
                "Rundown: 'Outer': 1 example selected, 3 filtered out (RUNDOWN_FILTER=o1)"
            ])
        #expect(run.lines.contains("Test Case 'NestedSelectionFixtures.testNested' passed (TIME seconds)"))
    }

    // MARK: Nothing selected (Behaviour#Nothing-selected-is-no-pass)

    @Test func xcTestSkipsASpecOfWhichNothingWasSelected() async throws {
        let fixtures = try SourceFile("Tests/RundownHostFixtures/ControlsFixtures.swift")
        let line = fixtures.line(of: "try spec(\"Outer\")", in: "testNested")
        let run = try await Self.run("NestedSelectionFixtures", ["RUNDOWN_FILTER": "zzz"])
        #expect(run.status == 0)
        #expect(Self.ran(run).isEmpty)
        #expect(
            run.lines.filter { !$0.contains(" started at ") } == [
                "Rundown: 'Outer': no example selected, 4 filtered out (RUNDOWN_FILTER=zzz)",
                "\(fixtures.path):\(line): NestedSelectionFixtures.testNested : Test skipped - Outer: skipped (no example selected by RUNDOWN_FILTER=zzz)",
                "Test Case 'NestedSelectionFixtures.testNested' skipped (TIME seconds)",
                "Test Suite 'NestedSelectionFixtures' passed at DATE",
                "\t Executed 1 test, with 1 test skipped and 0 failures (0 unexpected) in TIME (TIME) seconds",
                "Test Suite 'Selected tests' passed at DATE",
                "\t Executed 1 test, with 1 test skipped and 0 failures (0 unexpected) in TIME (TIME) seconds",
            ])
    }

    @Test func swiftTestingCancelsUnderTheTraitAndWarnsWithoutIt() async throws {
        let fixtures = try SourceFile("Tests/RundownHostFixtures/ControlsFixtures.swift")
        let (line, column) = fixtures.position(of: "(\"Plain\")", in: "withoutTheTrait")
        let run = try await Self.run(
            "SelectionSwiftTestingFixtures", swiftTesting: true, ["RUNDOWN_SHARD": "1/1", "RUNDOWN_FILTER": "zzz"])
        #expect(run.status == 0)
        #expect(Self.ran(run).isEmpty)
        let events = HostOutput.events(run.lines).filter { !$0[0].hasSuffix(" started.") && !$0[0].hasPrefix("↳") }
        #expect(
            events.filter { $0[0].contains("withTheTrait") } == [
                [
                    "➜ Test withTheTrait() was cancelled after TIME seconds: \"Traited: skipped (no example selected by RUNDOWN_FILTER=zzz, RUNDOWN_SHARD=1/1)\""
                ]
            ])
        #expect(
            events.filter { $0[0].contains("withoutTheTrait") } == [
                [
                    "⚠︎ Test withoutTheTrait() recorded a warning at ControlsFixtures.swift:\(line):\(column): Issue recorded",
                    "↳ Plain: skipped (no example selected by RUNDOWN_FILTER=zzz, RUNDOWN_SHARD=1/1)",
                    "  No example of 'Plain' was selected; the test goes on. Give the test the '.specs' trait to report it as skipped when nothing else in it runs.",
                ],
                ["✔ Test withoutTheTrait() passed after TIME seconds with 1 warning."],
            ])
    }

    // MARK: One JUnit file, two processes (Behaviour#JUnit-reports)

    @Test func twoProcessesWritingOneJUnitFileKeepBothRuns() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
            "rundown-junit-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        // A folder that does not exist yet, as `swift test` under XCTest and Swift Testing would write it.
        let file = folder.appendingPathComponent("reports/junit.xml").path
        async let xcTest = Self.run("NestedSelectionFixtures", ["RUNDOWN_JUNIT": file])
        async let swiftTesting = Self.run(
            "SelectionSwiftTestingFixtures", swiftTesting: true, ["RUNDOWN_JUNIT": file])
        let runs = try await [xcTest, swiftTesting]
        #expect(runs.map(\.status) == [0, 0])
        let document = try JUnitDocument(String(contentsOfFile: file, encoding: .utf8))
        // Outer and its four inner specs from XCTest, Traited and Plain from Swift Testing.
        #expect(
            document.suites.compactMap { $0["name"] }.sorted() == [
                "Inner", "Inner", "Inner", "Inner", "Outer", "Plain", "Traited",
            ])
        #expect(
            Set(document.cases.map(\.name))
                == Set(["Outer, o1", "Outer, o2", "Outer, o3", "Outer, o4", "Traited, checks", "Plain, checks"])
                .union(["i1", "i2", "i3", "i4"].map { "Inner, \($0)" }))
        #expect(document.cases.count == 4 + 16 + 2)
        #expect(document.root["tests"] == "22" && document.root["failures"] == "0")
    }

    @Test func aJUnitFileThatCannotBeWrittenFailsEachSpecThatTried() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
            "rundown-junit-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        // A plain file where the report's folder should be: no user, root included, can write below it.
        let blocker = folder.appendingPathComponent("a-file").path
        try Data("x".utf8).write(to: URL(fileURLWithPath: blocker))
        let reason =
            "cannot write the JUnit report to \(blocker)/junit.xml: cannot make the folder \(blocker): Not a directory; make RUNDOWN_JUNIT name a file, or a folder, this process can write"
        let fixtures = try SourceFile("Tests/RundownHostFixtures/ControlsFixtures.swift")

        let xcTest = try await Self.run(
            "NestedSelectionFixtures", ["RUNDOWN_JUNIT": blocker + "/junit.xml", "RUNDOWN_FILTER": "o1"])
        #expect(xcTest.status == 1)
        let file = fixtures.path
        #expect(
            xcTest.lines.filter { $0.contains(" error: ") } == [
                // The nested spec tried too: its failure is the outer example's, where the inner spec was called.
                "\(file):\(fixtures.line(of: "try Rundown.spec(\"Inner\")", in: "testNested")): error: NestedSelectionFixtures.testNested : Inner: \(reason)",
                "\(file):\(fixtures.line(of: "try spec(\"Outer\")", in: "testNested")): error: NestedSelectionFixtures.testNested : Outer: \(reason)",
            ])

        let swiftTesting = try await Self.run(
            "SelectionSwiftTestingFixtures", swiftTesting: true, ["RUNDOWN_JUNIT": blocker + "/junit.xml"])
        #expect(swiftTesting.status == 1)
        let issues = HostOutput.events(swiftTesting.lines).filter { $0[0].contains(" recorded an issue ") }
        #expect(
            issues.sorted { $0[0] < $1[0] } == [
                [
                    "✘ Test withTheTrait() recorded an issue at ControlsFixtures.swift:\(fixtures.position(of: "(\"Traited\")", in: "withTheTrait").line):\(fixtures.position(of: "(\"Traited\")", in: "withTheTrait").column): Caught error: \(reason)",
                    "↳ Traited",
                ],
                [
                    "✘ Test withoutTheTrait() recorded an issue at ControlsFixtures.swift:\(fixtures.position(of: "(\"Plain\")", in: "withoutTheTrait").line):\(fixtures.position(of: "(\"Plain\")", in: "withoutTheTrait").column): Caught error: \(reason)",
                    "↳ Plain",
                ],
            ])
    }

    // MARK: Settings (Behaviour#Run-controls-work-the-same-everywhere)

    @Test func aTimeoutScaleOutsideTheRangeIsAWarningAndOneIsUsed() async throws {
        for scale in ["1e18", "1e-30"] {
            let run = try await Self.run("TimeoutScaleFixtures", swiftTesting: true, ["RUNDOWN_TIMEOUT_SCALE": scale])
            #expect(run.status == 0, "RUNDOWN_TIMEOUT_SCALE=\(scale)")
            #expect(Self.ran(run) == ["waited"], "RUNDOWN_TIMEOUT_SCALE=\(scale)")
            #expect(
                run.lines.filter { $0.hasPrefix("warning: Rundown:") } == [
                    "warning: Rundown: RUNDOWN_TIMEOUT_SCALE='\(scale)' is outside the range Rundown accepts; valid forms are a number from 0.01 to 1000 such as 2 or 2.5 (every default deadline is multiplied by it). Using 1."
                ])
        }
    }

    @Test func aRundownVariableThatIsNoSettingIsOneWarningNamingTheSettings() async throws {
        let run = try await Self.run(
            "SelectionSwiftTestingFixtures", swiftTesting: true,
            ["RUNDOWN_FILTRE": "Plain", "RUNDOWN_SHARDS": "1/2", "RUNDOWN_FIXTURES": "1"])
        #expect(run.status == 0)
        // The misspelt filter was ignored, so both specs ran; each warning came once, for two specs.
        #expect(Self.ran(run).sorted() == ["Plain, checks", "Traited, checks"])
        // As the table lists them (pinned in SettingsTableTests).
        let settings = SettingsTableTests.settings
        #expect(
            run.lines.filter { $0.hasPrefix("warning: Rundown:") } == [
                "warning: Rundown: RUNDOWN_FILTRE is not a setting Rundown knows, and is ignored; the settings are \(settings)",
                "warning: Rundown: RUNDOWN_SHARDS is not a setting Rundown knows, and is ignored; the settings are \(settings)",
            ])
    }

    // MARK: A spec's examples as test cases (Behaviour#One-test-case-per-example)

    // reaches: SwiftTestingWarning.caseSkipped
    @Test func aSkippedExampleIsACancelledCaseWithAWarningSayingWhy() async throws {
        let stream = FileManager.default.temporaryDirectory.appendingPathComponent(
            "rundown-events-\(UUID().uuidString).jsonl")
        defer { try? FileManager.default.removeItem(at: stream) }
        let binary = URL(fileURLWithPath: try #require(HostOutput.testBinary))
        var environment = ProcessInfo.processInfo.environment.filter {
            !$0.key.hasPrefix("RUNDOWN_") && $0.key != "CI"
        }
        environment["RUNDOWN_FIXTURES"] = "1"
        let arguments = ["--testing-library", "swift-testing", "--filter", "RundownHostFixtures.SpecExampleFixtures"]
        // With an event stream, Swift Testing 6.3 leaves warnings out of the console: one run for each.
        let streamed = try await ChildProcess.run(
            binary, arguments + ["--event-stream-output-path", stream.path, "--event-stream-version", "0"],
            environment: environment, timeout: .seconds(120))
        #expect(streamed.status == 0)
        let run = try await Self.run("SpecExampleFixtures", swiftTesting: true, [:])
        #expect(run.status == 0)
        let lines = run.lines

        // Swift Testing's own record of each case: the skipped example's is cancelled, in both tests.
        var cancelled: [String] = []
        for line in try String(contentsOf: stream, encoding: .utf8).split(separator: "\n") {
            let record = try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any]
            guard let payload = record?["payload"] as? [String: Any], payload["kind"] as? String == "testCaseCancelled"
            else { continue }
            let test = (payload["testID"] as? String)?.split(separator: "/").dropFirst().first.map(String.init) ?? "?"
            let testCase = (payload["_testCase"] as? [String: Any])?["displayName"] as? String ?? "?"
            cancelled.append("\(test): \(testCase)")
        }
        #expect(
            cancelled.sorted() == ["withTheTrait(_:): Cart cases, saves", "withoutTheTrait(_:): Cart cases, saves"])

        // The console prints no line for a cancelled case: a warning says which example skipped, never "every example".
        let warnings = HostOutput.events(lines).filter { $0[0].hasPrefix("⚠︎") }
        #expect(warnings.count == 2)
        for warning in warnings {
            #expect(warning.count == 2 && warning.last == "↳ Cart cases, saves: skipped (no database)")
            #expect(warning[0].contains("with 1 argument example → Cart cases, saves at ControlsFixtures.swift:"))
        }
        #expect(!lines.contains { $0.contains("Every example of 'Cart cases'") })
    }
}
#endif
