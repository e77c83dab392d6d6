import RundownCore

extension Explorer {
    /// Makes one run inside `listener`'s region: the body, then the steps of the tasks it left, then
    /// the check that the run repeated what its strategy meant it to. The run is closed when this
    /// returns.
    func perform(
        _ run: ScheduleRun, listener: RunListener, body: (Schedule) async throws -> Void,
        isolation: isolated (any Actor)?
    ) async {
        await listener.listening(isolation: isolation) {
            await makeRun(run, body: body, isolation: isolation)
        }
    }

    private func makeRun(
        _ run: ScheduleRun, body: (Schedule) async throws -> Void, isolation: isolated (any Actor)?
    ) async {
        do {
            // An exploration inside a controlled task of another one starts its own tasks.
            try await ControlledTask.$current.withValue(nil) {
                try await run.runBody { try await body(Schedule(run: run)) }
            }
        } catch is RunStop {
            // `finish()` or the clock threw it; the stop is reported once, by the loop.
        } catch is CancellationError where Task.isCancelled {
            // The body gave up because the test was cancelled: the run was cancelled, nothing failed.
            run.stop(.cancelled)
        } catch {
            // A framework's own error (`#require`'s) was recorded where a framework runs.
            if hostless || !(error is any ReportedByFramework) {
                run.report(site.saying(ToolkitFailure.exploreBodyThrew(error).explanation))
            }
        }
        if run.stop == nil {
            // The body's end lets the tasks it left take their steps.
            try? await run.drive()
        }
        if run.stop == nil {
            do {
                try run.checkEnded()
            } catch {
                run.stop(.diverged(error))
            }
        }
        run.close()
    }

    /// What to report for a run that failed, and the exploration's result: the failing order with
    /// its token, once it has failed again when replayed; or why there is no order to replay.
    func failed(
        _ run: ScheduleRun, listener: RunListener, body: (Schedule) async throws -> Void, watchdog: Watchdog,
        isolation: isolated (any Actor)?
    ) async -> Exploration {
        // What no framework recorded as it happened is recorded now, before the order is told.
        listener.recordPending()
        let steps = describe(run)
        var token: ReplayToken? = run.strategy.token(for: run.decisions, site: tokenSite)
        switch run.stop {
        case .cancelled:
            // Said already: nothing failed, and there is no order to replay.
            token = nil
        case .diverged:
            token = nil
            report(site.saying(failingInterleaving(run, steps: steps, token: nil)))
        case .timedOut, .bodyStalled, .misuse, .deadlocked:
            report(site.saying(failingInterleaving(run, steps: steps, token: token)))
        case nil:
            let replay = await replayQuietly(
                run, listener: listener, body: body, watchdog: watchdog, isolation: isolation)
            switch replay {
            case .failedAgain, .notQuiet:
                report(site.saying(failingInterleaving(run, steps: steps, token: token)))
            case .cancelled:
                token = nil
                report(site.saying(ToolkitFailure.explorationCancelled(interleaving: run.number).explanation))
            case .didNotFail(let how):
                token = nil
                let failure = ToolkitFailure.failureNotReproduced(
                    strategy: strategyText, interleaving: run.number, steps: steps, replay: how)
                report(site.saying(failure.explanation))
            }
        }
        return Exploration(interleavings: run.number, replayToken: token.map { "\($0)" }, failed: true, seed: seed)
    }

    /// The exploration's result when the task exploring was cancelled before run `number` began.
    func cancelled(before number: Int) -> Exploration {
        report(site.saying(ToolkitFailure.explorationCancelled(interleaving: number).explanation))
        return Exploration(interleavings: number - 1, replayToken: nil, failed: true, seed: seed)
    }

    /// The steps of `run` as a failure shows them: the steps it took and, for a task stuck at its
    /// start or kept waiting there, that start; never steps a stop released a task to take.
    func describe(_ run: ScheduleRun) -> String {
        if case .bodyStalled(let task, _) = run.stop {
            return InterleavingDescription.describe(run.steps, waitingAtStart: task)
        }
        return InterleavingDescription.describe(run.steps, waitingAtStart: run.stoppedAtStart)
    }

    private func failingInterleaving(_ run: ScheduleRun, steps: String, token: ReplayToken?) -> String {
        ToolkitFailure.interleavingFailed(
            strategy: strategyText, interleaving: run.number, steps: steps, token: token.map { "\($0)" }
        ).explanation
    }

    /// The failure of a run that `stop` ended; a deadline that passed (a stuck task, a stalled
    /// body) carries the progress report of the closure exploring as it was then, whose controlled
    /// tasks' waits say what the stuck one waited for.
    func message(for stop: RunStop, in run: ScheduleRun) -> ConcurrencyFailure {
        let report = run.stopReport.map { "\n" + $0 } ?? ""
        switch stop {
        case .timedOut(let task, let lastPassed, let taskSite):
            return taskSite.saying(
                ToolkitFailure.taskStuck(
                    task: task, within: stepTimeout, interleaving: run.number, lastPassed: lastPassed
                ).explanation + report)
        case .bodyStalled(let task, let taskSite):
            return taskSite.saying(
                ToolkitFailure.bodyStalled(task: task, waited: stepTimeout, interleaving: run.number).explanation
                    + report)
        case .deadlocked(let waits, let waitSite):
            return waitSite.saying(ToolkitFailure.deadlock(interleaving: run.number, waits: waits).explanation)
        case .diverged(let divergence):
            return site.saying(
                ToolkitFailure.notDeterministic(interleaving: run.number, detail: divergence.detail).explanation)
        case .cancelled:
            return site.saying(ToolkitFailure.explorationCancelled(interleaving: run.number).explanation)
        case .misuse(let text, let place):
            return (place ?? site).saying(text)
        }
    }
}

/// Tells the run being made, every tick, that wall time has passed, so that a step or a stalled
/// body past its deadline ends the run.
///
/// Detached: a controlled task that holds the caller's actor must not hold the watchdog too.
final class Watchdog: Sendable {
    private let current = Protected<ScheduleRun?>(nil)
    private let task: Task<Void, Never>

    init(stepTimeout: Duration) {
        let tick = min(max(stepTimeout / 10, .milliseconds(1)), .milliseconds(100))
        let current = current
        task = Task.detached {
            while !Task.isCancelled {
                try? await Task.sleep(for: tick)
                current.withLock { $0 }?.expireStep(at: .now)
            }
        }
    }

    /// Watches `run` from now on.
    func watch(_ run: ScheduleRun) {
        current.withLock { $0 = run }
    }

    func stop() {
        task.cancel()
    }
}
