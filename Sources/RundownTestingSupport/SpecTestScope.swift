#if canImport(Testing)
import Foundation
import RundownEngine
import Testing

/// What the specs of one Swift Testing test did, for the `.specs` trait.
///
/// Swift Testing offers no way to act when a test ends except a trait around
/// it. A spec whose every example was skipped therefore cannot cancel its test
/// on its own without hiding what follows it; the trait remembers it here and
/// cancels the test at its end, if nothing else in it ran or failed.
package final class SpecTestScope: Sendable {
    /// The scope of the test running in this task, if it has the trait.
    @TaskLocal package static var current: SpecTestScope?

    private struct State {
        var skippedSpecs: [String] = []
        var specsThatRan = 0
        var failures = 0
    }

    private let state = Protected(State())

    package init() {}

    /// A spec of the test had every example skipped.
    package func noteSkippedSpec(_ summary: String) {
        state.withLock { $0.skippedSpecs.append(summary) }
    }

    /// A spec of the test ran at least one example.
    package func noteSpecRan() {
        state.withLock { $0.specsThatRan += 1 }
    }

    /// The test recorded an issue; a failing one means something ran and failed.
    package func count(_ issue: Issue) {
        guard issue.isFailure else { return }
        state.withLock { $0.failures += 1 }
    }

    /// Why the test should be reported as skipped, or `nil` if it should not:
    /// it ran specs, all of them were skipped, and nothing failed.
    package var cancellationReason: String? {
        state.withLock { state in
            guard !state.skippedSpecs.isEmpty, state.specsThatRan == 0, state.failures == 0 else { return nil }
            return state.skippedSpecs.joined(separator: "\n")
        }
    }

    /// Runs a test inside its scope: issues carry the paths of the elements
    /// that recorded them, synchronous specs included, and the test is
    /// cancelled at its end if its specs skipped everything.
    @concurrent package static func run(
        _ test: Test, _ testCase: Test.Case?, _ function: @concurrent @Sendable () async throws -> Void
    ) async throws {
        let scope = SpecTestScope()
        let scopeOfIssues = IssueScope()
        let issues = IssueHandlingTrait.compactMapIssues { issue in
            guard let handled = scopeOfIssues.handle(issue) else { return nil }
            scope.count(handled)
            return handled
        }
        try await issues.provideScope(for: test, testCase: testCase) {
            try await SpecTestScope.$current.withValue(scope) {
                try await IssueScope.$innermost.withValue(scopeOfIssues) {
                    try await function()
                }
            }
        }
        if let reason = scope.cancellationReason {
            try Test.cancel(Comment(rawValue: reason), sourceLocation: test.sourceLocation)
        }
    }
}
#endif
