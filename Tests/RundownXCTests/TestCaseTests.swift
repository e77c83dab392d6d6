import Rundown
import Testing
import XCTest

/// A failure as XCTest received it.
struct RecordedFailure: Equatable {
    var message: String
    var file: String
    var line: Int
}


/// Contract §4 and §6 for XCTest: `Rundown.TestCase.spec` records every
/// failure of a spec as a failure of the running test, with its path and
/// location, and reports a spec whose every example was skipped as skipped.
final class TestCaseTests: CheckedTestCase {
    /// Failures are collected here instead of failing the test while it is non-nil.
    private var captured: [RecordedFailure]?

    private func capturingFailures(_ body: () throws -> Void) rethrows -> [RecordedFailure] {
        captured = []
        defer { captured = nil }
        try body()
        return captured ?? []
    }

    #if canImport(ObjectiveC)
    override func record(_ issue: XCTIssue) {
        guard captured != nil else { return super.record(issue) }
        let location = issue.sourceCodeContext.location
        captured?.append(RecordedFailure(message: issue.compactDescription, file: location?.fileURL.path ?? "", line: location?.lineNumber ?? 0))
    }
    #else
    override func recordFailure(withDescription description: String, inFile filePath: String, atLine lineNumber: Int, expected: Bool) {
        guard captured != nil else {
            return super.recordFailure(withDescription: description, inFile: filePath, atLine: lineNumber, expected: expected)
        }
        captured?.append(RecordedFailure(message: description, file: filePath, line: lineNumber))
    }
    #endif

    func testEveryErrorIsRecordedWithItsPathAndLocation() throws {
        let ran = Log()
        let firstLine = #line + 5
        let hookLine = #line + 7
        let failures = try capturingFailures {
            try spec("Parser") {
                context("when empty") {
                    it("throws") { ran("throws"); throw Boom("empty") }
                }
                it("still runs") { ran("still runs") }
                afterAll("close") { ran("close"); throw Boom("close") }
            }
        }
        XCTAssertEqual(ran.entries, ["throws", "still runs", "close"])
        XCTAssertEqual(failures, [
            RecordedFailure(message: "Parser, when empty, throws: Boom(empty)", file: #filePath, line: firstLine),
            RecordedFailure(message: "Parser, close: Boom(close)", file: #filePath, line: hookLine),
        ])
    }

    func testAnUnnamedSpecIsNamedAfterTheTestMethod() throws {
        let failures = try capturingFailures {
            try spec { it("fails") { throw Boom("x") } }
        }
        XCTAssertEqual(failures.map(\.message), ["AnUnnamedSpecIsNamedAfterTheTestMethod, fails: Boom(x)"])
    }

    func testAnAsyncSpecRecordsEveryError() async throws {
        captured = []
        try await spec("Async") {
            it("a") { await Task.yield(); throw Boom("a") }
            it("b") { throw Boom("b") }
        }
        let failures = captured ?? []
        captured = nil
        XCTAssertEqual(failures.map(\.message), ["Async, a: Boom(a)", "Async, b: Boom(b)"])
    }

    func testASpecWhoseEveryExampleWasSkippedSkipsTheTest() throws {
        XCTAssertThrowsError(try spec("Skipping") {
            beforeAll { throw XCTSkip("no database") }
            it("a") {}
            it("b") {}
        }) { error in
            XCTAssertEqual((error as? XCTSkip)?.message, "Skipping: skipped (no database)")
        }
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
        let line = #line + 3
        let failures = try capturingFailures {
            try spec("Mixed") {
                it("expects") { #expect(1 + 1 == 3, "one and one") }
                it("records") { Issue.record("by hand") }
            }
        }
        XCTAssertEqual(failures, [
            RecordedFailure(message: "Expectation failed: (1 + 1 → 2) == 3 - one and one", file: #filePath, line: line),
            RecordedFailure(message: "Issue recorded - by hand", file: #filePath, line: line + 1),
        ])
    }

    func testSwiftTestingIssuesInsideAnAsyncSpecFailTheTest() async throws {
        captured = []
        try await spec("Mixed") {
            it("expects") { await Task.yield(); #expect(Bool(false)) }
        }
        let failures = captured ?? []
        captured = nil
        XCTAssertEqual(failures.map(\.message), ["Expectation failed: Bool(false)"])
    }

    func testClosuresCaptureSelfAndLocalVariables() throws {
        var sut: [String] = []
        try spec {
            beforeEach { sut = ["fresh"] }
            it("changes its own copy") { sut.append("x"); self.counter += 1 }
            it("starts fresh") { XCTAssertEqual(sut, ["fresh"]); self.counter += 1 }
        }
        XCTAssertEqual(counter, 2)
    }

    func testAssertionsInsideASpecFailTheTest() throws {
        let line = #line + 3
        let failures = try capturingFailures {
            try spec("Assertions") {
                it("compares") { XCTAssertEqual(1, 2) }
            }
        }
        XCTAssertEqual(failures.count, 1)
        XCTAssertEqual(failures.first?.line, line)
        XCTAssertEqual(failures.first?.file, #filePath)
    }
}

/// A plain `XCTestCase` using the global `spec`: no framework takes its
/// failures, so the first one is thrown after everything ran.
final class GlobalSpecInXCTestTests: XCTestCase {
    func testTheFirstFailureIsThrownAfterEverythingRan() {
        let ran = Log()
        XCTAssertThrowsError(try spec("Global") {
            it("a") { ran("a"); throw Boom("a") }
            it("b") { ran("b"); throw Boom("b") }
        }) { error in
            XCTAssertEqual(String(describing: error), "Global, a: Boom(a)")
            XCTAssertEqual((error as? SpecFailure)?.path, ["Global", "a"])
        }
        XCTAssertEqual(ran.entries, ["a", "b"])
    }
}
