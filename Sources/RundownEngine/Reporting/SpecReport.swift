/// What a spec run did: every failure and skip, and how its examples ended.
package struct SpecReport: Sendable {
    /// Every failure, in the order it happened.
    package var failures: [SpecFailure] = []
    /// Every skip, in the order it happened.
    package var skips: [SpecSkip] = []
    /// Examples that ran and passed.
    package var passedCount = 0
    /// Examples that failed, or could not run because a hook they needed failed.
    package var failedCount = 0
    /// Examples that were skipped, excluded or left out by focus.
    package var skippedCount = 0
    /// Examples that the run's filter or shard did not select (see
    /// ``RunControls``). They are not part of the run: no event, skip or
    /// result names them. When nothing at all was selected, one skip of the
    /// spec's root says so, and ``everythingSkipped`` is true.
    package var filteredOutCount = 0
    /// The places of the filter (`Stack.swift:42`) that named nothing in the spec.
    package var placeMisses: [PlaceTargets.Miss] = []
    /// Every notice (a flaky example, `until-failure` stopping at a failure), in the order it happened.
    package var notices: [SpecNotice] = []
    /// The examples that repeated, added up.
    package var repetitions = RepetitionTally()

    /// The paths of the examples that passed only on a retry, each once, in order.
    package var flakyPaths: [[String]] {
        var seen = Set<[String]>()
        return notices.filter(\.isFlaky).map(\.path).filter { seen.insert($0).inserted }
    }

    /// Creates an empty report.
    package init() {}

    /// Whether no example of the spec ran, and nothing failed: every example
    /// was skipped, or none was selected (filtered out or sharded away).
    /// Its host then reports the spec as skipped, so that a run that checked
    /// nothing cannot look like a pass.
    package var everythingSkipped: Bool {
        failures.isEmpty && passedCount == 0 && failedCount == 0 && (skippedCount > 0 || filteredOutCount > 0)
    }

    mutating func count(_ result: ExampleResult) {
        switch result {
        case .passed: passedCount += 1
        case .failed: failedCount += 1
        case .skipped: skippedCount += 1
        }
    }
}
