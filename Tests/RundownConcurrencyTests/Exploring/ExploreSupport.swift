import Foundation
import RundownTestSupport
import Testing

@testable import RundownConcurrency

/// The issues Swift Testing recorded while `body` ran, each as its text and `File.swift:line`,
/// taken out of the test (known issues) so that a test can check the failures it provokes.
func capturingIssues(
    isolation: isolated (any Actor)? = #isolation,
    _ body: () async throws -> Void
) async rethrows -> [(text: String, location: String)] {
    let captured = Locked<[(text: String, location: String)]>([])
    try await withKnownIssue(isIntermittent: true) {
        try await body()
    } matching: { issue in
        let location = issue.sourceLocation.map { "\($0.fileName):\($0.line)" } ?? "?"
        captured.withLock { $0.append((String(describing: issue), location)) }
        return true
    }
    return captured.current
}

/// The failures the toolkit routed while `body` ran, taken before any framework sees them.
func capturingRoutedFailures(
    isolation: isolated (any Actor)? = #isolation,
    _ body: () async throws -> Void
) async rethrows -> [ConcurrencyFailure] {
    try await FailureCollector.collecting { try await body() }
}

/// Where a failure is, as `File.swift:line`.
extension ConcurrencyFailure {
    var place: String {
        "\(location.fileID.split(separator: "/").last ?? ""):\(location.line)"
    }
}
