import Rundown
import Synchronization
import Testing

/// Contract §6 as far as the core goes: inside a Swift Testing test, `spec`
/// records each failure as an issue with its path and does not rethrow it;
/// with no test running, it throws the first failure after running everything.
@Suite(.failsWhenCancelled) struct SwiftTestingHostTests {
    @Test func eachFailureBecomesAnIssueWithItsPathAndLocation() throws {
        let issues = Mutex<[Issue]>([])
        let firstLine = #line + 5
        let secondLine = #line + 7
        try withKnownIssue {
            try spec("Parser") {
                context("when empty") {
                    it("throws") { throw Boom("empty") }
                }
                context("when full") {
                    it("throws too") { throw Boom("full") }
                }
            }
        } matching: { issue in
            issues.withLock { $0.append(issue) }
            return true
        }
        let recorded = issues.withLock { $0 }
        try #require(recorded.count == 2, "spec recorded each failure once and rethrew nothing")
        #expect(recorded.map { $0.comments.map(\.rawValue) } == [["Parser, when empty, throws"], ["Parser, when full, throws too"]])
        #expect(recorded.map { $0.sourceLocation?.line } == [firstLine, secondLine])
        #expect(recorded.map { $0.sourceLocation?.fileID } == ["RundownTests/SwiftTestingHostTests.swift", "RundownTests/SwiftTestingHostTests.swift"])
        #expect(recorded.map { ($0.error as? Boom)?.name } == ["empty", "full"])
    }

    /// Runs `body` and returns the issues it recorded, which do not fail this
    /// test, each as "path: error @line".
    private func issues(of body: () throws -> Void) throws -> [String] {
        let recorded = Log()
        try withKnownIssue {
            try body()
        } matching: { issue in
            let path = issue.comments.map(\.rawValue).joined(separator: " | ")
            recorded("\(path): \(issue.error.map { String(describing: $0) } ?? "no error") @\(issue.sourceLocation?.line ?? 0)")
            return true
        }
        return recorded.entries
    }

