extension SpecWalk where Mode == Synchronous {
    /// Runs closures synchronously until the walk ends, or until what the
    /// current `aroundEach` hook wraps is done. Each closure runs inside
    /// `scope`, if the host gave one.
    func drive(recognizers: [SkipRecognizer], scope: ClosureScope?) {
        while let instruction = next() {
            // Consumed, so that its runner and body are moved into the
            // closure's run instead of copied and each copy destroyed.
            switch consume instruction {
            case .call(let body):
                finish(scope.run { Outcome.of(recognizers: recognizers, body.run) })
            case .callBound(let body):
                ExampleRunner.$source.withValue(ExampleRunner.current) {
                    finish(scope.run { Outcome.of(recognizers: recognizers, body.run) })
                }
            case .enter(let frame):
                ExampleRunner.$source.withValue(frame) { drive(recognizers: recognizers, scope: scope) }
            case .wrap(let around, let token):
                // Bound to its own runner, and its body to the frame again, as the asynchronous driver does.
                let source = ExampleRunner.source
                let outcome = ExampleRunner.$source.withValue(token.runner) {
                    scope.run {
                        Outcome.of(recognizers: recognizers) {
                            try around {
                                guard token.gate.enter() else { return }
                                ExampleRunner.$source.withValue(source) {
                                    enterAround(token)
                                    drive(recognizers: recognizers, scope: scope)
                                }
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
            case .unwrap, .leave:
                return
            }
        }
    }
}
