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
                if let limit = TimeLimit.current {
                    finish(await Outcome.of(runner, recognizers: recognizers, limit: limit, body))
                } else {
                    finish(await Outcome.of(runner, recognizers: recognizers, body))
                }
            case .wrap(let around, let runner, let token):
                // The hook may call its body from another executor: a hook
                // written on the main actor hands it over through a thunk
                // that hops to the global one, and a scope such as
                // `.exclusive` awaits it from wherever its lock resumed. The
                // body therefore returns to the spec's own isolation before
                // it goes on with the walk.
                let isolation = #isolation
                let walk = WalkInHook(walk: self, token: token)
                let outcome = await Outcome.of(runner, recognizers: recognizers) {
                    try await around {
                        guard walk.token.gate.enter() else { return }
                        await Self.continueInside(walk, recognizers, on: isolation)
                        walk.token.gate.leave()
                    }
                }
                finishAround(token, outcome, await token.gate.close())
            case .unwrap:
                return
            }
        }
    }

    /// Goes on with the walk inside an `aroundEach` hook, on the spec's isolation.
    private static func continueInside(
        _ walk: WalkInHook<Mode>,
        _ recognizers: [SkipRecognizer],
        on isolation: isolated (any Actor)?
    ) async {
        walk.walk.enterAround(walk.token)
        await walk.walk.drive(recognizers: recognizers)
    }
}

/// Carries the walk, and the place in it that a hook wraps, into the body an
/// `aroundEach` hook calls.
///
/// The compiler cannot see that this is safe, but it is: the walk is used by
/// one closure at a time. The driver awaits the hook, the hook awaits the
/// body, and the body uses the walk only on the spec's own isolation, so
/// every use is ordered after the one before it.
private struct WalkInHook<Mode: ExecutionMode>: @unchecked Sendable {
    let walk: SpecWalk<Mode>
    let token: SpecWalk<Mode>.AroundToken
}
