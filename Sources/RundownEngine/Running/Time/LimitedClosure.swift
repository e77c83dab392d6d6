// How a closure runs under a time limit: in a task of its own that the limit
// can cancel and leave behind (see TimeLimit.swift).

extension Outcome {
    /// Runs `body`, the closure `runner` runs, under `limit`: on the
    /// caller's isolation, in a task of its own that the limit can cancel
    /// and, if the body ignores the cancellation, leave behind. The task
    /// inherits the closure's context, which the driver bound. `grace` is
    /// how long a cancelled body may take to stop (`RUNDOWN_GRACE_PERIOD`),
    /// or `nil` for the limit's default.
    nonisolated(nonsending) static func of(
        _ runner: ExampleRunner,
        recognizers: [SkipRecognizer],
        limit: TimeLimit,
        grace: Duration?,
        _ body: @escaping () async throws -> Void
    ) async -> Outcome {
        if let expired = limit.expired {
            switch runner.role {
            case .hook(.afterEach), .hook(.afterAll):
                // Teardown runs, with no limit.
                return await of(recognizers: recognizers, body)
            default:
                return .failed(TimeLimitExceeded(expired, ending: .notStarted))
            }
        }
        let limit = limit.earliest
        // For the report, which names how long it ran also where the progress board does not track closures.
        let started = ContinuousClock.now
        let race = FirstEnding()
        let work = LimitedBody(body: body)
        let task = start(work, recognizers: recognizers, race: race, on: #isolation)
        let timer = Task {
            try? await Task.sleep(until: limit.instant, clock: .continuous)
            race.end(.timer)
        }
        if case .body(let outcome) = await race.first() {
            timer.cancel()
            return outcome
        }
        // What the closure was doing and waiting on, read before the cancellation ends its waits.
        var report = ProgressBoard.shared.report(of: runner, started: started)
        limit.expire()
        task.cancel()
        let grace = grace ?? limit.grace
        let graceTimer = Task {
            try? await Task.sleep(for: grace)
            race.end(.timer)
        }
        let ending: TimeLimitExceeded.Ending
        if case .body = await race.second() {
            graceTimer.cancel()
            ending = .cancelled
        } else {
            ending = .stillRunning(grace: grace)
            // What it still waits on, past its cancellation, says more than what it waited on before.
            report = ProgressBoard.shared.report(of: runner, started: started)
        }
        return .failed(TimeLimitExceeded(limit, ending: ending, report: report))
    }

    /// Starts the body's task on `isolation`, the spec's.
    private static func start(
        _ work: LimitedBody,
        recognizers: [SkipRecognizer],
        race: FirstEnding,
        on isolation: isolated (any Actor)?
    ) -> Task<Void, Never> {
        Task {
            await perform(work, recognizers: recognizers, race: race, on: isolation)
        }
    }

    /// Runs the body on `isolation`, the spec's, and hands its outcome to the race.
    private static func perform(
        _ work: LimitedBody,
        recognizers: [SkipRecognizer],
        race: FirstEnding,
        on isolation: isolated (any Actor)?
    ) async {
        let outcome = await of(recognizers: recognizers, work.body)
        race.end(.body(outcome))
    }
}

/// Carries a closure of the spec into the task that runs it under a limit.
///
/// @unchecked Sendable: the closure is called once, by that task, which
/// runs on the spec's own isolation (the driver's caller's actor, or none).
/// While the driver waits for it, nothing else of the spec runs, so its
/// captured state is not shared; once the driver has gone on without it
/// (it ignored its cancellation), the driver never touches it again, and
/// the user was told, in the failure, that it was still running.
private final class LimitedBody: @unchecked Sendable {
    let body: () async throws -> Void
    init(body: @escaping () async throws -> Void) { self.body = body }
}
