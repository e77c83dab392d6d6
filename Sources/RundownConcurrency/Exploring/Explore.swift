import Foundation
import RundownCore
import RundownSettings

/// Runs `body` once for every order of the steps of the tasks it starts on its ``Schedule`` (or
/// for a seeded sample of them, or for one recorded order), and stops at the first order that
/// fails.
///
/// ```swift
/// @Test @MainActor func refreshRacingLoadMore() async throws {
///     try await explore(.everyInterleaving()) { schedule in
///         let service = FakeFeedService(schedule: schedule, trackCount: 20)
///         let pager = PagerModel(service: service, pageSize: 4)
///         await pager.refresh()
///         await pager.loadMore()
///         schedule.start("load more") { await pager.loadMore() }
///         schedule.start("refresh") {
///             service.play("n1")
///             await pager.refresh()
///         }
///         try await schedule.finish()
///         #expect(pager.tracks == Array(service.feed.prefix(pager.tracks.count)))
///     }
/// }
/// ```
///
/// A failure in a run (an error thrown by the body or by a task it started, an `#expect`, an
/// `XCTAssert`, a toolkit check) is reported where it happened, and ends the exploration with one
/// more failure, at this call, that names the interleaving's steps in order and the code that
/// replays it: `.replay("v1.…")`. The same token in `RUNDOWN_SCHEDULE` replays it without editing
/// the test, at this call in the test that printed it. The failing order runs once more before it
/// is reported; if it does not fail again, the failure says so, and gives no token.
///
/// The body must be deterministic: make everything the controlled tasks share inside it, so each
/// run starts from the same state. A run that offers other steps than the one it replays is
/// reported as a body that is not deterministic. A cancelled test stops the exploration at once,
/// reported as cancelled.
///
/// - Parameters:
///   - strategy: Which orders to run; every one by default.
///   - stepTimeout: How long, in wall time, one step may take before its task is reported as stuck
///     (it neither reached a point nor ended); `nil` means 5 seconds times
///     `RUNDOWN_TIMEOUT_SCALE`.
///   - fileID: The caller's `#fileID`; leave the default.
///   - filePath: The caller's `#filePath`; leave the default.
///   - line: The caller's `#line`; leave the default.
///   - column: The caller's `#column`; leave the default.
///   - isolation: Where the body runs: the caller's actor.
///   - body: Builds the run's state, starts controlled tasks, and checks the outcome.
/// - Returns: How many interleavings ran, and the token of the one that failed. A failed
///   exploration has recorded its failures when it returns.
/// - Throws: ``ExplorationFailure`` for a failed exploration where nothing records failures (no
///   spec, no Swift Testing test, no XCTest run); ``InvalidArgumentError`` for a limit, a count or a
///   timeout that is not more than zero, or a token that is not one.
@discardableResult
public func explore(
    _ strategy: ExplorationStrategy = .everyInterleaving(),
    stepTimeout: Duration? = nil,
    fileID: String = #fileID,
    filePath: StaticString = #filePath,
    line: Int = #line,
    column: Int = #column,
    isolation: isolated (any Actor)? = #isolation,
    _ body: (Schedule) async throws -> Void
) async throws -> Exploration {
    let site = ConcurrencyFailure("", fileID: fileID, filePath: filePath, line: line, column: column)
    let explorer = try Explorer(
        strategy: strategy, stepTimeout: stepTimeout, site: site, hostless: !RunListener.hasHost)
    FrameworkFailures.catchEverywhere()
    let exploration = await FrameworkFailures.postingIssues(isolation: isolation) {
        await explorer.run(body, isolation: isolation)
    }
    if exploration.failed, explorer.hostless {
        throw ExplorationFailure(failures: explorer.collected, exploration: exploration)
    }
    return exploration
}

/// Makes the runs of one exploration and says what they found.
final class Explorer: Sendable {
    let stepTimeout: Duration
    let site: ConcurrencyFailure
    /// Nothing records failures here: they are collected and thrown.
    let hostless: Bool
    /// The strategy's state before the first run.
    private let firstStrategy: any SchedulingStrategy
    /// The site part of the tokens this exploration prints: this call's, in this test.
    let tokenSite: String
    private let collection = Protected<[String]>([])
    /// The run being made, for progress reports.
    private let current = Protected<ScheduleRun?>(nil)
    /// How many failures the exploration itself has reported (a stuck task, a body that threw).
    private let reported = Protected(0)

