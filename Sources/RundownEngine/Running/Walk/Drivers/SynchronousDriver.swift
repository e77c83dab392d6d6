extension SpecWalk where Mode == Synchronous {
    /// Runs closures synchronously until the walk ends, or until what the
    /// current `aroundEach` hook wraps is done. Each closure runs with its own
    /// context bound (``context(running:in:)``), inside `scope`, if the
    /// host gave one.
    func drive(recognizers: [SkipRecognizer], scope: ClosureScope?) {
        // A synchronous spec cannot interrupt a closure: under
        // `RUNDOWN_TIME_LIMIT` it times each, and one that ended past the
        // limit fails. Its closures still carry the limit the run started
        // under, for a spec started inside them.
        let surroundings = self.surroundings
        while let instruction = next() {
            // Consumed, so that its runner and body are moved into the
            // closure's run instead of copied and each copy destroyed.
            switch consume instruction {
            case .call(let body, let runner):
                // On the progress board while it runs (and until the next closure): the ticker, from its own
                // thread, names it.
                progressRuns(runner, at: progressDepth)
                if let limit = defaultLimit {
                    let timed = Self.call(
                        body, runner, in: context(running: runner, in: surroundings), scope, recognizers)
                    finish(timed.outcome.overrunning(limit, ran: timed.ran, path: runner.path))
                } else {
                    finish(
                        RunContext.$current.withValue(context(running: runner, in: surroundings)) {
                            scope.run(runner) { Outcome.of(recognizers: recognizers, body.closure) }
                        })
                }
            case .wrap(let around, let token):
                // In its own context, as the asynchronous driver runs it; the closures inside its body bind their own,
                // and go on the progress board above it.
                let depth = progressDepth
                progressRuns(token.runner, at: depth)
                progressDepth = depth + 1
                let outcome = RunContext.$current.withValue(context(running: token.runner, in: surroundings)) {
                    scope.run(token.runner) {
                        Outcome.of(recognizers: recognizers) {
                            try around {
                                guard token.gate.enter() else { return }
                                enterAround(token)
                                drive(recognizers: recognizers, scope: scope)
                                token.gate.leave()
                            }
                        }
                    }
                }
                progressDepth = depth
                progressLeaves(depth: depth)
                finishAround(token, outcome, token.gate.close())
            case .concurrently(let walks):
                progressLeaves(depth: progressDepth)
                // A synchronous spec runs one closure at a time (the walk reported the group).
                for walk in walks { walk.drive(recognizers: recognizers, scope: scope) }
                finishConcurrently(walks)
            case .unwrap:
                return
            }
        }
    }
}

extension SpecWalk where Mode == Synchronous {
    /// Calls `body` in `context` and times it, for `RUNDOWN_TIME_LIMIT`.
    /// Out of line: where it is inlined, every closure of the drive makes
    /// room for an instant of the opaque layout, and copies and destroys it,
    /// also where no limit is set.
    @inline(never)
    private static func call(
        _ body: Synchronous.Body, _ runner: ExampleRunner, in context: RunContext, _ scope: ClosureScope?,
        _ recognizers: [SkipRecognizer]
    ) -> (outcome: Outcome, ran: Duration) {
        let started = ContinuousClock.now
        let outcome = RunContext.$current.withValue(context) {
            scope.run(runner) { Outcome.of(recognizers: recognizers, body.closure) }
        }
        return (outcome, started.duration(to: .now))
    }
}

extension Outcome {
    /// This outcome of a closure of a synchronous spec that ran for `ran`
    /// under `limit`: a failure saying by how much it overran, if it passed
    /// past the limit. A closure that failed or skipped keeps its own outcome,
    /// which says more about it than its time.
    func overrunning(_ limit: Duration, ran: Duration, path: [String]) -> Outcome {
        guard ran > limit, case .passed = self else { return self }
        return .failed(TimeLimitOverrun(path: path, limit: limit, ran: ran))
    }
}
