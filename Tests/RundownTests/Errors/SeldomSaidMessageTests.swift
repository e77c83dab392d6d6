import Foundation
import RundownEngine
import RundownSettings
import RundownTestSupport
import Testing

@testable import Rundown
@testable import RundownXCTestSupport

/// The entries of the catalogues (see `CatalogueTests`) that no test of a
/// feature happened to make Rundown say: each provoked here, and its text
/// checked whole.
@Suite struct SeldomSaidMessageTests {
    // reaches: FailuresNotWritten
    @Test func aFailuresFileThatCannotBeWrittenFailsTheSpecSayingWhereAndWhy() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("rundown-failures-\(UUID())")
        defer { try? FileManager.default.removeItem(at: folder) }
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        // A plain file where a folder should be: no user, root included, can write below it.
        let blocker = folder.appendingPathComponent("a-file").path
        try Data("x".utf8).write(to: URL(fileURLWithPath: blocker))
        var settings = RunSettings.plain
        settings.failuresPath = blocker + "/failures.txt"
        let ran = Log()
        // A detached task sees no test: the caller's host throws the spec's first failure.
        let thrown = await Task.detached { () -> String? in
            do {
                try SpecRun(specRoot("Cart") { it("adds") { ran("adds") } }, settings: settings).run()
                return nil
            } catch let failure as SpecFailure {
                return "\(failure.path): \(failure.error) @\(failure.location.line)"
            } catch {
                return "\(error)"
            }
        }.value
        #expect(ran.entries == ["adds"])
        #expect(
            thrown
                == "[\"Cart\"]: cannot write the failed examples to \(blocker)/failures.txt (RUNDOWN_FAILURES): "
                + "Not a directory; make RUNDOWN_FAILURES name a file this process can write @1")
    }

    // reaches: SettingsWarning.filterFileUnnamed
    @Test func aFilterOfAnAtSignAloneIsAWarningAndEveryExampleRuns() {
        var warnings: [String] = []
        let settings = RunSettings(environment: ["RUNDOWN_FILTER": "@"]) { warnings.append($0) }
        #expect(settings.exactPaths == nil && settings.filter.isEmpty)
        #expect(
            warnings == [
                "RUNDOWN_FILTER=@ names no file, and every example runs; valid forms: RUNDOWN_FILTER=pattern, RUNDOWN_FILTER=pattern|pattern|…, RUNDOWN_FILTER=@file (a file of example paths, one a line, as RUNDOWN_FAILURES writes them), RUNDOWN_FILTER=File.swift:42 (the element declared on that line of that file, or the nearest one above it), entries mixed as RUNDOWN_FILTER=entry|entry|…"
            ])
    }

    /// The line of repetitions names the time limit the run had (it said the default's once, whatever the limit).
    @Test func untilFailureSaysWhenItsTimeIsUp() throws {
        let report = SpecEngine.run(
            GroupNode(description: "Spec", location: scenarioLocation, content: Self.waits().content),
            controls: RunControls(repetitions: .untilFailure(max: 1_000_000, limit: .milliseconds(50))))
        #expect(report.failures.isEmpty && report.notices.isEmpty)
        #expect(report.repetitions.reachedTimeLimit == 1 && report.repetitions.reachedCap == 0)
        let line = RundownWarning.repeated(name: "Spec", report.repetitions).message
        #expect(
            line.wholeMatch(
                of:
                    /'Spec': 1 example repeated, \d+ repetitions? in all; until-failure found no failure and stopped 1 at its time limit of 0\.05 seconds/
            ) != nil, "\(line)")
    }

    /// Under Swift Testing, where `until-failure` found its failure is a warning at the example, with the seed;
    /// where it found none is no warning at all (the run's line of repetitions says it, once).
    // reaches: SwiftTestingWarning.notice
    @Test func underSwiftTestingUntilFailuresStopIsAWarningAtTheExample() throws {
        var settings = RunSettings.plain
        settings.repetitions = .untilFailure(max: 5, limit: .seconds(600))
        settings.seed = 7
        let warnings = Locked<[String]>([])
        let failures = Locked(0)
        let calls = Log()
        try withKnownIssue {
            try SpecRun(
                specRoot("Cart") {
                    it("adds") {
                        calls("adds")
                        if calls.entries.count == 3 { throw Boom("third") }
                    }
                    it("never fails") {}
                }, settings: settings
            ).run()
        } matching: { issue in
            if issue.severity == .warning {
                warnings.withLock { $0.append(issue.comments.map(\.rawValue).joined()) }
            } else {
                failures.withLock { $0 += 1 }
            }
            return true
        }
        #expect(calls.entries.count == 3)
        #expect(failures.withLock { $0 } == 1)
        #expect(
            warnings.withLock { $0 } == [
                "Cart, adds: until-failure stopped at the first failure, on repetition 3 (seed 7)"
            ])
    }

    @ExampleBuilder<SyncCall> static func waits() -> ExampleGroup<SyncCall> {
        it("waits") { Thread.sleep(forTimeInterval: 0.02) }
    }

    // A child process: the black-box tests run on Linux (HostOutput lives there).
    #if os(Linux)
    // reaches: RundownWarning.everythingSkipped, ToolkitWarning.unrecordedFailure, ToolkitWarning.seedPicked
    @Test func withNoHostASkippedSpecAnUnclaimedCheckAndAPickedSeedArePrinted() async throws {
        let run = try await HostOutput.runNoHostFixture(["notices"])
        let file = "Tests/RundownNoHostFixture/main.swift"
        func line(_ name: String) -> Int { SourceLine.marked(name, in: HostOutput.root + file) }
        #expect(run.status == 0)
        #expect(
            run.lines.contains(
                "Rundown: every example of 'No host: skipped' was skipped: No host: skipped, a: skipped (why)"))
        let check = run.lines.filter { $0.hasPrefix("error: RundownNoHostFixture/main.swift:") }
        try #require(check.count == 1, "\(run.lines)")
        #expect(check[0].hasPrefix("error: RundownNoHostFixture/main.swift:\(line("unclaimed check")):"))
        #expect(
            check[0].hasSuffix(
                ": Shared resource 'no host: beta' was used by code outside any test without exclusive access. Add .exclusive(...) for it to the suite or test, or wrap the code in withExclusiveAccess { ... }."
            ))
        let seed = run.lines.filter { $0.contains("picked seed") }
        try #require(seed.count == 2, "\(run.lines)")
        #expect(
            seed[0].wholeMatch(
                of:
                    /Rundown: main.swift:\d+: explore\(.random\(runs: 2\)\) picked seed (\d+); these orders again: .random\(runs: 2, seed: \1\)/
            ) != nil, "\(seed[0])")
        #expect(
            seed[1].wholeMatch(
                of:
                    /Rundown: main.swift:\d+: explore\(.pct\(runs: 2\)\) picked seed (\d+); these orders again: .pct\(runs: 2, seed: \1\)/
            ) != nil, "\(seed[1])")
        #expect(run.lines.contains("returned normally"))
    }
    #endif

    /// A Swift Testing issue that reaches Rundown's fallback handler where no
    /// XCTest test runs and no spec element is running: it takes a process in
    /// which XCTest's host caught Swift Testing issues and then stopped driving,
    /// which no fixture can arrange, so the line is checked as the handler writes it.
    // reaches: XCTestWarning.issueOutsideAnyTest
    @Test func aSwiftTestingIssueNoTestCanTakeIsPrintedAtItsLineSayingWhy() {
        let location = CodeLocation(
            fileID: "App/CartTests.swift", filePath: "/src/App/CartTests.swift", line: 12, column: 5)
        #expect(
            XCTestWarning.issueOutsideAnyTest(
                message: "Expectation failed: 1 == 2", at: location, element: "Cart, adds"
            )
            .line
                == "/src/App/CartTests.swift:12: error: Rundown: Cart, adds: Expectation failed: 1 == 2 (a Swift Testing issue recorded outside any Swift Testing test; no XCTest case could take it)\n"
        )
        #expect(
            XCTestWarning.issueOutsideAnyTest(message: "Issue recorded", at: location, element: nil).line
                == "/src/App/CartTests.swift:12: error: Rundown: Issue recorded (a Swift Testing issue recorded outside any Swift Testing test; no XCTest case could take it)\n"
        )
    }
}
