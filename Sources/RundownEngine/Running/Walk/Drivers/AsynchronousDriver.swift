extension SpecWalk where Mode == Asynchronous {
    /// Runs closures, awaiting each that may suspend, until the walk ends,
    /// or until what the current `aroundEach` hook wraps is done.
    ///
    /// It runs on the caller's actor, so closures that capture the caller's
    /// state never cross an isolation boundary. Each closure runs with its
    /// own context bound (``context(running:in:)``). A synchronous body
    /// (most hooks) is called as the synchronous driver calls it, on that
    /// same actor, with none of the cost of an `await`; under a time limit
    /// every body runs in the task the limit can leave behind.
    ///
    /// `limit` is the time limit the closures run under: the one of the
    /// context the run started in, or, inside an `aroundEach` hook, the one
    /// its body was called under (a `.timeLimit` scope binds one there).
    nonisolated(nonsending) func drive(recognizers: [SkipRecognizer]) async {
        await drive(recognizers: recognizers, limit: outerLimit)
    }

    nonisolated(nonsending) private func drive(recognizers: [SkipRecognizer], limit: TimeLimit?) async {
        let surroundings = surroundings(under: limit)
        while let instruction = next() {
            // Consumed, so that its runner and body are moved into the
            // closure's run instead of copied and each copy destroyed.
            switch consume instruction {
            case .call(let body, let runner):
                // On the progress board while it runs (and until the next closure), also while a time limit
                // waits for it to stop.
                progressRuns(runner, at: progressDepth)
                let outcome: Outcome
                if let limit {
                    let context = context(running: runner, in: surroundings)
                    outcome = await Self.run(in: context, on: #isolation) {
                        await Outcome.of(runner, recognizers: recognizers, limit: limit, grace: gracePeriod) {
                            try await body()
                        }
                    }
                } else if let defaultLimit {
                    // No `.timeLimit` covers the closure: `RUNDOWN_TIME_LIMIT` limits it alone.
                    let limit = TimeLimit(defaultLimit, path: runner.path, fromSetting: true)
                    let context = context(running: runner, in: self.surroundings(under: limit))
                    outcome = await Self.run(in: context, on: #isolation) {
                        await Outcome.of(runner, recognizers: recognizers, limit: limit, grace: gracePeriod) {
                            try await body()
                        }
                    }
                } else {
                    let context = context(running: runner, in: surroundings)
                    switch body.closure {
                    case .synchronous(let body):
                        // Called as the synchronous driver calls it: nothing in it can suspend.
                        outcome = RunContext.$current.withValue(context) { Outcome.of(recognizers: recognizers, body) }
                    case .asynchronous(let body):
                        outcome = await Self.run(in: context, on: #isolation) {
                            await Outcome.of(recognizers: recognizers, body)
                        }
                    }
                }
                finish(outcome)
            case .wrap(let around, let token):
                // The hook may call its body from another executor: a hook
                // written on the main actor hands it over through a thunk
                // that hops to the global one, and a scope such as
                // `.exclusive` awaits it from wherever its lock resumed. The
                // body therefore returns to the spec's own isolation before
                // it goes on with the walk.
                //
                // The hook runs in its own context, so that a task it starts
                // (an `async let` that watches what the body does) is the
                // hook's: what the task posts and the error the hook
                // rethrows from it are one failure. The closures its body
                // runs bind their own.
                let walk = WalkInHook(walk: self, token: token, limit: limit)
                let context = context(running: token.runner, in: surroundings)
                let depth = progressDepth
                progressRuns(token.runner, at: depth)
                progressDepth = depth + 1
                let outcome = await Self.run(around, around: walk, in: context, recognizers, on: #isolation)
                progressDepth = depth
                progressLeaves(depth: depth)
                finishAround(token, outcome, await token.gate.close())
            case .concurrently(let walks):
                progressLeaves(depth: progressDepth)
                await Self.drive(walks, recognizers: recognizers, parallelism: parallelism, limit: limit)
                finishConcurrently(walks)
            case .unwrap:
                return
            }
        }
    }

    /// Runs `body` with `context` bound, on the spec's isolation.
    ///
    /// The closure given to `withValue` captures `isolation`, and so is
    /// isolated to it: a closure that did not would run the closure, and
    /// every synchronous closure it calls, off the caller's actor.
    private static func run(
        in context: RunContext, on isolation: isolated (any Actor)?, _ body: () async -> Outcome
    ) async -> Outcome {
        await RunContext.$current.withValue(context) {
            _ = isolation
            return await body()
        }
    }

    /// Runs the `aroundEach` hook `around` in `context`, on the spec's
    /// isolation, with a body that goes on with `walk` if its gate lets it.
    private static func run(
        _ around: Mode.Around, around walk: WalkInHook<Mode>, in context: RunContext, _ recognizers: [SkipRecognizer],
        on isolation: isolated (any Actor)?
    ) async -> Outcome {
        await RunContext.$current.withValue(context) {
            _ = isolation
            return await Outcome.of(recognizers: recognizers) {
                try await around {
                    guard walk.token.gate.enter() else { return }
                    await Self.continueInside(walk, recognizers, on: isolation)
                    walk.token.gate.leave()
                }
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
    private static func drive(
        _ walks: [SpecWalk], recognizers: [SkipRecognizer], parallelism: Int, limit: TimeLimit?
    ) async {
        let isolation = #isolation
        await withTaskGroup(of: Void.self) { tasks in
            var started = 0
            func startNext() {
                let walk = ConcurrentWalk(walk: walks[started], limit: limit)
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
        await walk.walk.drive(recognizers: recognizers, limit: walk.limit)
    }

    /// Goes on with the walk inside an `aroundEach` hook, on the spec's
    /// isolation, under the limit the body was called under: the one a
    /// scope bound around it, else the hook's.
    private static func continueInside(
        _ walk: WalkInHook<Mode>,
        _ recognizers: [SkipRecognizer],
        on isolation: isolated (any Actor)?
    ) async {
        walk.walk.enterAround(walk.token)
        await walk.walk.drive(recognizers: recognizers, limit: RunContext.current?.limit ?? walk.limit)
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
    /// The limit its closures run under: the group's.
    let limit: TimeLimit?
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
    /// The limit the hook runs under, for a body called where no context is.
    let limit: TimeLimit?
}
