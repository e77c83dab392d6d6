import Foundation
import RundownEngine
import RundownSettings
import RundownTestSupport
import Testing

@testable import Rundown

#if canImport(XCTest)
import XCTest
#endif

#if canImport(FoundationXML)
import FoundationXML
#endif

/// Behaviour#A-failure-is-reported-once and Behaviour#JUnit-reports: an example that fails through an assertion (not a
/// thrown error) is reported as failed: ✘ and its message in the tree, a
/// `<failure>` with its message and `file:line` in JUnit, and it counts as
/// failed, even if it also skipped. Each road is run here under Swift
/// Testing; the XCTest roads run in a child process (`ReportedFailureOutputTests`).
///
/// The test's issues are taken out by the suite's trait, and counted: each
/// failure is recorded once with the host.
@Suite(.compactMapIssues(ReportedRun.capture))
struct ReportedFailureTests {
    @Test func anExpectInAnAsynchronousSpecFailsItsExample() async throws {
        var line = 0
        let run = try await ReportedRun.async("Reported async expect") {
            context("when empty") {
                it("counts") {
                    #expect(1 + 1 == 3, sourceLocation: .here(&line))
                }
                it("passes") {}
            }
        }
        #expect(
            run.tree == [
                "Reported async expect",
                "  when empty",
                "    ✘ counts (t)",
                "      Expectation failed: (1 + 1 → 2) == 3",
                "    ✔ passes (t)",
            ])
        let failing = try #require(run.junit.cases.first)
        #expect(failing.name == "Reported async expect, when empty, counts")
        #expect(failing.failures == ["Expectation failed: (1 + 1 → 2) == 3"])
        #expect(failing.failureTexts == ["\(#filePath):\(line): Expectation failed: (1 + 1 → 2) == 3"])
        #expect(run.junit.suites.first?["failures"] == "1")
        #expect(run.issues == ["Expectation failed: (1 + 1 → 2) == 3"])
    }

    @Test func anExpectInASynchronousSpecFailsItsExample() async throws {
        var line = 0
        let run = try await ReportedRun.sync("Reported sync expect") {
            it("counts") {
                #expect(1 + 1 == 3, sourceLocation: .here(&line))
            }
        }
        #expect(run.tree == ["Reported sync expect", "  ✘ counts (t)", "    Expectation failed: (1 + 1 → 2) == 3"])
        // The test has no `.specs` trait, and is told so once.
        #expect(ReportedRun.toldToAddSpecs.withLock { $0.contains("anExpectInASynchronousSpecFailsItsExample()") })
        #expect(run.junit.cases.first?.failureTexts == ["\(#filePath):\(line): Expectation failed: (1 + 1 → 2) == 3"])
        #expect(run.junit.suites.first?["failures"] == "1")
        #expect(run.issues == ["Expectation failed: (1 + 1 → 2) == 3"])
    }

    @Test func anExampleThatFailsAnAssertionAndSkipsCountsAsFailed() async throws {
        let run = try await ReportedRun.sync("Reported skip") {
            it("fails, then skips") {
                #expect(Bool(false))
                throw Skip("not today")
            }
            it("skips") { throw Skip("no database") }
        }
        #expect(
            run.tree == [
                "Reported skip", "  ✘ fails, then skips (t)", "    Expectation failed: Bool(false)",
                "  skipped skips (no database)",
            ])
        #expect(run.junit.suites.first?["failures"] == "1" && run.junit.suites.first?["skipped"] == "1")
        #expect(run.junit.cases.first?.skipped == [])
        // Not everything was skipped: no "every example was skipped" warning, and the
        // warning of the skipped paths names only the example that skipped without failing.
        #expect(run.warnings == ["warning: Issue recorded - Skipped:\n  Reported skip, skips: skipped (no database)"])
        #expect(run.issues == ["Expectation failed: Bool(false)"])
    }

    @Test func aSpecWhoseOtherExamplesAllSkippedIsNotReportedAsSkipped() async throws {
        let run = try await ReportedRun.async("Reported all but one skipped") {
            it("skips") { throw Skip("no database") }
            it("fails, then skips") {
                Issue.record("broken")
                throw Skip("not today")
            }
        }
        #expect(run.warnings.allSatisfy { !$0.contains("Every example") })
        #expect(run.junit.suites.first?["failures"] == "1" && run.junit.suites.first?["skipped"] == "1")
        #expect(run.junit.cases.map(\.failures) == [[], ["Issue recorded - broken"]])
        #expect(run.issues == ["Issue recorded - broken"])
    }

    @Test func anIssueRecordedByATaskTheExampleAwaitsIsItsExamples() async throws {
        var line = 0
        let run = try await ReportedRun.async("Reported child task") {
            it("awaits its task") {
                let location = SourceLocation.here(&line)
                await Task { _ = Issue.record("from the task", sourceLocation: location) }.value
            }
            it("passes") {}
        }
        #expect(
            run.tree == [
                "Reported child task", "  ✘ awaits its task (t)", "    Issue recorded - from the task",
                "  ✔ passes (t)",
            ])
        #expect(run.junit.cases.first?.failureTexts == ["\(#filePath):\(line): Issue recorded - from the task"])
        #expect(run.issues == ["Issue recorded - from the task"])
    }

    @Test func anIssueATaskRecordsAfterItsExampleFinishedFailsThatExample() async throws {
        let go = AsyncStream<Void>.makeStream()
        let done = AsyncStream<Void>.makeStream()
        let run = try await ReportedRun.async("Reported late") {
            it("leaves a task") {
                Task {
                    for await _ in go.stream { break }
                    Issue.record("late")
                    done.continuation.yield()
                }
            }
            it("lets it fail") {
                go.continuation.yield()
                for await _ in done.stream { break }
            }
        }
        // Behaviour#Late-failures-name-their-example:
        // reported as late, naming the example that started the task; no other example fails.
        let late =
            "Issue recorded - late (late: after 'Reported late, leaves a task' had finished, from a task it started)"
        #expect(run.tree.contains("  ✘ leaves a task: \(late)"))
        #expect(run.tree.contains("  ✔ lets it fail (t)"))
        #expect(run.junit.cases.map(\.name) == ["Reported late, leaves a task", "Reported late, lets it fail"])
        #expect(run.junit.cases.map(\.failures) == [[late], []])
        #expect(run.junit.suites.first?["failures"] == "1")
        #expect(run.issues == ["Issue recorded - late"])
    }

    @Test func aRequireIsOneFailureNotTwo() async throws {
        let run = try await ReportedRun.async("Reported require") {
            it("requires") { try #require(1 + 1 == 3) }
        }
        #expect(run.tree == ["Reported require", "  ✘ requires (t)", "    Expectation failed: (1 + 1 → 2) == 3"])
        #expect(run.junit.cases.first?.failures == ["Expectation failed: (1 + 1 → 2) == 3"])
        #expect(run.issues == ["Expectation failed: (1 + 1 → 2) == 3"])
    }

    @Test func aHooksAssertionFailsTheExampleItRunsForOrStandsAlone() async throws {
        let run = try await ReportedRun.async("Reported hooks") {
            beforeAll { Issue.record("setup") }
            beforeEach { #expect(Bool(false), "prepare") }
            it("runs") {}
            afterAll { Issue.record("teardown") }
        }
        #expect(
            run.tree == [
                "Reported hooks", "  ✘ beforeAll: Issue recorded - setup", "  ✘ runs (t)",
                "    beforeEach: Expectation failed: Bool(false) - prepare", "  ✘ afterAll: Issue recorded - teardown",
            ])
        #expect(
            run.junit.cases.map(\.name) == [
                "Reported hooks, beforeAll", "Reported hooks, runs", "Reported hooks, afterAll",
            ])
        try #require(run.junit.cases.count == 3)
        #expect(run.junit.cases[1].failures == ["beforeEach: Expectation failed: Bool(false) - prepare"])
        #expect(run.junit.suites.first?["failures"] == "3")
        #expect(run.issues.count == 3)
    }

    @Test func aToolkitCheckFailsItsExample() async throws {
        let resource = SharedResource("reported failures: printer")
        var line = 0
        let run = try await ReportedRun.async("Reported toolkit") {
            it("prints") {
                resource.expectHeld(line: .here(&line))
            }
        }
        try #require(run.tree.count == 3)
        #expect(run.tree[1] == "  ✘ prints (t)")
        #expect(run.tree.last?.hasPrefix("    Exclusive access") == true || run.tree.last?.contains("printer") == true)
        let failing = try #require(run.junit.cases.first)
        #expect(failing.failures.count == 1)
        #expect(failing.failureTexts.first?.hasPrefix("\(#filePath):\(line): ") == true)
        #expect(run.issues.count == 1)
    }

    /// What reaches the host's `deliver` is the walk's own report: the
    /// example that failed an assertion and skipped counts as failed, its
    /// skip is gone, and the run is not "everything skipped"; with or without
    /// the events that report progress (no tree or JUnit asked for them).
    @Test(arguments: [true, false])
    func theRunTheHostGetsIncludesReportedFailures(progress: Bool) {
        let report = SpecEngine.run(
            root("Counted") {
                it("fails, then skips") {
                    let location = CodeLocation(fileID: "M/F.swift", filePath: "/F.swift", line: 1, column: 1)
                    ExampleRunner.current?.post("broken", at: location, recordedByFramework: true)
                    throw Skip("not today")
                }
                it("skips") { throw Skip("no database") }
            }, progress: progress)
        #expect((report.passedCount, report.failedCount, report.skippedCount) == (0, 1, 1))
        #expect(report.skips.map(\.description) == ["Counted, skips: skipped (no database)"])
        #expect(report.failures.map(\.description) == [#"Counted, "fails, then skips": broken"#])
        #expect(!report.everythingSkipped)
    }

    @Test func anExcludedExampleIsPrintedInItsPlace() async throws {
        let run = try await ReportedRun.sync("Reported placement") {
            it("a") {}
            xIt("b") {}
            it("c") {}
        }
        #expect(run.tree == ["Reported placement", "  ✔ a (t)", "  skipped b (excluded)", "  ✔ c (t)"])
    }

    #if canImport(XCTest) && !canImport(ObjectiveC)
    @Test func aForwardedXCTestAssertionFailsItsExample() async throws {
        var line = 0
        let run = try await ReportedRun.sync("Reported XCTAssert") {
            it("compares") {
                XCTAssertEqual(1, 2, "the total", line: .here(&line))
            }
        }
        let message = #"XCTAssertEqual failed: ("1") is not equal to ("2") - the total"#
        #expect(run.tree == ["Reported XCTAssert", "  ✘ compares (t)", "    \(message)"])
        #expect(run.junit.cases.first?.failureTexts == ["\(#filePath):\(line): \(message)"])
        #expect(run.issues.count == 1)
    }
    #endif

    @Test(.specs) func aSynchronousSpecInATestWithTheSpecsTrait() async throws {
        let run = try await ReportedRun.sync("Reported with the trait") {
            it("counts") { #expect(1 + 1 == 3) }
        }
        #expect(run.tree == ["Reported with the trait", "  ✘ counts (t)", "    Expectation failed: (1 + 1 → 2) == 3"])
        #expect(run.issues == ["Expectation failed: (1 + 1 → 2) == 3"])
    }

    @Test(.specs) func anAsynchronousSpecInATestWithTheSpecsTraitNotesEachIssueOnce() async throws {
        let run = try await ReportedRun.async("Reported async with the trait") {
            it("counts") { #expect(1 + 1 == 3) }
        }
        #expect(
            run.tree == ["Reported async with the trait", "  ✘ counts (t)", "    Expectation failed: (1 + 1 → 2) == 3"])
        #expect(run.junit.cases.first?.failures.count == 1)
        #expect(run.issues == ["Expectation failed: (1 + 1 → 2) == 3"])
    }

    @Test func aNestedSpecsAssertionFailsTheOuterElementOnce() async throws {
        let run = try await ReportedRun.async("Reported outer") {
            it("runs a spec") {
                try await spec("Reported inner") {
                    it("counts") { #expect(1 + 1 == 3) }
                }
            }
        }
        #expect(run.tree.prefix(2) == ["Reported outer", "  ✘ runs a spec (t)"])
        #expect(run.junit.suites.first?["failures"] == "1")
        #expect(run.junit.cases.map(\.name) == ["Reported outer, runs a spec"])
    }

    /// Behaviour#Toolkit-checks-report-to-the-spec: a toolkit check takes another road than
    /// `#expect`; in a nested spec it too fails the outer element once, in
    /// the tree and in JUnit, and is recorded once.
    // reaches: NestedSpecFailed
    @Test func aNestedSpecsToolkitCheckFailsTheOuterElementOnce() async throws {
        let resource = SharedResource("reported failures: nested printer")
        let run = try await ReportedRun.async("Reported outer toolkit") {
            it("runs a spec") {
                try await spec("Reported inner toolkit") {
                    it("prints") { resource.expectHeld() }
                    it("passes") {}
                }
            }
            it("passes") {}
        }
        try #require(run.tree.count == 4, "\(run.tree)")
        #expect(run.tree[1] == "  ✘ runs a spec (t)")
        #expect(run.tree[2].hasPrefix("    the nested spec 'Reported inner toolkit' had 1 failure"))
        #expect(run.tree[3] == "  ✔ passes (t)")
        #expect(run.junit.suites.first?["failures"] == "1")
        #expect(
            run.junit.cases.map(\.name) == ["Reported outer toolkit, runs a spec", "Reported outer toolkit, passes"])
        try #require(run.junit.cases.count == 2)
        #expect(run.junit.cases[0].failures.count == 1)
        #expect(run.issues.count == 1)
    }

    @Test func aSynchronousNestedSpecsToolkitCheckFailsTheOuterElementOnce() async throws {
        let resource = SharedResource("reported failures: nested sync printer")
        let run = try await ReportedRun.sync("Reported outer sync toolkit") {
            it("runs a spec") {
                try spec("Reported inner sync toolkit") {
                    it("prints") { resource.expectHeld() }
                    it("passes") {}
                }
            }
            it("passes") {}
        }
        try #require(run.tree.count == 4, "\(run.tree)")
        #expect(run.tree[1] == "  ✘ runs a spec (t)")
        #expect(run.tree[2].hasPrefix("    the nested spec 'Reported inner sync toolkit' had 1 failure"))
        #expect(run.tree[3] == "  ✔ passes (t)")
        #expect(run.junit.suites.first?["failures"] == "1")
        #expect(
            run.junit.cases.map(\.name) == [
                "Reported outer sync toolkit, runs a spec", "Reported outer sync toolkit, passes",
            ])
        try #require(run.junit.cases.count == 2)
        #expect(run.junit.cases[0].failures.count == 1)
        #expect(run.issues.count == 1)
    }
}

