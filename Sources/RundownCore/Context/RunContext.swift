// What the code running in a task belongs to, and the one road its failures take.
//
// Invariants. A task reads one value, `RunContext.current`, to learn what it
// runs for: the closure of a spec (its example or hook, and which run of an
// example that repeats or retries), where that closure's failures go (its
// spec run's sink), the time limit it runs under and, through the sink, the
// host of its spec. A `Task {}` started inside inherits it, a detached task
// does not, and that alone decides which run a failure belongs to.
//
// The context lives in the core, beside the road, so that the toolkit and
// the framework adapters post failures and ask who runs without importing
// the engine. It knows the engine's values only through the protocols the
// engine's types conform to (`RunningClosure`, `FailureSink`,
// `ClosureTimeLimit`); the engine reads them back as its own types through
// checked casts (`RunContext+Engine.swift` in RundownEngine).
//
// A context is a value that never changes: the drivers bind a new one for
// each closure they call, so a task keeps naming the closure that started
// it for as long as it lives, whatever its spec has moved on to, and nothing
// in the context needs a lock. It is two references: the closure, and its
// surroundings (the sink, the time limit, the listening regions), which
// never change either and which the closures of a run share, so that a
// binding copies two references however much the context says. It holds
// what it names strongly: a task that outlives its example keeps that
// example's runner, and through it the frame a late failure is attributed to.
//
// Contexts nest: a region of code that must hear every failure made inside
// it (an explorer's run) binds a context with the same closure and sink and
// one more listening region, enclosing the regions of the context it runs
// in; the closures of a spec run are inside the regions of the context the
// run was started in. A failure that is not thrown (an `#expect`, an
// `XCTAssert`, a toolkit check, from any task) is handed to `RunContext.post`
// exactly once, by whoever saw it: every listening region from the innermost
// outwards hears it, then the sink of the spec whose closure runs takes it,
// attributes it and counts it. Where no spec takes it, `post` says so and
// the caller records it itself, so it is never lost and never recorded twice.

/// What the code running in a task belongs to: the closure of a spec that
/// runs, where its failures go, its time limit, and the regions around it
/// that listen to its failures.
///
/// Bound by the engine's drivers for each closure of a spec they call, by a
/// time limit around what it limits, and by code that needs to hear every
/// failure of a region (the interleaving explorer, for each of its runs).
/// Read by everything that records a failure that is not thrown.
///
/// A value of two references: the closure, and what it shares with the
/// other closures of its run (``Surroundings``). Binding one stores it in the
/// task's own task-local storage, so that the drivers, which bind one for
/// every closure, allocate nothing for it and copy two references in and out.
package struct RunContext: Sendable {
    /// The context of the code running in this task; `nil` outside specs
    /// and listening regions.
    @TaskLocal package static var current: RunContext?

    /// The closure of a spec running in this context (the engine's runner:
    /// its example or hook, and which run of its example); `nil` outside a spec.
    package let closure: (any RunningClosure)?
    /// What ``closure`` shares with the other closures of its run: where
    /// their failures go, their time limit, the listening regions around
    /// them; `nil` outside specs and listening regions.
    package let surroundings: Surroundings?

    /// What the contexts of many closures share: the sink of their spec run,
    /// the time limit they run under and the listening regions around them.
    /// A spec run makes one for the limit its closures start under, and one
    /// more wherever a closure runs under another; a listening region or a
    /// time limit makes one for the code it encloses.
    package final class Surroundings: Sendable {
        /// Where the failures of the closures go, and what the closures of
        /// their spec run share; `nil` outside a spec.
        package let sink: (any FailureSink)?
        /// The innermost time limit the code runs under, if any.
        package let timeLimit: (any ClosureTimeLimit)?
        /// The listening regions the code is part of, innermost first.
        package let regions: ListeningRegion?
        /// The walk of the spec on the progress board, which a toolkit wait
        /// is reported under; `nil` outside a spec.
        package let progressRun: ProgressBoard.Run?

        package init(
            sink: (any FailureSink)?, timeLimit: (any ClosureTimeLimit)?, regions: ListeningRegion?,
            progressRun: ProgressBoard.Run? = nil
        ) {
            self.sink = sink
            self.timeLimit = timeLimit
            self.regions = regions
            self.progressRun = progressRun
        }
    }

    /// The context of `closure` in `surroundings`; the engine's drivers make
    /// one per closure they call.
    package init(closure: (any RunningClosure)?, in surroundings: Surroundings?) {
        self.closure = closure
        self.surroundings = surroundings
    }

    /// Where the failures of ``closure`` go; `nil` outside a spec.
    package var sink: (any FailureSink)? { surroundings?.sink }
    /// The innermost time limit the code runs under, if any.
    package var timeLimit: (any ClosureTimeLimit)? { surroundings?.timeLimit }
    /// The listening regions this context is part of, innermost first.
    package var regions: ListeningRegion? { surroundings?.regions }

    /// A listening region inside `enclosing`: the same closure, sink and
    /// limit, and `listener` besides.
    init(listener: any FailureListener, enclosing: RunContext?) {
        self.init(
            closure: enclosing?.closure,
            in: Surroundings(
                sink: enclosing?.sink, timeLimit: enclosing?.timeLimit,
                regions: ListeningRegion(listener: listener, enclosing: enclosing?.regions),
                progressRun: enclosing?.surroundings?.progressRun))
    }

    /// `context` (or nothing) with `limit` as its innermost time limit.
    package static func limited(by limit: any ClosureTimeLimit, in context: RunContext?) -> RunContext {
        RunContext(
            closure: context?.closure,
            in: Surroundings(
                sink: context?.sink, timeLimit: limit, regions: context?.regions,
                progressRun: context?.surroundings?.progressRun))
    }
}