    init(strategy: ExplorationStrategy, stepTimeout: Duration?, site: ConcurrencyFailure, hostless: Bool) throws {
        self.site = site
        self.hostless = hostless
        let timeout = stepTimeout ?? TimeoutScale.scaled(.seconds(5))
        try InvalidArgumentError.checkTimeout(timeout, in: "explore(_:stepTimeout:)", argument: "stepTimeout")
        self.stepTimeout = timeout
        let location = site.location
        tokenSite = ReplayToken.site(fileID: location.fileID, line: location.line, test: ExplorationSite.testName)
        if let scheduled = RunSettings.current.schedule, let token = ReplayToken(scheduled), token.site == tokenSite {
            firstStrategy = ReplayStrategy(token: token, name: "RUNDOWN_SCHEDULE=\(scheduled)")
            FailureRouting.writeToStandardError(
                ToolkitWarning.scheduleReplays(at: location, token: scheduled, strategy: "\(strategy)").message)
            return
        }
        firstStrategy = try strategy.make(location)
    }

    /// The exploration in a progress report: `explore(every interleaving) at File.swift:12:9:
    /// interleaving 3, task "writer" taking a step from "after read"`.
    private func describeProgress() -> String {
        let location = site.location
        let head = "explore(\(strategyText)) at \(location.fileID):\(location.line):\(location.column)"
        guard let run = current.withLock({ $0 }) else { return head + ": starting" }
        let step =
            if let (task, lastPassed) = run.runningStep {
                "task \"\(task)\" taking a step from \"\(lastPassed)\""
            } else {
                "no controlled task taking a step"
            }
        return "\(head): interleaving \(run.number), \(step)"
    }

    /// How messages name the exploration's strategy, with the seed that was picked.
    var strategyText: String { firstStrategy.name }
    /// The seed a random exploration drew from.
    var seed: UInt64? { firstStrategy.seed }

    /// The failures collected where nothing records them.
    var collected: [String] {
        collection.withLock { $0 }
    }

    /// Reports a failure of the exploration where the exploration reports.
    func report(_ failure: ConcurrencyFailure) {
        reported.withLock { $0 += 1 }
        if hostless {
            collection.withLock { $0.append(failure.description) }
        } else {
            FailureRouting.record(failure)
        }
    }

    /// Runs the body once per order until one fails or none is left.
    func run(
        _ body: (Schedule) async throws -> Void, isolation: isolated (any Actor)?
    ) async -> Exploration {
        let watchdog = Watchdog(stepTimeout: stepTimeout)
        defer { watchdog.stop() }
        let note = WaitReporting.note { [self] in describeProgress() }
        defer { note.end() }
        // What each run's listener does with a failure no spec takes, read where `explore` runs.
        let keeping = RunListener.keeping(hostless: hostless, list: collection, site: site)
        var strategy = firstStrategy
        var number = 0
        while true {
            number += 1
            guard !Task.isCancelled else { return cancelled(before: number) }
            strategy.beginRun(number: number)
            let run = ScheduleRun(
                number: number, strategy: strategy, stepTimeout: stepTimeout, site: site, hostless: hostless,
                report: { [self] failure in report(failure) })
            watchdog.watch(run)
            current.withLock { $0 = run }
            // The run's region: every failure recorded in the body or a task it starts is heard.
            let listener = RunListener(keeping: keeping)
            let reportedBefore = reported.withLock { $0 }
            await perform(run, listener: listener, body: body, isolation: isolation)
            strategy = run.strategy
            if let stop = run.stop {
                report(message(for: stop, in: run))
            }
            if listener.failures > 0 || reported.withLock({ $0 }) > reportedBefore {
                return await failed(run, listener: listener, body: body, watchdog: watchdog, isolation: isolation)
            }
            switch strategy.afterPassing(run: number) {
            case .another:
                continue
            case .passed:
                return Exploration(
                    interleavings: number, replayToken: nil, failed: false, seed: seed,
                    ranEveryOrder: strategy.exhaustive)
            case .overLimit(let failure, let ran, let estimate):
                report(site.saying(failure.explanation))
                return Exploration(
                    interleavings: ran, replayToken: nil, failed: true, seed: seed, estimatedInterleavings: estimate)
            }
        }
    }
}
