extension SpecWalk where Mode == Synchronous {
    /// Runs closures synchronously until the walk ends, or until what the
    /// current `aroundEach` hook wraps is done. Each closure runs inside
    /// `scope`, if the host gave one.
    func drive(recognizers: [SkipRecognizer], scope: ClosureScope?) {
        while let instruction = next() {
            switch instruction {
            case .call(let body, let runner):
                finish(scope.run(runner) { Outcome.of(runner, recognizers: recognizers, body) })
            case .wrap(let around, let runner, let token):
                var calledBody = false
                let outcome = scope.run(runner) {
                    Outcome.of(runner, recognizers: recognizers) {
                        try around {
                            calledBody = true
                            if enterAround(token) {
                                drive(recognizers: recognizers, scope: scope)
                            }
                        }
                    }
                }
                finishAround(token, outcome, calledBody: calledBody)
            case .unwrap:
                return
            }
        }
    }
}
