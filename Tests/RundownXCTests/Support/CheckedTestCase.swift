import Rundown
import RundownTestSupport
import XCTest

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
    private let capture = FailureCapture()

    override func tearDown() {
        failIfSkipped(self)
        super.tearDown()
    }

    /// Runs `body` and returns the failures recorded meanwhile, which do not fail the test.
    func capturingFailures(_ body: () throws -> Void) rethrows -> [RecordedFailure] {
        try capture.capturing(body)
    }

    /// Runs `body` and returns the failures recorded meanwhile, which do not fail the test.
    func capturingFailures(_ body: () async throws -> Void) async rethrows -> [RecordedFailure] {
        try await capture.capturing(body)
    }

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
}

/// Records a failure against `testCase` if its run has been skipped: a skip
/// that was not expected.
func failIfSkipped(_ testCase: XCTestCase, file: StaticString = #filePath, line: UInt = #line) {
    guard let run = testCase.testRun, run.hasBeenSkipped else { return }
    XCTFail(
        "\(testCase.name) was skipped: a spec in it skipped everything, though its examples were expected to run",
        file: file, line: line)
}
