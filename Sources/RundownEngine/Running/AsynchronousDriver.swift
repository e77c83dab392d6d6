extension SpecWalk where Mode == Asynchronous {
    /// Runs closures, awaiting each, until the walk ends, or until what the
    /// current `aroundEach` hook wraps is done.
    ///
    /// It runs on the caller's actor, so closures that capture the caller's
    /// state never cross an isolation boundary.
    nonisolated(nonsending) func drive(recognizers: [SkipRecognizer]) async {
        while let instruction = next() {
            switch instruction {
            case .call(let body, let runner):
                finish(await Outcome.of(runner, recognizers: recognizers, body))
            case .wrap(let around, let runner, let token):
                let outcome = await Outcome.of(runner, recognizers: recognizers) {
                    try await around {
                        guard token.gate.enter() else { return }
                        enterAround(token)
                        await drive(recognizers: recognizers)
                        token.gate.leave()
                    }
                }
                finishAround(token, outcome, await token.gate.close())
            case .unwrap:
                return
            }
        }
    }
}
