#if canImport(XCTest)
import XCTest

/// A failure as XCTest received it.
package struct RecordedFailure: Equatable, Sendable {
    package var message: String
    package var file: String
    package var line: Int

    package init(message: String, file: String, line: Int) {
        (self.message, self.file, self.line) = (message, file, line)
    }
}

/// Collects the failures an `XCTestCase` records while `capturing` runs, instead of
/// letting them fail the test, so that a test can check what a failure path recorded.
///
/// XCTest lets a test see its failures only by overriding its recording method, so each test
/// class that captures overrides it (`record(_:)` on Apple platforms, which deprecate the other;
/// `recordFailure(withDescription:inFile:atLine:expected:)` on Linux) and first offers the failure
/// to `take`: a failure it takes is kept, any other is recorded as
/// usual. Failures may arrive from any thread (a detached task's, for one): the list is locked.
// swift-format-ignore: AmbiguousTrailingClosureOverload
// `capturing` has a sync and an async form under one name, as XCTest's own assertions have.
package final class FailureCapture: Sendable {
    /// The failures kept so far, or `nil` while nothing is being captured.
    private let captured = Locked<[RecordedFailure]?>(nil)

    package init() {}

    /// Runs `body` and returns the failures recorded meanwhile, which do not fail the test.
    package func capturing(_ body: () throws -> Void) rethrows -> [RecordedFailure] {
        captured.withLock { $0 = [] }
        defer { captured.withLock { $0 = nil } }
        try body()
        return captured.current ?? []
    }

    /// Runs `body` and returns the failures recorded meanwhile, which do not fail the test.
    package func capturing(_ body: () async throws -> Void) async rethrows -> [RecordedFailure] {
        captured.withLock { $0 = [] }
        defer { captured.withLock { $0 = nil } }
        try await body()
        return captured.current ?? []
    }

    /// Keeps the failure if a capture is running; `false` if the test case should record it.
    package func take(_ message: String, file: String, line: Int) -> Bool {
        captured.withLock { captured in
            guard captured != nil else { return false }
            captured?.append(RecordedFailure(message: message, file: file, line: line))
            return true
        }
    }

    #if canImport(ObjectiveC)
    /// Keeps the issue if a capture is running; `false` if the test case should record it.
    package func take(_ issue: XCTIssue) -> Bool {
        let location = issue.sourceCodeContext.location
        return take(issue.compactDescription, file: location?.fileURL.path ?? "", line: location?.lineNumber ?? 0)
    }
    #endif
}
#endif