extension RunContext {
    /// Hands a failure that was not thrown to the context of the code running
    /// now: each listening region around it hears it, then the spec whose
    /// closure runs takes it.
    ///
    /// - Returns: Whether it was taken: by a spec, or by a listener that
    ///   keeps what no spec takes. If not, the caller records it itself
    ///   (with the test framework that runs, or by throwing).
    @discardableResult
    package static func post(_ failure: PostedFailure) -> Bool {
        announce(failure)
        if keeps(\.keepsEverything) { return true }
        if let context = current, let closure = context.closure, let sink = context.sink {
            sink.take(failure, postedBy: closure)
            return true
        }
        return keeps(\.keepsUnclaimed)
    }

    /// Tells every listening region around the code running now of `failure`,
    /// innermost first, and nobody else: for what a framework counts as no
    /// failure of a spec but an exploration must hear (a known issue).
    package static func announce(_ failure: PostedFailure) {
        var region = current?.regions
        while let next = region {
            next.listener.hear(failure)
            // A region that keeps everything keeps it from the regions around it too.
            if next.listener.keepsEverything { return }
            region = next.enclosing
        }
    }

    /// Whether a failure posted here is taken (by a spec, or by a listener
    /// that keeps what no spec takes), so that nobody else must record it.
    package static var takesFailures: Bool {
        isInSpec || keeps(\.keepsUnclaimed)
    }

    /// Whether the listener of a listening region around the code running now keeps what `keeping` says.
    private static func keeps(_ keeping: KeyPath<any FailureListener, Bool>) -> Bool {
        var region = current?.regions
        while let next = region {
            if next.listener[keyPath: keeping] { return true }
            region = next.enclosing
        }
        return false
    }

    /// Runs `body` in a region whose `listener` hears every failure posted
    /// in it and in the tasks it starts, inside the context that runs now.
    package static func listening<Result>(
        _ listener: any FailureListener, isolation: isolated (any Actor)? = #isolation,
        _ body: () async throws -> Result
    ) async rethrows -> Result {
        try await $current.withValue(RunContext(listener: listener, enclosing: current)) {
            try await body()
        }
    }

    /// Runs `body` in a region whose `listener` hears every failure posted
    /// in it, inside the context that runs now: the synchronous form.
    package static func listening<Result>(_ listener: any FailureListener, _ body: () throws -> Result) rethrows
        -> Result
    {
        try $current.withValue(RunContext(listener: listener, enclosing: current)) {
            try body()
        }
    }

    /// Whether a spec's closure runs here, so that a failure posted here is counted by that spec.
    package static var isInSpec: Bool {
        current?.sink != nil
    }
}
