extension SpecWalk where Mode == Synchronous {
    /// Runs closures synchronously until the walk ends, or until what the
    /// current `aroundEach` hook wraps is done.
    func drive(recognizers: [SkipRecognizer]) {
        while let instruction = next() {
            switch instruction {
            case .call(let body, let runner):
                finish(Outcome.of(runner, recognizers: recognizers, body))
            case .wrap(let around, let runner, let token):
                var calledBody = false
                let outcome = Outcome.of(runner, recognizers: recognizers) {
                    try around {
                        calledBody = true
                        if enterAround(token) {
                            drive(recognizers: recognizers)
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
