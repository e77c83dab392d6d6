extension SpecWalk where Mode == Synchronous {
    /// Runs closures synchronously until the walk ends, or until what the
    /// current `aroundEach` hook wraps is done. Each closure runs with its own
    /// context bound (``context(running:in:)``), inside `scope`, if the
    /// host gave one.
    func drive(recognizers: [SkipRecognizer], scope: ClosureScope?) {
        // A synchronous spec enforces no time limit; its closures still carry
        // the one the run started under, for a spec started inside them.
        let surroundings = self.surroundings
        while let instruction = next() {
            // Consumed, so that its runner and body are moved into the
            // closure's run instead of copied and each copy destroyed.
            switch consume instruction {
            case .call(let body, let runner):
                finish(
                    RunContext.$current.withValue(context(running: runner, in: surroundings)) {
                        scope.run(runner) { Outcome.of(recognizers: recognizers, body.closure) }
                    })
            case .wrap(let around, let token):
                // In its own context, as the asynchronous driver runs it; the closures inside its body bind their own.
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
                finishAround(token, outcome, token.gate.close())
            case .concurrently(let walks):
                // A synchronous spec runs one closure at a time (the walk reported the group).
                for walk in walks { walk.drive(recognizers: recognizers, scope: scope) }
                finishConcurrently(walks)
            case .unwrap:
                return
            }
        }
    }
}
