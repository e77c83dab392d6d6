import Rundown
import RundownTestSupport
import Testing

/// Behaviour#Failures-in-Swift-Testing as far as the core goes: inside a Swift Testing test, `spec`
/// records each failure as an issue with its path and does not rethrow it;
/// with no test running, it throws the first failure after running everything.
@Suite(.failsWhenCancelled) struct SwiftTestingHostTests {
    @Test func eachFailureBecomesAnIssueWithItsPathAndLocation() throws {
        let issues = Locked<[Issue]>([])
        let firstLine = SourceLine.marked("throws empty")
        let secondLine = SourceLine.marked("throws full")
        try withKnownIssue {
            try spec("Parser") {
                context("when empty") {
                    it("throws") { throw Boom("empty") }  // line: throws empty
                }
                context("when full") {
                    it("throws too") { throw Boom("full") }  // line: throws full
                }
            }
        } matching: { issue in
            issues.withLock { $0.append(issue) }
            return true
        }
        let recorded = issues.withLock { $0 }
        try #require(recorded.count == 2, "spec recorded each failure once and rethrew nothing")
        #expect(
            recorded.map { $0.comments.map(\.rawValue) } == [
                ["Parser, when empty, throws"], ["Parser, when full, throws too"],
            ])
        #expect(recorded.map { $0.sourceLocation?.line } == [firstLine, secondLine])
        #expect(
            recorded.map { $0.sourceLocation?.fileID } == [
                "RundownTests/SwiftTestingHostTests.swift", "RundownTests/SwiftTestingHostTests.swift",
            ])
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
            recorded(
                "\(path): \(issue.error.map { String(describing: $0) } ?? "no error") @\(issue.sourceLocation?.line ?? 0)"
            )
            return true
        }
        return recorded.entries
    }

    @Test func hookFailuresAreRecordedAtTheirHooksNotAtTheExample() throws {
        let recorded = try issues {
            try spec("Hooks") {
                context("all") {
                    beforeAll("open") { throw Boom("open") }  // line: open
                    it("never runs") {}
                    afterAll("close") { throw Boom("close") }  // line: close
                }
                context("each") {
                    aroundEach("wrap") { run in  // line: wrap
                        try run()
                        throw Boom("wrap")
                    }
                    beforeEach("seed") { throw Boom("seed") }  // line: seed
                    it("example") {}
                    afterEach("clean") { throw Boom("clean") }  // line: clean
                }
            }
        }
        #expect(
            recorded == [
                "Hooks, all, open: Boom(open) @\(SourceLine.marked("open"))",
                "Hooks, all, close: Boom(close) @\(SourceLine.marked("close"))",
                "Hooks, each, example, seed: Boom(seed) @\(SourceLine.marked("seed"))",
                "Hooks, each, example, clean: Boom(clean) @\(SourceLine.marked("clean"))",
                "Hooks, each, example, wrap: Boom(wrap) @\(SourceLine.marked("wrap"))",
            ])
    }

    @Test func anAroundEachErrorAfterItsBodyIsAnIssue() throws {
        let ran = Log()
        let line = SourceLine.marked("commit")
        let recorded = try issues {
            try spec("Transaction") {
                aroundEach("commit") { run in  // line: commit
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
        let line = SourceLine.marked("lazy")
        let recorded = try issues {
            try spec("Lazy") {
                aroundEach("lazy") { _ in ran("lazy") }  // line: lazy
                aroundEach("inner") { run in
                    ran("inner")
                    try run()
                }
                it("a") { ran("a") }
            }
        }
        #expect(ran.entries == ["lazy"])
        #expect(
            recorded == [
                "Lazy, a, lazy: lazy returned without calling its body, so the element it wraps did not run; call the body once on every path through the hook, or throw Skip(\"why\") to skip the element on purpose @\(line)"
            ])
    }

    @Test func anExpectationInsideASpecFailsTheTest() throws {
        let count = Locked(0)
        try withKnownIssue {
            try spec { it("expects") { #expect(1 + 1 == 3) } }
        } matching: { issue in
            // The warning that the test lacks `.specs` is not a failure (see the next test).
            if issue.isFailure { count.withLock { $0 += 1 } }
            return true
        }
        #expect(count.withLock { $0 } == 1)
    }

    /// Behaviour#Failures-in-Swift-Testing: in a synchronous spec in a test without `.specs`,
    /// `#expect` cannot carry its path; the first such failure of the test
    /// adds one warning naming the test and saying to add `.specs`.
    // reaches: SwiftTestingWarning.specsTraitForgotten
    @Test func aForgottenSpecsTraitIsOneWarningNamingTheTest() throws {
        let warnings = Locked<[String]>([])
        let failures = Locked(0)
        try withKnownIssue {
            try spec("First") { it("expects") { #expect(1 + 1 == 3) } }
            try spec("Second") {
                it("expects") { #expect(2 + 2 == 5) }
                it("expects again") { #expect(Bool(false)) }
            }
        } matching: { issue in
            if issue.severity == .warning {
                warnings.withLock { $0.append(issue.comments.map(\.rawValue).joined()) }
            } else if issue.isFailure {
                failures.withLock { $0 += 1 }
            }
            return true
        }
        #expect(failures.withLock { $0 } == 3)
        let said = warnings.withLock { $0 }
        try #require(said.count == 1)
        #expect(said[0].contains("'aForgottenSpecsTraitIsOneWarningNamingTheTest()'"))
        #expect(said[0].contains("Add '.specs'"))
    }

    // On Linux, HostOutputTests runs this in a child process, where it also checks the
    // failure printed for "b"; here that line would show up as an error in the run's output.
    #if !os(Linux)
    @Test func withNoTestRunningTheFirstFailureIsThrownAfterEverythingRan() async throws {
        let result = await Task.detached {
            let log = Log()
            do {
                try spec("Detached") {
                    it("a") {
                        log("a")
                        throw Boom("first")
                    }
                    it("b") {
                        log("b")
                        throw Boom("second")
                    }
                    afterAll { log("afterAll") }
                }
                return (log.entries, "nothing thrown")
            } catch {
                return (log.entries, String(describing: error))
            }
        }.value
        #expect(result.0 == ["a", "b", "afterAll"])
        #expect(result.1 == "Detached, a: Boom(first) (+1 more)")
    }
    #endif

    /// Behaviour#A-failure-is-reported-once: `#require` records its own issue; the spec does not record it again.
    @Test func aFailingRequireIsReportedOnce() async throws {
        func synchronousSpec() throws {
            try spec("Sync") { it("requires") { try #require(1 + 1 == 3) } }
        }
        let report = try await runCapturingIssues {
            try synchronousSpec()
            try await spec("Async") {
                it("requires") {
                    await Task.yield()
                    try #require(1 + 1 == 3)
                }
            }
        }
        #expect(
            report.errors == [
                "Expectation failed: (1 + 1 → 2) == 3 (error)", "Expectation failed: (1 + 1 → 2) == 3 (error)",
            ])
    }

    /// Behaviour#Skips-leave-nothing-to-undo:
    /// a spec nested in an example, whose examples were all skipped, skips that example.
    @Test func aFullySkippedNestedSpecSkipsItsElement() async throws {
        let ran = Log()
        let report = try await runCapturingIssues {
            try await spec("Outer") {
                it("nests") {
                    try await spec("Inner") { it("a") { throw Skip("no network") } }
                    ran("after inner")
                }
                it("runs") { ran("runs") }
            }
        }
        #expect(report.errors == [])
        #expect(report.warnings == ["Skipped:\n  Outer, nests: skipped (Inner, a: skipped (no network))"])
        #expect(ran.entries == ["runs"])
    }

    /// A nested spec's failures are reported with their own paths, once, and fail the element that ran it.
    @Test func aNestedSpecsFailuresAreReportedOnce() async throws {
        let report = try await runCapturingIssues {
            try await spec("Outer") {
                it("nests") {
                    try await spec("Inner") { it("a") { throw Boom("inner") } }
                }
            }
        }
        #expect(report.errors == ["Caught error: Boom(inner) | Inner, a"])
    }

    // reaches: SwiftTestingWarning.skipped
    @Test(.takingOutSkipWarnings) func aPartlySkippedSpecPasses() throws {
        var ran = false
        try spec {
            it("a") { throw Skip("not on this platform") }
            it("b") { ran = true }
        }
        #expect(ran)
        #expect(
            SkipWarnings.taken.entries.contains(
                "Skipped:\n  aPartlySkippedSpecPasses, a: skipped (not on this platform)"))
    }
}

/// Specs here skip everything, or cancel their test, on purpose, so this
/// suite does without `.failsWhenCancelled`.
@Suite struct FullySkippedSpecTests {
    /// Behaviour#Skips-leave-nothing-to-undo: `Test.cancel` inside an example is a skip of that element.
    @Test func testCancelInsideAnExampleIsASkip() async throws {
        let report = try await runCapturingIssues {
            try await spec("Cancel") {
                it("cancels") { try Test.cancel("not today") }
            }
        }
        #expect(report.errors == [])
        #expect(
            report.warnings == [
                "Cancel, cancels: skipped (not today)\nEvery example of 'Cancel' was skipped; the test goes on. Give the test the '.specs' trait to report it as skipped when nothing else in it runs."
            ])
    }

    // reaches: SwiftTestingWarning.everythingSkippedTestGoesOn
    @Test func aFullySkippedSpecWarnsAndTheTestGoesOn() throws {
        let warnings = Locked<[Issue]>([])
        let line = SourceLine.marked("skipping")
        try withKnownIssue {
            try spec("Skipping") {  // line: skipping
                it("a") { throw Skip("not on this platform") }
                xIt("b") {}
            }
        } matching: { issue in
            warnings.withLock { $0.append(issue) }
            return true
        }
        let recorded = warnings.withLock { $0 }
        #expect(recorded.map(\.severity) == [.warning])
        #expect(recorded.first?.sourceLocation?.line == line)
        #expect(
            recorded.first?.comments.map(\.rawValue) == [
                "Everything was skipped:\n  Skipping, b: skipped (excluded)\n  Skipping, a: skipped (not on this platform)\nEvery example of 'Skipping' was skipped; the test goes on. Give the test the '.specs' trait to report it as skipped when nothing else in it runs."
            ])
    }

    /// Behaviour#A-skip-is-never-a-failure: a fully skipped spec does not hide what follows it.
    @Test func aSpecAfterAFullySkippedOneRunsAndReports() async throws {
        let ran = Log()
        let failures = Locked<[String]>([])
        try await withKnownIssue {
            try await spec("first") { it("a") { throw Skip("n/a") } }
            ran("after first")
            try await spec("second") {
                it("b") {
                    ran("b")
                    throw Boom("b")
                }
            }
        } matching: { issue in
            if issue.severity == .error { failures.withLock { $0.append(issue.comments.map(\.rawValue).joined()) } }
            return true
        }
        #expect(ran.entries == ["after first", "b"])
        #expect(failures.withLock { $0 } == ["second, b"])
    }

    /// The test helper every other suite relies on: the warning of a spec
    /// that skipped everything becomes an error under `.failsWhenCancelled`.
    @Test func failsWhenCancelledTurnsAFullySkippedSpecIntoAnIssue() throws {
        let warnings = Locked<[Issue]>([])
        try withKnownIssue {
            try spec("Skipped") { it("a") { throw Skip("n/a") } }
        } matching: { issue in
            warnings.withLock { $0.append(issue) }
            return true
        }
        let warning = try #require(warnings.withLock { $0.first })
        let failing = try #require(FailsWhenCancelled.failingFullSkips(warning))
        #expect(failing.severity == .error)
        #expect(
            failing.comments.last?.rawValue
                == "unexpected: a spec skipped everything, though its examples were expected to run")
    }
}

@Suite(.failsWhenCancelled) struct SpecNameTests {
    @Test func anUnnamedSpecIsNamedAfterItsFunction() throws {
        var name = ""
        try spec { it("x") { name = ExampleRunner.current?.path.first ?? "" } }
        #expect(name == "anUnnamedSpecIsNamedAfterItsFunction")
    }

    func testParsing() throws -> String {
        var name = ""
        try spec { it("x") { name = ExampleRunner.current?.path.first ?? "" } }
        return name
    }

    // swift-format-ignore: AlwaysUseLowerCamelCase
    // The snake-case name is the point: the host must keep it as written.
    func test_snake_case() throws -> String {
        var name = ""
        try spec { it("x") { name = ExampleRunner.current?.path.first ?? "" } }
        return name
    }

    func test() throws -> String {
        var name = ""
        try spec { it("x") { name = ExampleRunner.current?.path.first ?? "" } }
        return name
    }

    @Test func aLeadingTestAndTheParametersAreDropped() throws {
        #expect(try testParsing() == "Parsing")
        #expect(try test_snake_case() == "snake_case")
        #expect(try test() == "test")
    }
}

/// What the issues recorded while `body` ran said: failures and warnings, each
/// as its description, and its comments after " | " where it has them. None
/// of them fails the test that calls this.
struct CapturedIssues {
    var errors: [String] = []
    var warnings: [String] = []
    /// The failing issues' comments alone, joined with " | ".
    var failureComments: [String] = []
    /// The failing issues' locations, `Module/File.swift:line`.
    var failureLocations: [String] = []
}

func runCapturingIssues(_ body: () async throws -> Void) async throws -> CapturedIssues {
    let captured = Locked(CapturedIssues())
    try await withKnownIssue(isIntermittent: true) {
        try await body()
    } matching: { issue in
        let comments = issue.comments.map(\.rawValue).joined(separator: "\n")
        if issue.severity == .warning {
            captured.withLock { $0.warnings.append(comments) }
        } else {
            let text = String(describing: issue)
            let described = issue.error.map { "Caught error: \($0)" } ?? text
            let location = issue.sourceLocation.map { "\($0.fileID):\($0.line)" } ?? "?"
            captured.withLock {
                $0.errors.append(comments.isEmpty || issue.error == nil ? described : "\(described) | \(comments)")
                $0.failureComments.append(issue.comments.map(\.rawValue).joined(separator: " | "))
                $0.failureLocations.append(location)
            }
        }
        return true
    }
    return captured.withLock { $0 }
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

/// Behaviour#A-skip-is-never-a-failure and Behaviour#Failures-in-Swift-Testing:
/// a partly skipped spec passes its Swift Testing test and
/// reports each skipped path, as a warning at the spec's line.
@Suite(.compactMapIssues(capturePartlySkippedWarnings), .failsWhenCancelled)
struct PartlySkippedSpecTests {
    @Test func eachSkippedPathIsAWarningAtTheSpecAndTheTestPasses() throws {
        let ran = Log()
        let line = SourceLine.marked("partly skipped")
        try spec("Partly skipped") {  // line: partly skipped
            it("saves") { throw Skip("no database") }
            context("offline") { it("loads") { throw Skip("no network") } }
            it("adds") { ran("adds") }
        }
        #expect(ran.entries == ["adds"])
        #expect(
            partlySkippedWarnings.entries == [
                "warning: Skipped:\n  Partly skipped, saves: skipped (no database)\n  Partly skipped, offline, loads: skipped (no network) @\(line)"
            ])
    }
}
