#if canImport(XCTest)
import RundownEngine
import XCTest

/// Connects the engine to XCTest: recognises `XCTSkip` and records failures
/// against a running test case.
public enum XCTestReporting {
    /// Recognises `XCTSkip`, so a spec treats it as a skip wherever it runs.
    public static let skipRecognizer: SkipRecognizer = { error in
        guard let skip = error as? XCTSkip else { return nil }
        return SkipReason(message: skip.message)
    }

    /// Records a spec failure as a failure of `testCase`, its message starting
    /// with the failure's path, at the location of the element or hook that threw.
    public static func record(_ failure: SpecFailure, in testCase: XCTestCase) {
        recordFailure(
            "\(failure.pathDescription): \(String(describing: failure.error))",
            at: failure.location,
            in: testCase
        )
    }

    /// Records a failure with the given message and location against `testCase`.
    public static func recordFailure(_ message: String, at location: CodeLocation, in testCase: XCTestCase) {
        #if canImport(ObjectiveC)
        let context = XCTSourceCodeContext(location: XCTSourceCodeLocation(filePath: location.filePath, lineNumber: location.line))
        testCase.record(XCTIssue(type: .assertionFailure, compactDescription: message, sourceCodeContext: context))
        #else
        testCase.recordFailure(withDescription: message, inFile: location.filePath, atLine: location.line, expected: true)
        #endif
    }

    /// Runs `body` so that Swift Testing issues recorded inside it (which
    /// XCTest alone would drop) are recorded as failures of `testCase`.
    public static func routingSwiftTestingIssues<Result>(to testCase: XCTestCase, _ body: () throws -> Result) rethrows -> Result {
        #if canImport(ObjectiveC)
        return try body()
        #else
        SwiftTestingIssueBridge.install()
        return try SwiftTestingIssueBridge.$testCase.withValue(TestCaseReference(testCase: testCase), operation: body)
        #endif
    }

    /// Runs `body` so that Swift Testing issues recorded inside it (which
    /// XCTest alone would drop) are recorded as failures of `testCase`.
    nonisolated(nonsending) public static func routingSwiftTestingIssues<Result>(to testCase: XCTestCase, _ body: () async throws -> Result) async rethrows -> Result {
        #if canImport(ObjectiveC)
        return try await body()
        #else
        SwiftTestingIssueBridge.install()
        return try await SwiftTestingIssueBridge.$testCase.withValue(TestCaseReference(testCase: testCase), operation: body)
        #endif
    }

    /// The error that makes XCTest report the running test as skipped.
    ///
    /// - Parameters:
    ///   - message: Why the test was skipped.
    ///   - file: The file XCTest names as the skip's location: the spec's.
    ///   - line: The line XCTest names as the skip's location.
    public static func skip(_ message: String, file: StaticString, line: Int) -> any Error {
        XCTSkip(message, file: file, line: UInt(max(0, line)))
    }
}
#endif
