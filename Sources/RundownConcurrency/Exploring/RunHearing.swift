import RundownEngine

#if canImport(Testing)
import RundownTestingSupport
import Testing
#endif

/// What the explorer hears of one run's failures beyond what ``RunFailureWatch`` counts: whether a
/// failure took a road that records it before anyone can keep it quiet, and, for the replay of a
/// failing order, a region that keeps every failure from being recorded a second time.
///
/// This is the one place that knows which roads can be kept quiet today, so that it moves onto the
/// single failure channel with ``RunFailureWatch``:
///
/// - quiet, and counted: a toolkit check (`FailureRouting.handler`, bound here inside the watch's),
///   an issue Swift Testing records (an inner `withKnownIssue` that claims it before any matcher
///   around `explore`, and an inner issue handler that drops it), and the explorer's own reports
///   (the replay's run reports to ``hear()``);
/// - heard too late to keep quiet: a failure posted to a spec's run or one XCTest recorded itself
///   (`FailurePostWatch`, bound here inside the watch's and handed on to it). A run whose failure
///   took this road is not replayed, so that its failure is never recorded twice.
final class RunHearing: FailurePostObserver {
    /// Whether the failures heard are kept from everything outside.
    let quiet: Bool
    private let counts = Protected((heard: 0, tooLate: 0))
    /// The observer in effect outside, told of every post as it was before.
    private let outer: (any FailurePostObserver)?

    init(quiet: Bool) {
        self.quiet = quiet
        outer = FailurePostWatch.current
    }

    /// How many failures were heard in the region.
    var heard: Int { counts.withLock { $0.heard } }
    /// Whether a failure took a road that records it before it can be kept quiet.
    var heardTooLate: Bool { counts.withLock { $0.tooLate > 0 } }

    /// A failure kept quiet: counted here, recorded nowhere.
    func hear() {
        counts.withLock { $0.heard += 1 }
    }

    func failureWasPosted() {
        counts.withLock {
            $0.heard += 1
            $0.tooLate += 1
        }
        outer?.failureWasPosted()
    }

    /// Runs `work` on `isolation` inside the region: a loud one only listens for failures posted
    /// too late to keep quiet; a quiet one keeps every failure it can from being recorded.
    func listening<Result>(isolation: isolated (any Actor)?, _ work: () async -> Result) async -> Result {
        if !quiet {
            return await FailurePostWatch.$current.withValue(self) { await work() }
        }
        return await keepingQuiet(isolation: isolation) {
            await FailurePostWatch.$current.withValue(self) {
                await keepingIssuesQuiet(isolation: isolation, work)
            }
        }
    }

    /// Binds a toolkit failure handler that only counts. Not optimized, for the reason
    /// ``RunFailureWatch/watching(isolation:_:)`` gives: an optimized `withValue` of a task-local
    /// whose value is a function crashes with Swift 6.3.1.
    @_optimize(none)
    private func keepingQuiet<Result>(
        isolation: isolated (any Actor)?, _ work: () async -> Result
    ) async -> Result {
        let handler: @Sendable (ConcurrencyFailure) -> Void = { [self] _ in hear() }
        return await FailureRouting.$handler.withValue(handler) { await work() }
    }

    private func keepingIssuesQuiet<Result>(
        isolation: isolated (any Actor)?, _ work: () async -> Result
    ) async -> Result {
        #if canImport(Testing)
        guard let test = Test.current else { return await work() }
        let dropping = IssueHandlingTrait.compactMapIssues { issue in
            // Counted where it was claimed, below; warnings are not failures, and go on.
            issue.severity >= .error ? nil : issue
        }
        return await withoutActuallyEscaping(work) { work in
            let handOver = HandOver(work: work)
            try? await dropping.provideScope(for: test, testCase: Test.Case.current) {
                // The innermost known-issue scope claims an issue first: a matcher of the test's
                // own around `explore` never sees the replay's.
                await withKnownIssue(isIntermittent: true) {
                    await handOver.perform(on: isolation)
                } matching: { [self] issue in
                    if issue.severity >= .error { hear() }
                    return true
                }
            }
            // Swift Testing runs the scope's body unless the test is being torn down; the replay
            // then runs without this road, not never.
            if let result = handOver.result { return result }
            return await work()
        }
        #else
        return await work()
        #endif
    }
}
