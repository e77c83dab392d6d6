import Rundown
import RundownTestSupport
import RundownXCTestSupport
import Testing
import XCTest

/// Behaviour#Failures-in-XCTest and Behaviour#A-skip-is-never-a-failure for XCTest:
/// `Rundown.TestCase.spec` records every
/// failure of a spec as a failure of the running test, with its path and
/// location, and reports a spec whose every example was skipped as skipped.
final class TestCaseTests: CheckedTestCase {
    func testEveryErrorIsRecordedWithItsPathAndLocation() throws {
        let ran = Log()
        let firstLine = SourceLine.marked("parser throws")
        let hookLine = SourceLine.marked("parser close")
        let failures = try capturingFailures {
            try spec("Parser") {
                context("when empty") {
                    it("throws") {  // line: parser throws
                        ran("throws")
                        throw Boom("empty")
                    }
                }
                it("still runs") { ran("still runs") }
                afterAll("close") {  // line: parser close
                    ran("close")
                    throw Boom("close")
                }
            }
        }
        XCTAssertEqual(ran.entries, ["throws", "still runs", "close"])
        XCTAssertEqual(
            failures,
            [
                RecordedFailure(message: "Parser, when empty, throws: Boom(empty)", file: #filePath, line: firstLine),
                RecordedFailure(message: "Parser, close: Boom(close)", file: #filePath, line: hookLine),
            ])
    }

    func testHookFailuresAreRecordedAtTheirHooksNotAtTheExample() throws {
        let failures = try capturingFailures {
            try spec("Hooks") {
                context("all") {
                    beforeAll("open") { throw Boom("open") }  // line: open
                    it("never runs") {}
                    afterAll("close") { throw Boom("close") }  // line: hooks close
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
        XCTAssertEqual(
            failures,
            [
                RecordedFailure(
                    message: "Hooks, all, open: Boom(open)", file: #filePath, line: SourceLine.marked("open")),
                RecordedFailure(
                    message: "Hooks, all, close: Boom(close)", file: #filePath, line: SourceLine.marked("hooks close")),
                RecordedFailure(
                    message: "Hooks, each, example, seed: Boom(seed)", file: #filePath, line: SourceLine.marked("seed")),
                RecordedFailure(
                    message: "Hooks, each, example, clean: Boom(clean)", file: #filePath,
                    line: SourceLine.marked("clean")),
                RecordedFailure(
                    message: "Hooks, each, example, wrap: Boom(wrap)", file: #filePath, line: SourceLine.marked("wrap")),
            ])
    }

    func testAnAroundEachErrorAfterItsBodyIsRecorded() throws {
        let ran = Log()
        let line = SourceLine.marked("commit")
        let failures = try capturingFailures {
            try spec("Transaction") {
                aroundEach("commit") { run in  // line: commit
                    try run()
                    ran("after body")
                    throw Boom("commit")
                }
                it("writes") { ran("writes") }
            }
        }
        XCTAssertEqual(ran.entries, ["writes", "after body"])
        XCTAssertEqual(
            failures,
            [RecordedFailure(message: "Transaction, writes, commit: Boom(commit)", file: #filePath, line: line)])
    }

    func testAnOutermostAroundEachThatNeverCallsItsBodyFailsTheTest() throws {
        let ran = Log()
        let line = SourceLine.marked("lazy")
        let failures = try capturingFailures {
            try spec("Lazy") {
                aroundEach("lazy") { _ in ran("lazy") }  // line: lazy
                aroundEach("inner") { run in
                    ran("inner")
                    try run()
                }
                it("a") { ran("a") }
            }
        }
        XCTAssertEqual(ran.entries, ["lazy"])
        XCTAssertEqual(
            failures,
            [
                RecordedFailure(
                    message:
                        "Lazy, a, lazy: lazy returned without calling its body, so the element it wraps did not run; call the body once on every path through the hook, or throw Skip(\"why\") to skip the element on purpose",
                    file: #filePath, line: line)
            ])
    }

    func testAnUnnamedSpecIsNamedAfterTheTestMethod() throws {
        let failures = try capturingFailures {
            try spec { it("fails") { throw Boom("x") } }
        }
        XCTAssertEqual(failures.map(\.message), ["AnUnnamedSpecIsNamedAfterTheTestMethod, fails: Boom(x)"])
    }

    func testAnAsyncSpecRecordsEveryError() async throws {
        let failures = try await capturingFailures {
            try await spec("Async") {
                it("a") {
                    await Task.yield()
                    throw Boom("a")
                }
                it("b") { throw Boom("b") }
            }
        }
        XCTAssertEqual(failures.map(\.message), ["Async, a: Boom(a)", "Async, b: Boom(b)"])
    }

    /// Behaviour#A-skip-is-never-a-failure: a fully skipped spec does not hide what follows it.
    func testASpecAfterAFullySkippedOneRunsAndReports() throws {
        let ran = Log()
        #if canImport(ObjectiveC)
        // Apple's XCTest calls test methods without the closure Rundown wraps on Linux, so a spec
        // that skipped everything cannot defer its skip to the test's end: it throws `XCTSkip` at
        // once (`Rundown.TestCase.defersSkips`), and a test that goes on catches it.
        XCTAssertThrowsError(try spec("first") { it("a") { throw Skip("n/a") } }) { error in
            XCTAssertEqual((error as? XCTSkip)?.message, "first: skipped (n/a)")
        }
        #else
        try spec("first") { it("a") { throw Skip("n/a") } }
        #endif
        let failures = try capturingFailures {
            try spec("second") {
                it("b") {
                    ran("b")
                    throw Boom("b")
                }
            }
        }
        XCTAssertEqual(ran.entries, ["b"])
        XCTAssertEqual(failures.map(\.message), ["second, b: Boom(b)"])
        XCTAssertNil(TestCaseRuns.pendingSkip(of: self), "a spec ran an example, so the test is not skipped")
    }

    /// Behaviour#A-failure-is-reported-once: `#require` records its own failure; the spec does not record it again.
    func testAFailingRequireIsRecordedOnce() throws {
        let line = SourceLine.marked("requires")
        let failures = try capturingFailures {
            try spec("Requiring") {
                it("requires") { try #require(1 + 1 == 3) }  // line: requires
            }
        }
        XCTAssertEqual(
            failures,
            [
                RecordedFailure(
                    message: "Requiring, requires: Expectation failed: (1 + 1 → 2) == 3", file: #filePath, line: line)
            ])
    }

    /// Behaviour#Skips-leave-nothing-to-undo: Swift Testing's `Test.cancel` is a skip in XCTest too.
    /// Behaviour#Skips-leave-nothing-to-undo: a spec nested in an example, whose examples were all
    /// skipped, skips that example; a failing one fails it, each failure
    /// recorded once with its own path.
    func testANestedSpecSkipsOrFailsTheElementThatRanIt() throws {
        let ran = Log()
        let line = SourceLine.marked("inner b")
        let failures = try capturingFailures {
            try spec("Outer") {
                it("nests a skipped spec") {
                    try self.spec("Inner") { it("a") { throw Skip("no network") } }
                    ran("after the skipped spec")
                }
                it("nests a failing spec") {
                    try self.spec("Inner") {
                        it("b") { throw Boom("inner") }  // line: inner b
                    }
                }
                it("runs") { ran("runs") }
            }
        }
        XCTAssertEqual(ran.entries, ["runs"])
        XCTAssertEqual(failures, [RecordedFailure(message: "Inner, b: Boom(inner)", file: #filePath, line: line)])
    }

    func testTestCancelIsASkip() throws {
        let ran = Log()
        let failures = try capturingFailures {
            try spec("Cancelling") {
                it("cancels") { try Test.cancel("not here") }
                it("runs") { ran("runs") }
            }
        }
        XCTAssertEqual(failures, [])
        XCTAssertEqual(ran.entries, ["runs"])
    }

    func testXCTSkipAndSkipAreSkipsNotFailures() throws {
        let ran = Log()
        let failures = try capturingFailures {
            try spec {
                it("xctskip") { throw XCTSkip("n/a") }
                it("skip") { throw Skip("n/a") }
                it("runs") { ran("runs") }
                afterEach { ran("afterEach") }
            }
        }
        XCTAssertEqual(failures, [])
        XCTAssertEqual(ran.entries, ["afterEach", "afterEach", "runs", "afterEach"])
    }

    private var counter = 0

    func testSwiftTestingIssuesInsideASpecFailTheTest() throws {
        let line = SourceLine.marked("expects")
        let failures = try capturingFailures {
            try spec("Mixed") {
                it("expects") { #expect(1 + 1 == 3, "one and one") }  // line: expects
                it("records") { Issue.record("by hand") }  // line: records
            }
        }
        XCTAssertEqual(
            failures,
            [
                RecordedFailure(
                    message: "Mixed, expects: Expectation failed: (1 + 1 → 2) == 3 - one and one", file: #filePath,
                    line: line),
                RecordedFailure(
                    message: "Mixed, records: Issue recorded - by hand", file: #filePath,
                    line: SourceLine.marked("records")),
            ])
    }

    func testSwiftTestingIssuesInsideAnAsyncSpecFailTheTest() async throws {
        let failures = try await capturingFailures {
            try await spec("Mixed") {
                it("expects") {
                    await Task.yield()
                    #expect(Bool(false))
                }
            }
        }
        XCTAssertEqual(failures.map(\.message), ["Mixed, expects: Expectation failed: Bool(false)"])
    }

    func testClosuresCaptureSelfAndLocalVariables() throws {
        var sut: [String] = []
        try spec {
            beforeEach { sut = ["fresh"] }
            it("changes its own copy") {
                sut.append("x")
                self.counter += 1
            }
            it("starts fresh") {
                XCTAssertEqual(sut, ["fresh"])
                self.counter += 1
            }
        }
        XCTAssertEqual(counter, 2)
    }

    func testAssertionsInsideASpecFailTheTest() throws {
        let line = SourceLine.marked("compares")
        let failures = try capturingFailures {
            try spec("Assertions") {
                it("compares") { XCTAssertEqual(1, 2) }  // line: compares
            }
        }
        XCTAssertEqual(failures.count, 1)
        XCTAssertEqual(failures.first?.line, line)
        XCTAssertEqual(failures.first?.file, #filePath)
    }
}

/// A plain `XCTestCase` using the global `spec`: Rundown has no test case to
/// record into, so each failure goes through `XCTFail` to the test running
/// now, at the line of `spec`, naming the file and line where it failed.
final class GlobalSpecInXCTestTests: XCTestCase {
    private let capture = FailureCapture()

    // Apple's XCTest deprecates overriding `recordFailure(withDescription:…)`; every failure
    // reaches `record(_:)` there.
    #if canImport(ObjectiveC)
    override func record(_ issue: XCTIssue) {
        if !capture.take(issue) { super.record(issue) }
    }
    #else
    override func recordFailure(
        withDescription description: String, inFile filePath: String, atLine lineNumber: Int, expected: Bool
    ) {
        if !capture.take(description, file: filePath, line: lineNumber) {
            super.recordFailure(withDescription: description, inFile: filePath, atLine: lineNumber, expected: expected)
        }
    }
    #endif

    func testEachFailureIsRecordedAfterEverythingRan() throws {
        let ran = Log()
        let (line, aLine, expectLine) = (
            SourceLine.marked("global spec"), SourceLine.marked("global a"), SourceLine.marked("global expect")
        )
        let failures = try capture.capturing {
            try spec("Global") {  // line: global spec
                it("a") {  // line: global a
                    ran("a")
                    throw Boom("a")
                }
                it("b") {
                    ran("b")
                    #expect(Bool(false))  // line: global expect
                }
            }
        }
        XCTAssertEqual(ran.entries, ["a", "b"])
        XCTAssertEqual(
            failures,
            [
                RecordedFailure(
                    message: "failed - Global, a: Boom(a) (TestCaseTests.swift:\(aLine))", file: #filePath,
                    line: line),
                RecordedFailure(
                    message: "failed - Global, b: Expectation failed: Bool(false) (TestCaseTests.swift:\(expectLine))",
                    file: #filePath, line: line),
            ])
    }
}

/// A test whose only spec skipped everything: it goes on, and is reported as
/// skipped when it ends (so it is not a `CheckedTestCase`).
final class DeferredSkipTests: Rundown.TestCase {
    /// Behaviour#A-skip-is-never-a-failure: the test is reported skipped when it ends, because its
    /// only spec skipped everything and nothing else failed (the black-box
    /// `HostOutputTests` sees it reported); until then the test goes on.
    func testASpecWhoseEveryExampleWasSkippedSkipsTheTestWhenItEnds() throws {
        let after = Log()
        #if canImport(ObjectiveC)
        // Apple's XCTest: no closure to wrap, so the skip cannot wait for the test's end; the spec
        // throws it at once, and the test is reported skipped from there (see
        // `Rundown.TestCase.defersSkips`). Caught here, to check what it says.
        XCTAssertThrowsError(
            try spec("Skipping") {
                beforeAll { throw XCTSkip("no database") }
                it("a") {}
                it("b") {}
            }
        ) { error in
            XCTAssertEqual((error as? XCTSkip)?.message, "Skipping: skipped (no database)")
        }
        XCTAssertNil(TestCaseRuns.pendingSkip(of: self))
        #else
        do {
            try spec("Skipping") {
                beforeAll { throw XCTSkip("no database") }
                it("a") {}
                it("b") {}
            }
        } catch {
            XCTFail("the spec threw \(error) instead of letting the test go on")
        }
        XCTAssertEqual(TestCaseRuns.pendingSkip(of: self)?.message, "Skipping: skipped (no database)")
        #endif
        after("after the spec")
        XCTAssertEqual(after.entries, ["after the spec"])
    }
}