/// One run of a spec under the Swift Testing host, with the tree and the
/// JUnit report asked for, and the issues it recorded.
struct ReportedRun {
    var tree: [String]
    var junit: JUnitDocument
    /// The failing issues the test recorded while the spec ran.
    var issues: [String]
    /// The warnings it recorded.
    var warnings: [String]

    /// The issues of specs whose names start with "Reported", by spec name.
    private static let captured = Locked<[String: [String]]>([:])

    /// The tests here that were told they run a synchronous spec without the
    /// `.specs` trait (Behaviour#Failures-in-Swift-Testing), by name.
    static let toldToAddSpecs = Locked<Set<String>>([])

    /// The name of the run in progress in this task: its issues are its
    /// own, those of a spec nested in one of its elements included.
    @TaskLocal private static var running: String?

    /// Takes out the issues of the specs run here, and keeps them.
    @Sendable static func capture(_ issue: Issue) -> Issue? {
        if issue.severity == .warning, let test = Test.current,
            issue.comments.contains(where: { $0.rawValue.hasPrefix("'\(test.name)' runs a synchronous spec without") })
        {
            toldToAddSpecs.withLock { _ = $0.insert(test.name) }
            return nil
        }
        let spec =
            running ?? ExampleRunner.current?.path.first
            ?? issue.comments.lazy.compactMap {
                $0.rawValue.firstMatch(of: /Reported[^,:\n]*/).map { String($0.output) }
            }
            .first
        guard let spec, spec.hasPrefix("Reported") else { return issue }
        let severity = issue.severity == .warning ? "warning: " : ""
        let comments = issue.comments.map(\.rawValue).filter { !$0.hasPrefix("\(spec),") }
        let text = ([String(describing: issue.kind)] + comments).joined(separator: " - ")
        captured.withLock { $0[spec, default: []].append(severity + text) }
        return nil
    }

