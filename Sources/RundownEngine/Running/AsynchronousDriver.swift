extension SpecWalk where Mode == Asynchronous {
    /// Runs closures, awaiting each that may suspend, until the walk ends,
    /// or until what the current `aroundEach` hook wraps is done.
    ///
    /// It runs on the caller's actor, so closures that capture the caller's
    /// state never cross an isolation boundary. A synchronous body (most
    /// hooks) is called as the synchronous driver calls it, on that same
    /// actor, with none of the cost of an `await`; under a time limit every
    /// body runs in the task the limit can leave behind.
    ///
    /// `limit` is the time limit the closures run under, read by the caller
    /// where it was bound (only a scope binds one, around the nested drive
    /// its body runs, never while this loop is between two closures): not
    /// read again for the drive of every frame.
    nonisolated(nonsending) func drive(recognizers: [SkipRecognizer], limit: TimeLimit? = TimeLimit.current) async {
        while let instruction = next() {
            // Consumed, so that its runner and body are moved into the
            // closure's run instead of copied and each copy destroyed.
            switch consume instruction {
            case .call(let body):
                if let limit, let runner = ExampleRunner.current {
                    finish(await Outcome.of(runner, recognizers: recognizers, limit: limit) { try await body() })
                } else {
                    switch body.run {
                    case .synchronous(let body):
                        // Called as the synchronous driver calls it: nothing in it can suspend.
                        finish(Outcome.of(recognizers: recognizers, body))
                    case .asynchronous(let body):
                        finish(await Outcome.of(recognizers: recognizers, body))
                    }
                }
            case .callBound(let body):
                guard let runner = ExampleRunner.current else { preconditionFailure("a closure began with no frame") }
                if let limit {
                    finish(await Outcome.of(runner, recognizers: recognizers, limit: limit) { try await body() })
                } else {
                    finish(await Outcome.of(runner, recognizers: recognizers) { try await body() })
                }
            case .enter(let frame):
                await Self.drive(self, in: frame, recognizers, limit, on: #isolation)
            case .wrap(let around, let token):
                // The hook may call its body from another executor: a hook
                // written on the main actor hands it over through a thunk
                // that hops to the global one, and a scope such as
                // `.exclusive` awaits it from wherever its lock resumed. The
                // body therefore returns to the spec's own isolation before
                // it goes on with the walk.
                //
                // The hook runs bound to its own runner, so that a task it
                // starts (an `async let` that watches what the body does) is
                // the hook's, not the closure's running inside its body: what
                // the task posts and the error the hook rethrows from it are
                // one failure. Its body binds the frame's source again.
                guard let source = ExampleRunner.source else {
                    preconditionFailure("an aroundEach hook began with no frame")
                }
                let isolation = #isolation
                let walk = WalkInHook(walk: self, token: token, source: source)
                let outcome = await Outcome.of(token.runner, recognizers: recognizers) {
                    try await around {
                        guard walk.token.gate.enter() else { return }
                        await Self.continueInside(walk, recognizers, on: isolation)
                        walk.token.gate.leave()
                    }
                }
                finishAround(token, outcome, await token.gate.close())
            case .concurrently(let walks):
                await Self.drive(walks, recognizers: recognizers, parallelism: parallelism)
                finishConcurrently(walks)
            case .unwrap, .leave:
                return
            }
        }
    }

    /// Drives the walks of a concurrent group's elements, each in a child
    /// task, at most `parallelism` at once, starting them in their order.
    ///
    /// Every child task drives its walk on the spec's isolation (the caller's
    /// actor, if any): closures that capture the caller's state stay where
    /// the compiler says they run, and elements overlap wherever they
    /// suspend. Without an actor, they also run in parallel.
    private static func drive(_ walks: [SpecWalk], recognizers: [SkipRecognizer], parallelism: Int) async {
        let isolation = #isolation
        await withTaskGroup(of: Void.self) { tasks in
            var started = 0
            func startNext() {
                let walk = ConcurrentWalk(walk: walks[started])
                started += 1
                tasks.addTask { await Self.driveAlone(walk, recognizers, on: isolation) }
            }
            while started < min(parallelism, walks.count) { startNext() }
            while await tasks.next() != nil, started < walks.count { startNext() }
        }
    }

    /// Drives one walk of a concurrent group on the spec's isolation.
    private static func driveAlone(
        _ walk: ConcurrentWalk<Mode>, _ recognizers: [SkipRecognizer], on isolation: isolated (any Actor)?
    ) async {
        walk.walk.startsNow()
        await walk.walk.drive(recognizers: recognizers)
    }

    /// Drives the walk with `frame` bound as the source of
    /// `ExampleRunner.current` until the frame ends, on the spec's isolation.
    ///
    /// The closure given to `withValue` captures `isolation`, and so is
    /// isolated to it: a closure that did not would run the walk, and every
    /// synchronous closure it calls, off the caller's actor.
    private static func drive(
        _ walk: SpecWalk, in frame: any RunnerSource, _ recognizers: [SkipRecognizer], _ limit: TimeLimit?,
        on isolation: isolated (any Actor)?
    ) async {
        await ExampleRunner.$source.withValue(frame) {
            _ = isolation
            await walk.drive(recognizers: recognizers, limit: limit)
        }
    }

    /// Goes on with the walk inside an `aroundEach` hook, on the spec's
    /// isolation, with the frame's source bound again (the closure given to
    /// `withValue` captures `isolation`: see ``drive(_:in:_:_:on:)``).
    private static func continueInside(
        _ walk: WalkInHook<Mode>,
        _ recognizers: [SkipRecognizer],
        on isolation: isolated (any Actor)?
    ) async {
        await ExampleRunner.$source.withValue(walk.source) {
            _ = isolation
            walk.walk.enterAround(walk.token)
            await walk.walk.drive(recognizers: recognizers)
        }
    }
}

/// Carries the walk of one element of a concurrent group into the child task
/// that drives it.
///
/// Safe, though the compiler cannot see it: each such walk is driven by its
/// one child task only, and the walk that made it waits, touching none of
/// them, until every child task has ended (`finishConcurrently` runs after the
/// task group). What the walks share is the group's frame, whose hooks and
/// layers they only read, and which nothing changes while they run.
private struct ConcurrentWalk<Mode: ExecutionMode>: @unchecked Sendable {
    let walk: SpecWalk<Mode>
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
    /// What the closures inside the hook read `ExampleRunner.current` from: the frame, or its run.
    let source: any RunnerSource
}