    @Test func hookFailuresAreRecordedAtTheirHooksNotAtTheExample() throws {
        let top = #line
        let recorded = try issues {
            try spec("Hooks") {
                context("all") {
                    beforeAll("open") { throw Boom("open") }
                    it("never runs") {}
                    afterAll("close") { throw Boom("close") }
                }
                context("each") {
                    aroundEach("wrap") { run in try run(); throw Boom("wrap") }
                    beforeEach("seed") { throw Boom("seed") }
                    it("example") {}
                    afterEach("clean") { throw Boom("clean") }
                }
            }
        }
        #expect(recorded == [
            "Hooks, all, open: Boom(open) @\(top + 4)",
            "Hooks, all, close: Boom(close) @\(top + 6)",
            "Hooks, each, example, seed: Boom(seed) @\(top + 10)",
            "Hooks, each, example, clean: Boom(clean) @\(top + 12)",
            "Hooks, each, example, wrap: Boom(wrap) @\(top + 9)",
        ])
    }

    @Test func anAroundEachErrorAfterItsBodyIsAnIssue() throws {
        let ran = Log()
        let line = #line + 3
        let recorded = try issues {
            try spec("Transaction") {
                aroundEach("commit") { run in
                    try run()
                    ran("after body")
                    throw Boom("commit")
                }
                it("writes") { ran("writes") }
            }
        }
        #expect(ran.entries == ["writes", "after body"])
        #expect(recorded == ["Transaction, writes, commit: Boom(commit) @\(line)"])
    }

    @Test func anOutermostAroundEachThatNeverCallsItsBodyIsAnIssue() throws {
        let ran = Log()
        let line = #line + 3
        let recorded = try issues {
            try spec("Lazy") {
                aroundEach("lazy") { _ in ran("lazy") }
                aroundEach("inner") { run in ran("inner"); try run() }
                it("a") { ran("a") }
            }
        }
        #expect(ran.entries == ["lazy"])
        #expect(recorded == ["Lazy, a, lazy: lazy returned without calling its body, so the element it wraps did not run @\(line)"])
    }

    @Test func anExpectationInsideASpecFailsTheTest() throws {
        let count = Mutex(0)
        try withKnownIssue {
            try spec { it("expects") { #expect(1 + 1 == 3) } }
        } matching: { _ in
            count.withLock { $0 += 1 }
            return true
        }
        #expect(count.withLock { $0 } == 1)
    }

    @Test func withNoTestRunningTheFirstFailureIsThrownAfterEverythingRan() async throws {
        let result = await Task.detached {
            let log = Log()
            do {
                try spec("Detached") {
                    it("a") { log("a"); throw Boom("first") }
                    it("b") { log("b"); throw Boom("second") }
                    afterAll { log("afterAll") }
                }
                return (log.entries, "nothing thrown")
            } catch {
                return (log.entries, String(describing: error))
            }
        }.value
        #expect(result.0 == ["a", "b", "afterAll"])
        #expect(result.1 == "Detached, a: Boom(first)")
    }

    @Test func aPartlySkippedSpecPasses() throws {
        var ran = false
        try spec {
            it("a") { throw Skip("not on this platform") }
            it("b") { ran = true }
        }
        #expect(ran)
    }
}

/// A spec that skipped everything cancels its test on purpose here, so this
/// suite does without `.failsWhenCancelled`.
@Suite struct FullySkippedSpecTests {
    @Test func aSpecWhoseEveryExampleWasSkippedCancelsItsTest() throws {
        try spec {
            it("a") { throw Skip("not on this platform") }
            xIt("b") {}
        }
        Issue.record("the spec should have cancelled this test")
    }

    /// The test helper every other suite relies on: a spec that skipped
    /// everything makes `.failsWhenCancelled` record an issue at the test.
    /// (The spec cancels this very test, which Swift Testing then reports as
    /// cancelled with one known issue.)
    @Test func failsWhenCancelledTurnsAFullySkippedSpecIntoAnIssue() async throws {
        let test = try #require(Test.current)
        let recorded = Log()
        try await withKnownIssue {
            try await FailsWhenCancelled().provideScope(for: test, testCase: Test.Case.current) {
                try await spec("Skipped") { it("a") { throw Skip("n/a") } }
            }
        } matching: { issue in
            recorded("\(issue.comments.map(\.rawValue).joined()) @\(issue.sourceLocation?.line ?? 0)")
            return true
        }
        let entries = recorded.entries
        #expect(entries.count == 1)
        #expect(entries.first?.hasPrefix("the test was cancelled (") == true)
        #expect(entries.first?.hasSuffix("): a spec in it skipped everything, though its examples were expected to run @\(test.sourceLocation.line)") == true)
    }
}

@Suite(.failsWhenCancelled) struct SpecNameTests {
    @Test func anUnnamedSpecIsNamedAfterItsFunction() throws {
        var name = ""
        try spec { it("x") { name = ExampleRunner.current!.path[0] } }
        #expect(name == "anUnnamedSpecIsNamedAfterItsFunction")
    }

    func testParsing() throws -> String {
        var name = ""
        try spec { it("x") { name = ExampleRunner.current!.path[0] } }
        return name
    }

    func test_snake_case() throws -> String {
        var name = ""
        try spec { it("x") { name = ExampleRunner.current!.path[0] } }
        return name
    }

    func test() throws -> String {
        var name = ""
        try spec { it("x") { name = ExampleRunner.current!.path[0] } }
        return name
    }

    @Test func aLeadingTestAndTheParametersAreDropped() throws {
        #expect(try testParsing() == "Parsing")
        #expect(try test_snake_case() == "snake_case")
        #expect(try test() == "test")
    }
}

/// The skip warnings of the spec named "Partly skipped", each as
/// "severity: comment @line"; they are taken out of the test's issues.
private let partlySkippedWarnings = Log()

private func capturePartlySkippedWarnings(_ issue: Issue) -> Issue? {
    let comment = issue.comments.map(\.rawValue).joined(separator: " | ")
    guard comment.contains("Partly skipped,") else { return issue }
    partlySkippedWarnings("\(issue.severity): \(comment) @\(issue.sourceLocation?.line ?? 0)")
    return nil
}

/// Contract §4 and §6: a partly skipped spec passes its Swift Testing test and
/// reports each skipped path, as a warning at the spec's line.
@Suite(.compactMapIssues(capturePartlySkippedWarnings), .failsWhenCancelled)
struct PartlySkippedSpecTests {
    @Test func eachSkippedPathIsAWarningAtTheSpecAndTheTestPasses() throws {
        let ran = Log()
        let line = #line + 1
        try spec("Partly skipped") {
            it("saves") { throw Skip("no database") }
            context("offline") { it("loads") { throw Skip("no network") } }
            it("adds") { ran("adds") }
        }
        #expect(ran.entries == ["adds"])
        #expect(partlySkippedWarnings.entries == [
            "warning: Skipped:\n  Partly skipped, saves: skipped (no database)\n  Partly skipped, offline, loads: skipped (no network) @\(line)",
        ])
    }
}
