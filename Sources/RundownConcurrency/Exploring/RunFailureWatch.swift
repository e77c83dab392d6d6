import RundownEngine

#if canImport(Testing)
import RundownTestingSupport
import Testing
#endif
#if canImport(XCTest)
import RundownXCTestSupport
import XCTest
#endif

/// Tells the explorer that a run failed when nothing was thrown: an `#expect`, an `XCTAssert`, a
/// toolkit check, a failure the explorer itself reported. Each failure still goes where it would
/// have gone; the watch only counts it, so the explorer can stop and print the interleaving.
///
/// This is the one place that knows how failures travel, so it can be moved onto a single failure
/// channel later. What it relies on, all of it scoped to the exploration's task and the tasks it
/// starts (controlled tasks are plain `Task {}`s started inside, so they inherit it):
///
/// 1. `FailureRouting.handler`: a handler that counts each toolkit failure and hands it on to the
///    route in effect before it (the previous handler, or `FailureRouting.record`'s own order).
/// 2. `FailurePostWatch.current`: inside a spec, every failure that is not thrown is posted to the
///    spec's run through its one channel (`ExampleRunner.post`: a `Rundown.TestCase`'s `XCTAssert`,
///    a forwarded one, a Swift Testing issue inside XCTest, …); the watch is told of each post in
///    the posting task, while the spec's walk attributes it only when the example's closure ends.
/// 3. Swift Testing, when a test runs: an `IssueHandlingTrait.compactMapIssues` scope that counts
///    each issue of severity `.error` or more, known or not (a `withKnownIssue` around `explore`
///    marks it known before the scope sees it), and returns every issue unchanged.
/// 4. XCTest, when it drives the process: Rundown's one `XCTestObservation` observer, which tells
///    `FailurePostWatch.current` of a failure XCTest records where no spec runs (XCTest calls
///    observers on the thread that recorded it); inside a spec it posts the failure, which road 2
///    sees.
final class RunFailureWatch: FailurePostObserver {
    private let count = Protected(0)

    init() {}

    /// How many failures have been seen so far.
    var failures: Int {
        count.withLock { $0 }
    }

    func countFailure() {
        count.withLock { $0 += 1 }
    }

    func failureWasPosted() {
        countFailure()
    }

    /// Whether anything would record a failure here (a runner's handler, a spec, a Swift Testing
    /// test, XCTest); without one, the explorer throws what it found instead.
    static var hasHost: Bool {
        if FailureRouting.handler != nil || RunContext.current?.host != nil { return true }
        #if canImport(Testing)
        if Test.current != nil { return true }
        #endif
        #if canImport(XCTest)
        if XCTestHost.isDrivingProcess { return true }
        #endif
        return false
    }

    /// Runs `work` on `isolation` with every road above watched.
    ///
    /// Not optimized, on purpose: with Swift 6.3.1, an optimized `withValue` of a task-local whose
    /// value is a function (as `FailureRouting.handler`'s is) crashes in
    /// `swift_task_localValuePush` on a null type metadata, in sync and async code alike (measured
    /// in a release build of `Benchmarks/explore.sh` and in a two-file package).
    @_optimize(none)
    func watching<Result>(isolation: isolated (any Actor)?, _ work: () async -> Result) async -> Result {
        let previous = FailureRouting.handler
        let handler: @Sendable (ConcurrencyFailure) -> Void = { [self] failure in
            countFailure()
            if let previous {
                previous(failure)
            } else {
                Self.recordPastTheWatch(failure)
            }
        }
        #if canImport(XCTest)
        if XCTestHost.isDrivingProcess { XCTestFailureObserver.start() }
        #endif
        return await FailureRouting.$handler.withValue(handler) {
            await FailurePostWatch.$current.withValue(self) {
                await watchingIssues(isolation: isolation, work)
            }
        }
    }

    /// `FailureRouting.record`'s own order, without this watch's handler. Not optimized, for the
    /// reason ``watching(isolation:_:)`` gives.
    @_optimize(none)
    private static func recordPastTheWatch(_ failure: ConcurrencyFailure) {
        FailureRouting.$handler.withValue(nil) { FailureRouting.record(failure) }
    }

    private func watchingIssues<Result>(isolation: isolated (any Actor)?, _ work: () async -> Result) async -> Result {
        #if canImport(Testing)
        guard let test = Test.current else { return await work() }
        let issues = IssueHandlingTrait.compactMapIssues { [self] issue in
            // Known or not: a `withKnownIssue` around `explore` marks the issue known before this
            // handler sees it, and the interleaving still failed; warnings are not failures.
            if issue.severity >= .error { countFailure() }
            return issue
        }
        return await withoutActuallyEscaping(work) { work in
            let handOver = HandOver(work: work)
            try? await issues.provideScope(for: test, testCase: Test.Case.current) {
                await handOver.perform(on: isolation)
            }
            // Swift Testing runs the scope's body unless the test is being torn down; the
            // exploration then runs without this road, not never.
            if let result = handOver.result { return result }
            return await work()
        }
        #else
        return await work()
        #endif
    }
}
