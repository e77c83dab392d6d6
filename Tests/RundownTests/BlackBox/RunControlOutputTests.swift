#if os(Linux)
import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif
import Testing

/// Behaviour#Run-controls-work-the-same-everywhere, black-box: each `RUNDOWN_*` setting, given to a child run of
/// this test binary on `RunControlFixtures` (an XCTest class of
/// `Rundown.TestCase` specs whose closures print `ran: …`). One child at a
/// time: a dozen test processes at once would starve the timing-sensitive
/// tests running beside these on a two-core machine.
@Suite(.serialized, .enabled(if: HostOutput.testBinary != nil, "needs the SwiftPM test binary"))
struct RunControlOutputTests {
    static let fixtures = "RundownHostFixtures.RunControlFixtures"

    /// Runs `test` (a method of the fixtures, or all) with `settings` and no
    /// other `RUNDOWN_*` or `CI` setting of this process.
    static func run(_ test: String? = nil, _ settings: [String: String]) async throws -> HostOutput.Run {
        var environment = ProcessInfo.processInfo.environment.filter {
            !$0.key.hasPrefix("RUNDOWN_") && $0.key != "CI"
        }
        environment["RUNDOWN_FIXTURES"] = "1"
        environment["NO_COLOR"] = "1"
        environment.merge(settings) { $1 }
        let binary = URL(fileURLWithPath: try #require(HostOutput.testBinary))
        let run = try await ChildProcess.run(
            binary, [test.map { "\(fixtures)/\($0)" } ?? fixtures], environment: environment)
        return HostOutput.Run(
            status: run.status, lines: try await HostOutput.lines(of: run.output))
    }

    static func ran(_ run: HostOutput.Run) -> [String] {
        run.lines.filter { $0.hasPrefix("ran: ") }.map { String($0.dropFirst(5)) }
    }

    // reaches: RundownWarning.filteredOut
    @Test func theFilterRunsTheMatchingExamplesAndSaysHowManyItLeftOut() async throws {
        let run = try await Self.run(nil, ["RUNDOWN_FILTER": "when empty|PUSH"])
        #expect(run.status == 0)
        #expect(
            Self.ran(run) == [
                // testFocus and testOther: nothing selected, nothing ran.
                "Stack beforeAll",
                "when empty beforeEach", "pops nothing", "when empty beforeEach", "has no top",
                "push adds",
                "Stack afterAll",
            ])
        let rundown = run.lines.filter { $0.hasPrefix("Rundown: ") }
        #expect(
            rundown == [
                "Rundown: 'Focus': no example selected, 2 filtered out (RUNDOWN_FILTER=when empty|PUSH)",
                "Rundown: 'Other': no example selected, 2 filtered out (RUNDOWN_FILTER=when empty|PUSH)",
                "Rundown: 'Stack': 3 examples selected, 3 filtered out (RUNDOWN_FILTER=when empty|PUSH)",
            ])
        // Behaviour#Nothing-selected-is-no-pass: a spec whose examples were all filtered out is skipped, not passed.
        #expect(run.lines.contains("Test Case 'RunControlFixtures.testOther' skipped (TIME seconds)"))
        #expect(run.lines.contains("Test Case 'RunControlFixtures.testFocus' skipped (TIME seconds)"))
        #expect(
            run.lines.contains(
                "\t Executed 3 tests, with 2 tests skipped and 0 failures (0 unexpected) in TIME (TIME) seconds"))
    }

    // Behaviour#Shards.
    @Test func threeShardsRunEveryExampleOnceAndEachWritesItsJUnitFile() async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
            "rundown-shards-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: directory) }
        var names: [String] = []
        var ranExamples: [String] = []
        for index in 1...3 {
            let run = try await Self.run(
                "testStack", ["RUNDOWN_SHARD": "\(index)/3", "RUNDOWN_JUNIT": directory.path + "/shard\(index)/"])
            ranExamples += Self.ran(run).filter { !$0.contains("before") && !$0.contains("after") }
            let files = try FileManager.default.contentsOfDirectory(atPath: directory.path + "/shard\(index)")
            try #require(files.count == 1)
            #expect(files[0].hasPrefix("rundown-") && files[0].hasSuffix(".xml"))
            let document = try JUnitDocument(
                String(contentsOfFile: directory.path + "/shard\(index)/" + files[0], encoding: .utf8))
            #expect(document.suites.count == 1)
            #expect(document.suites.first?["tests"] == "\(document.cases.count)")
            #expect(Set(document.cases.map(\.className)) == ["RunControlFixtures.testStack / Stack"])
            names += document.cases.map(\.name)
        }
        let all = [
            "Stack, when empty, pops nothing", "Stack, when empty, has no top", "Stack, with one item, pops it",
            "Stack, with one item, breaks", "Stack, push adds", "Stack, peeks",
        ]
        #expect(names.sorted() == all.sorted())
        #expect(ranExamples.sorted() == ["breaks", "has no top", "peeks", "pops it", "pops nothing", "push adds"])
    }

    @Test func theJUnitFileCountsEveryExampleOfEveryTest() async throws {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("rundown-\(UUID().uuidString).xml")
        defer { try? FileManager.default.removeItem(at: file) }
        let run = try await Self.run(nil, ["RUNDOWN_JUNIT": file.path, "RUNDOWN_FORBID_FOCUS": "0"])
        #expect(run.status == 1)
        let document = try JUnitDocument(String(contentsOf: file, encoding: .utf8))
        #expect(
            document.root["tests"] == "10" && document.root["failures"] == "1" && document.root["skipped"] == "2")
        #expect(document.suites.map { $0["name"] } == ["Focus", "Other", "Stack"])
        let breaks = try #require(document.cases.first { $0.name == "Stack, with one item, breaks" })
        let fixtures = try SourceFile("Tests/RundownHostFixtures/RunControlFixtures.swift")
        #expect(breaks.failures == ["FixtureError(disk full)"])
        #expect(
            breaks.failureTexts == [
                "\(HostOutput.root)Tests/RundownHostFixtures/RunControlFixtures.swift:\(fixtures.line(of: "it(\"breaks\")", in: "testStack")): FixtureError(disk full)"
            ])
        #expect(document.cases.first { $0.name == "Other, parked" }?.skipped == ["excluded"])
        #expect(document.cases.first { $0.name == "Focus, other" }?.skipped == ["not focused"])
    }

    @Test func aSeedShufflesTheOrderAndEveryFailureCarriesIt() async throws {
        let run = try await Self.run("testStack", ["RUNDOWN_SEED": "7"])
        #expect(run.status == 1)
        // The same order as SeededOrder gives in process (pinned there by an independent implementation).
        #expect(
            Self.ran(run) == [
                "Stack beforeAll",
                "when empty beforeEach", "pops nothing", "when empty beforeEach", "has no top",
                "with one item beforeAll", "breaks", "pops it",
                "peeks", "push adds",
                "Stack afterAll",
            ])
        let fixtures = try SourceFile("Tests/RundownHostFixtures/RunControlFixtures.swift")
        #expect(
            run.lines.contains(
                "Tests/RundownHostFixtures/RunControlFixtures.swift:\(fixtures.line(of: "it(\"breaks\")", in: "testStack")): error: RunControlFixtures.testStack : Stack, with one item, breaks: FixtureError(disk full) (seed 7)"
            ))
    }

    // reaches: SettingsWarning.seedPicked
    @Test func aRandomSeedIsPrintedSoTheOrderCanBeReplayed() async throws {
        let run = try await Self.run("testOther", ["RUNDOWN_SEED": "random"])
        let line = try #require(run.lines.first { $0.hasPrefix("Rundown: RUNDOWN_SEED=random picked seed ") })
        #expect(
            line.wholeMatch(
                of: /Rundown: RUNDOWN_SEED=random picked seed (\d+); replay this order with RUNDOWN_SEED=\1/) != nil
        )
    }

    // Behaviour#Focus-guard.
    @Test func underCIAFocusedElementFailsNamingItsPathAndLine() async throws {
        let fixtures = try SourceFile("Tests/RundownHostFixtures/RunControlFixtures.swift")
        let line = fixtures.line(of: "fIt(\"only this\")", in: "testFocus")
        let run = try await Self.run("testFocus", ["CI": "true"])
        #expect(run.status == 1)
        #expect(
            run.lines.contains(
                "Tests/RundownHostFixtures/RunControlFixtures.swift:\(line): error: RunControlFixtures.testFocus : Focus, only this: focused element left in: Focus, only this (RunControlFixtures.swift:\(line)); focus is forbidden in this run, remove the focus before committing"
            ))
        #expect(Self.ran(run) == ["only this"])

        let allowed = try await Self.run("testFocus", ["CI": "true", "RUNDOWN_FORBID_FOCUS": "0"])
        #expect(allowed.status == 0)
        let forbidden = try await Self.run("testFocus", ["RUNDOWN_FORBID_FOCUS": "1"])
        #expect(forbidden.status == 1)
    }

    @Test func theTreeOfEachSpecIsPrintedInOnePieceHeadedByItsTest() async throws {
        let run = try await Self.run("testStack", ["RUNDOWN_REPORT": "tree", "RUNDOWN_FILTER": "pops"])
        let start = try #require(
            run.lines.firstIndex(of: "Rundown tree of RunControlFixtures.testStack, spec 'Stack':"))
        let tree = run.lines[start...].prefix(8).map { $0.replacing(/\(\d+\.\d{3} s\)/, with: "(t)") }
        #expect(
            tree == [
                "Rundown tree of RunControlFixtures.testStack, spec 'Stack':",
                "  Stack",
                "    when empty",
                "      ✔ pops nothing (t)",
                "    with one item",
                "      ✔ pops it (t)",
                "  'Stack': 2 examples selected, 4 filtered out (RUNDOWN_FILTER=pops)",
                "Test Case 'RunControlFixtures.testStack' passed (TIME seconds)",
            ])
    }

    @Test func unknownValuesAreWarningsListingTheValidForms() async throws {
        let run = try await Self.run(
            "testOther", ["RUNDOWN_SHARD": "6/5", "RUNDOWN_SEED": "soon", "RUNDOWN_FORBID_FOCUS": "yes"])
        #expect(run.status == 0)
        #expect(
            run.lines.filter { $0.hasPrefix("warning: Rundown:") } == [
                "warning: Rundown: RUNDOWN_SHARD=6/5 is not a shard Rundown knows; valid forms: RUNDOWN_SHARD=i/n with 1 <= i <= n, such as RUNDOWN_SHARD=2/5",
                "warning: Rundown: RUNDOWN_SEED=soon is not a seed Rundown knows; valid forms: RUNDOWN_SEED=<a whole number from 0 to 18446744073709551615>, RUNDOWN_SEED=random",
                "warning: Rundown: RUNDOWN_FORBID_FOCUS=yes is not a value Rundown knows; valid forms: RUNDOWN_FORBID_FOCUS=1, RUNDOWN_FORBID_FOCUS=0",
            ])
        #expect(Self.ran(run) == ["unrelated"])
    }
}
#endif