    static func sync(
        _ name: String, @ExampleBuilder<SyncCall> _ content: () -> ExampleGroup<SyncCall>
    ) async throws -> ReportedRun {
        let root = SpecRoot(
            SpecCall(
                name, [], function: "", fileID: "RundownTests/ReportedFailureTests.swift", filePath: #filePath, line: 1,
                column: 1),
            content: content())
        return try await outcome(name) { settings, print in
            var run = SpecRun(root, settings: settings)
            run.print = print
            try? run.run()
        }
    }

    static func async(
        _ name: String, @ExampleBuilder<AsyncCall> _ content: () -> ExampleGroup<AsyncCall>
    ) async throws -> ReportedRun {
        let root = SpecRoot(
            SpecCall(
                name, [], function: "", fileID: "RundownTests/ReportedFailureTests.swift", filePath: #filePath, line: 1,
                column: 1),
            content: content())
        return try await outcome(name) { settings, print in
            var run = SpecRun(root, settings: settings)
            run.print = print
            try? await run.run()
        }
    }

    private static func outcome(
        _ name: String, _ body: (RunSettings, @escaping (String) -> Void) async throws -> Void
    ) async throws -> ReportedRun {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("rundown-\(UUID().uuidString).xml")
        defer { try? FileManager.default.removeItem(at: file) }
        var settings = RunSettings.plain
        settings.treeReport = true
        settings.junitPath = file.path
        let printed = Locked<[String]>([])
        try await $running.withValue(name) {
            try await body(settings) { text in printed.withLock { $0.append(text) } }
        }
        let tree = printed.withLock { $0 }.flatMap { $0.components(separatedBy: "\n").dropFirst() }
        let issues = captured.withLock { $0.removeValue(forKey: name) } ?? []
        return ReportedRun(
            tree: tree.map { String($0.dropFirst(2)).replacing(/\(\d+\.\d{3} s\)/, with: "(t)") },
            junit: try JUnitDocument(String(contentsOf: file, encoding: .utf8)),
            issues: issues.filter { !$0.hasPrefix("warning: ") },
            warnings: issues.filter { $0.hasPrefix("warning: ") })
    }
}

extension SourceLocation {
    /// Where it is written, its line kept in `line`, for a test to compare with the line reported.
    static func here(
        _ line: inout Int, fileID: String = #fileID, filePath: String = #filePath, line current: Int = #line,
        column: Int = #column
    ) -> SourceLocation {
        line = current
        return SourceLocation(fileID: fileID, filePath: filePath, line: current, column: column)
    }
}

extension Int {
    /// The line where it is written, kept in `line` too, for a test to compare with the line reported.
    static func here(_ line: inout Int, current: Int = #line) -> Int {
        line = current
        return current
    }
}

extension UInt {
    /// The same for XCTest's assertions, which take their line as a `UInt`.
    static func here(_ line: inout Int, current: UInt = #line) -> UInt {
        line = Int(current)
        return current
    }
}
