// Whether an example that repeats or retries runs again, once a run of it has
// unwound: what the run's failures become (see ExampleAttempts.swift).

extension SpecWalk {
    /// Decides, when one run of an example that repeats or retries has
    /// unwound, whether it runs again; if so, the element restarts.
    func runsAgain(_ element: ElementFrame, _ attempts: ExampleAttempts) -> Bool {
        if element.failed, attempts.nextAttempt() {
            element.restart()
            return true
        }
        if element.failed || element.skip != nil || attempts.failedLate != nil {
            // Out of attempts, skipped after a failed attempt (a skip erases no failure), or an
            // earlier repetition failed late.
            if !attempts.held.isEmpty { element.failed = true }
            for failure in attempts.held { reporter.report(failure) }
            attempts.held = []
            if let failing = element.failed ? attempts.note : attempts.failedLate, attempts.repetitions == nil {
                // `until-failure` found what it looked for: say where, for the replay (the host adds the seed).
                reporter.notice(
                    SpecNotice(
                        path: element.path.steps(), location: element.node.location,
                        kind: .repetitionsEnded(
                            EngineWarning.untilFailureStopped(repetition: failing.repetition).message)))
            }
            if attempts.repeats {
                reporter.repeated(
                    attempts.note.repetition, failed: element.failed || attempts.failedLate != nil, stop: nil)
            }
            return false
        }
        if attempts.note.attempt > 1 {
            reporter.notice(
                SpecNotice(
                    path: element.path.steps(), location: element.node.location,
                    kind: .flaky(passedOn: attempts.note.attempt, attempts: attempts.attempts, failures: attempts.held))
            )
            attempts.held = []
        }
        if attempts.nextRepetition() {
            element.restart()
            return true
        }
        // Every planned repetition passed, or `until-failure` stopped without a failure: the run says so
        // once for all its examples (a notice for each would be one warning per example).
        if attempts.repeats { reporter.repeated(attempts.note.repetition, failed: false, stop: attempts.stop) }
        return false
    }
}
