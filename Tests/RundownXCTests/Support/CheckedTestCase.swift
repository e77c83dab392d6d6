import Rundown
import XCTest

/// A failure as XCTest received it.
struct RecordedFailure: Equatable {
    var message: String
    var file: String
    var line: Int
}

/// A `Rundown.TestCase` whose tests fail when they end skipped, and which can
/// collect the failures its own specs record.
///
/// When everything in a spec was skipped, Rundown reports its XCTest method
/// as skipped, and a skipped test is neither passed nor failed. So if the
/// engine wrongly decided "everything was skipped", a test whose examples
/// were meant to run would end green without having asserted anything. Here
/// such a test fails instead, however the skip reached XCTest: thrown out of
/// `spec` as `XCTSkip` (what the host does today) or recorded while the test
/// went on. A test that checks a fully skipped spec on purpose catches its
/// `XCTSkip` itself, or lives in a class without this check.
// swift-format-ignore: AmbiguousTrailingClosureOverload
// `capturingFailures` has a sync and an async form under one name, as XCTest's own assertions have.
class CheckedTestCase: Rundown.TestCase {
    /// Failures are collected here instead of failing the test while it is non-nil.
    private var captured: [RecordedFailure]?

    override func tearDown() {
        failIfSkipped(self)
        super.tearDown()
    }

    /// Runs `body` and returns the failures recorded meanwhile, which do not fail the test.
    func capturingFailures(_ body: () throws -> Void) rethrows -> [RecordedFailure] {
        captured = []
        defer { captured = nil }
        try body()
        return captured ?? []
    }

    /// Runs `body` and returns the failures recorded meanwhile, which do not fail the test.
    func capturingFailures(_ body: () async throws -> Void) async rethrows -> [RecordedFailure] {
        captured = []
        defer { captured = nil }
        try await body()
        return captured ?? []
    }

    #if canImport(ObjectiveC)
    override func record(_ issue: XCTIssue) {
        guard captured != nil else { return super.record(issue) }
        let location = issue.sourceCodeContext.location
        captured?.append(
            RecordedFailure(
                message: issue.compactDescription, file: location?.fileURL.path ?? "",
                line: location?.lineNumber ?? 0))
    }
    #else
    override func recordFailure(
        withDescription description: String, inFile filePath: String, atLine lineNumber: Int, expected: Bool
    ) {
        guard captured != nil else {
            return super.recordFailure(
                withDescription: description, inFile: filePath, atLine: lineNumber, expected: expected)
        }
        captured?.append(RecordedFailure(message: description, file: filePath, line: lineNumber))
    }
    #endif
}

/// Records a failure against `testCase` if its run has been skipped: a skip
/// that was not expected.
func failIfSkipped(_ testCase: XCTestCase, file: StaticString = #filePath, line: UInt = #line) {
    guard let run = testCase.testRun, run.hasBeenSkipped else { return }
    XCTFail(
        "\(testCase.name) was skipped: a spec in it skipped everything, though its examples were expected to run",
        file: file, line: line)
}
