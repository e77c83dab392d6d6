/// What repeating a failing order at once, before it is reported, found.
enum FailingOrderCheck: Sendable {
    /// It failed again: the order and its token reproduce the failure.
    case failedAgain
    /// It did not fail again (`how`: it passed, took other steps, or stopped), so no token would
    /// reproduce the failure: something outside the schedule decided it.
    case didNotFail(how: String)
    /// The test was cancelled while the order was repeated.
    case cancelled
    /// The failing run's failures were recorded where the explorer cannot keep a repeat of them
    /// from being recorded again (see ``RunListener``): the order is reported as it failed.
    case notQuiet
}

extension Explorer {
    /// Runs the order of `failing` once more, its failures kept quiet, to see whether it fails
    /// again: a body that is not deterministic (a failure that depends on a count kept between
    /// runs, on real time, on randomness) would otherwise get a token that does not reproduce it.
    func replayQuietly(
        _ failing: ScheduleRun, listener loud: RunListener, body: (Schedule) async throws -> Void,
        watchdog: Watchdog, isolation: isolated (any Actor)?
    ) async -> FailingOrderCheck {
        guard !loud.heardTooLate else { return .notQuiet }
        let decisions = failing.decisions
        let repeating = ReplayStrategy(
            repeating: decisions, steps: failing.steps, token: ReplayToken(site: tokenSite, decisions: decisions),
            name: strategyText)
        let quiet = RunListener(keeping: .none, quiet: true)
        let run = ScheduleRun(
            number: failing.number, strategy: repeating, stepTimeout: stepTimeout, site: site, hostless: hostless,
            report: { _ in quiet.hearQuietly() })
        watchdog.watch(run)
        await perform(run, listener: quiet, body: body, isolation: isolation)
        switch run.stop {
        case .cancelled:
            return .cancelled
        case .diverged(let divergence):
            return .didNotFail(how: "took other steps (\(divergence.detail))")
        case .some(let stop):
            return .didNotFail(how: "stopped instead (\(message(for: stop, in: run).message))")
        case nil:
            return quiet.failures > 0 ? .failedAgain : .didNotFail(how: "passed")
        }
    }
}
