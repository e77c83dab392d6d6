extension SpecWalk where Mode == Synchronous {
    /// Runs closures synchronously until the walk ends, or until what the
    /// current `aroundEach` hook wraps is done. Each closure runs inside
    /// `scope`, if the host gave one.
    func drive(recognizers: [SkipRecognizer], scope: ClosureScope?) {
        while let instruction = next() {
            // Consumed, so that its runner and body are moved into the
            // closure's run instead of copied and each copy destroyed.
            switch consume instruction {
            case .call(let body, let runner):
                finish(scope.run(runner) { Outcome.of(runner, recognizers: recognizers, body.run) }, ranAs: runner)
            case .wrap(let around, let runner, let token):
                let outcome = scope.run(runner) {
                    Outcome.of(runner, recognizers: recognizers) {
                        try around {
                            guard token.gate.enter() else { return }
                            enterAround(token)
                            drive(recognizers: recognizers, scope: scope)
                            token.gate.leave()
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
