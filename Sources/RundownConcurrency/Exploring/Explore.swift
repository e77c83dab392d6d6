import Foundation
import RundownEngine
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
/// the test.
///
/// The body must be deterministic: make everything the controlled tasks share inside it, so each
/// run starts from the same state. A run that offers other steps than the one it replays is
/// reported as a body that is not deterministic.
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
    let strategy: ExplorationStrategy
    let stepTimeout: Duration
    let site: ConcurrencyFailure
    /// Nothing records failures here: they are collected and thrown.
    let hostless: Bool
    private let firstSource: ChoiceSource
    /// How the strategy is named in messages, with the seed that was picked.
    private let strategyText: String
    private let seed: UInt64?
    private let collection = Protected<[String]>([])
    /// How many failures the exploration itself has reported (a stuck task, a body that threw).
    private let reported = Protected(0)
    /// What each run's listener does with a failure no spec takes.
    private var keeping: RunListener.Keeping {
        RunListener.keeping(hostless: hostless, list: collection, site: site)
    }

    init(strategy: ExplorationStrategy, stepTimeout: Duration?, site: ConcurrencyFailure, hostless: Bool) throws {
        self.strategy = strategy
        self.site = site
        self.hostless = hostless
        let call = "explore(\(strategy))"
        let timeout = stepTimeout ?? TimeoutScale.scaled(.seconds(5))
        try InvalidArgumentError.checkTimeout(timeout, in: "explore(_:stepTimeout:)", argument: "stepTimeout")
        self.stepTimeout = timeout
        let location = site.location
        let siteHash = ReplayToken.site(fileID: location.fileID, line: location.line)
        if let scheduled = RunSettings.current.schedule, let token = ReplayToken(scheduled), token.site == siteHash {
            firstSource = .replay(token, position: 0)
            strategyText = "RUNDOWN_SCHEDULE=\(scheduled)"
            seed = nil
            FailureRouting.writeToStandardError(
                ToolkitWarning.scheduleReplays(at: location, token: scheduled, strategy: "\(strategy)").message)
            return
        }
        switch strategy.kind {
        case .everyInterleaving(let limit):
            guard limit >= 1 else {
                throw InvalidArgumentError(call: call, argument: "limit", value: "\(limit)", requirement: "at least 1")
            }
            firstSource = .depthFirst(path: [], position: 0)
            strategyText = "\(strategy)"
            seed = nil
        case .random(let runs, let given):
            guard runs >= 1 else {
                throw InvalidArgumentError(call: call, argument: "runs", value: "\(runs)", requirement: "at least 1")
            }
            let seed = given ?? UInt64.random(in: 0...UInt64.max)
            if given == nil {
                print(ToolkitWarning.seedPicked(at: location, runs: runs, seed: seed).message)
            }
            firstSource = .random(SplitMix64(seed: seed))
            strategyText = ".random(runs: \(runs), seed: \(seed))"
            self.seed = seed
        case .replay(let text):
            guard let token = ReplayToken(text) else {
                throw InvalidArgumentError(
                    call: "explore(.replay(_:))", argument: "token", value: "\"\(text)\"",
                    requirement: "a token a failed exploration printed, such as \"v1.3fa2.0102.9c1e22ab\"")
            }
            firstSource = .replay(token, position: 0)
            strategyText = "\(strategy)"
            seed = nil
        }
    }

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
        let currentRun = Protected<ScheduleRun?>(nil)
        let tick = min(max(stepTimeout / 10, .milliseconds(1)), .milliseconds(100))
        // Detached: a controlled task that holds the caller's actor must not hold the watchdog too.
        let watchdog = Task.detached {
            while !Task.isCancelled {
                try? await Task.sleep(for: tick)
                currentRun.withLock { $0 }?.expireStep(at: .now)
            }
        }
        defer { watchdog.cancel() }
        var source = firstSource
        var number = 0
        while true {
            number += 1
            let run = ScheduleRun(
                number: number, source: source, stepTimeout: stepTimeout, site: site, hostless: hostless,
                report: { [self] failure in report(failure) })
            currentRun.withLock { $0 = run }
            let reportedBefore = reported.withLock { $0 }
            // The run's region: every failure recorded in the body or a task it starts is heard.
            let listener = RunListener(keeping: keeping)
            do {
                try await RunContext.listening(listener) {
                    // An exploration inside a controlled task of another one starts its own tasks.
                    try await ControlledTask.$current.withValue(nil) { try await body(Schedule(run: run)) }
                }
            } catch is RunStop {
                // `finish()` threw it; the stop is reported below, once.
            } catch {
                // A framework's own error (`#require`'s) was recorded where a framework runs.
                if hostless || !(error is any ReportedByFramework) {
                    report(site.saying(ToolkitFailure.exploreBodyThrew(error).explanation))
                }
            }
            if run.stop == nil {
                // The body's end lets the tasks it left take their steps.
                try? await run.drive()
            }
            if run.stop == nil {
                do {
                    try run.source.checkRunEnded(decisions: run.decisions)
                } catch {
                    run.stop(.diverged(error))
                }
            }
            run.close()
            if let stop = run.stop {
                report(message(for: stop, in: run))
            }
            if listener.failures > 0 || reported.withLock({ $0 }) > reportedBefore {
                let token = ReplayToken(site: tokenSite, decisions: run.decisions)
                report(site.saying(failingInterleaving(run, token: token)))
                return Exploration(interleavings: number, replayToken: "\(token)", failed: true, seed: seed)
            }
            source = run.source
            switch source {
            case .depthFirst:
                let more = source.advanceToNextOrder()
                guard more else { return passed(number) }
                if case .everyInterleaving(let limit) = strategy.kind, number >= limit {
                    let failure = ToolkitFailure.tooManyInterleavings(
                        strategy: "\(strategy)", limit: limit, ran: number)
                    report(site.saying(failure.explanation))
                    return Exploration(interleavings: number, replayToken: nil, failed: true, seed: nil)
                }
            case .random:
                if case .random(let runs, _) = strategy.kind, number >= runs { return passed(number) }
            case .replay:
                return passed(number)
            }
        }
    }

    /// The site part of the tokens this exploration prints: a replay keeps its token's, so the
    /// token it prints is the one it was given.
    private var tokenSite: String {
        if case .replay(let token, _) = firstSource { return token.site }
        let location = site.location
        return ReplayToken.site(fileID: location.fileID, line: location.line)
    }

    private func passed(_ count: Int) -> Exploration {
        Exploration(interleavings: count, replayToken: nil, failed: false, seed: seed)
    }

    private func failingInterleaving(_ run: ScheduleRun, token: ReplayToken) -> String {
        ToolkitFailure.interleavingFailed(
            strategy: strategyText, interleaving: run.number, steps: InterleavingDescription.describe(run.steps),
            token: "\(token)"
        ).explanation
    }

    private func message(for stop: RunStop, in run: ScheduleRun) -> ConcurrencyFailure {
        switch stop {
        case .timedOut(let task, let lastPassed, let taskSite):
            return taskSite.saying(
                ToolkitFailure.taskStuck(
                    task: task, within: stepTimeout, interleaving: run.number, lastPassed: lastPassed
                ).explanation)
        case .bodyStalled(let task, let taskSite):
            return taskSite.saying(
                ToolkitFailure.bodyStalled(task: task, waited: stepTimeout, interleaving: run.number).explanation)
        case .diverged(let divergence):
            return site.saying(
                ToolkitFailure.notDeterministic(interleaving: run.number, detail: divergence.detail).explanation)
        case .cancelled:
            return site.saying(ToolkitFailure.explorationCancelled(interleaving: run.number).explanation)
        case .misuse(let text):
            return site.saying(text)
        }
    }
}
