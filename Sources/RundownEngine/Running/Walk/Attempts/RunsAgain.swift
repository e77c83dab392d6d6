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
                            "until-failure stopped at the first failure, on repetition \(failing.repetition)")))
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
        if let ended = attempts.ended {
            reporter.notice(
                SpecNotice(path: element.path.steps(), location: element.node.location, kind: .repetitionsEnded(ended)))
        }
        return false
    }
}
