// What the code running in a task belongs to, and the one road its failures take.
//
// Invariants. A task reads one value, `RunContext.current`, to learn what it
// runs for: the closure of a spec (its example or hook, and which run of an
// example that repeats or retries), where that closure's failures go (its
// run's inbox), the time limit it runs under and the host of its spec. A
// `Task {}` started inside inherits it, a detached task does not, and that
// alone decides which run a failure belongs to.
//
// A context never changes: the drivers bind a new one for each closure they
// call (`RunContext(running:in:limit:)`), so a task keeps naming the closure
// that started it for as long as it lives, whatever its spec has moved on to,
// and nothing in the context needs a lock. It holds what it names strongly: a
// task that outlives its example keeps that example's runner, and through it
// the frame a late failure is attributed to.
//
// Contexts nest: a region of code that must hear every failure made inside
// it (an explorer's run) binds a context enclosed by the one it runs in,
// with the same spec state; so does a spec's run, whose closures' contexts
// are enclosed by the context it was started in. A failure that is not
// thrown (an `#expect`, an `XCTAssert`, a toolkit check, from any task) is
// handed to `RunContext.post` exactly once, by whoever saw it: every listener
// from the innermost context outwards hears it, then the spec whose closure
// runs takes it, attributes it and counts it. Where no spec takes it, `post`
// says so and the caller records it itself, so it is never lost and never
// recorded twice.

/// What the code running in a task belongs to: the closure of a spec that
/// runs, where its failures go, its time limit, its host, and the regions
/// around it that listen to its failures.
///
/// Bound by the engine's drivers for each closure of a spec they call, by a
/// time limit around what it limits, and by code that needs to hear every
/// failure of a region (the interleaving explorer, for each of its runs).
/// Read by everything that records a failure that is not thrown.
package final class RunContext: Sendable {
    /// The context of the code running in this task; `nil` outside specs
    /// and listening regions.
    @TaskLocal package static var current: RunContext?

    /// The closure of a spec running in this context: its example or hook,
    /// and which run of its example; `nil` outside a spec.
    package let runner: ExampleRunner?
    /// Where the failures of ``runner``'s closure go: its run's inbox;
    /// `nil` outside a spec.
    package let sink: FailureInbox?
    /// The innermost time limit the code runs under, if any.
    package let limit: TimeLimit?
    /// The host of the spec whose closure runs, if any: a spec started
    /// inside reports through it.
    package let host: (any SpecHost)?
    /// Hears every failure posted in this context, if it is a listening region.
    let listener: (any FailureListener)?
    /// The context this one is part of.
    let enclosing: RunContext?

    private init(
        runner: ExampleRunner?, sink: FailureInbox?, limit: TimeLimit?, host: (any SpecHost)?,
        listener: (any FailureListener)?, enclosing: RunContext?
    ) {
        self.runner = runner
        self.sink = sink
        self.limit = limit
        self.host = host
        self.listener = listener
        self.enclosing = enclosing
    }

    /// A listening region inside `enclosing`: the same closure, sink, limit
    /// and host, and `listener` besides.
    convenience init(listener: (any FailureListener)?, enclosing: RunContext?) {
        self.init(
            runner: enclosing?.runner, sink: enclosing?.sink, limit: enclosing?.limit, host: enclosing?.host,
            listener: listener, enclosing: enclosing)
    }

    /// The context of one closure of a spec run: `runner`'s, posting to
    /// `run`'s sink, under `limit`, inside the context the run started in.
    convenience init(running runner: ExampleRunner, in run: SpecRunState, limit: TimeLimit?) {
        self.init(
            runner: runner, sink: run.sink, limit: limit, host: run.host, listener: nil, enclosing: run.outer)
    }

    /// This context with `limit` as its innermost time limit: the same
    /// closure, and the same place among the regions (it stands in for this one).
    func limited(by limit: TimeLimit) -> RunContext {
        RunContext(
            runner: runner, sink: sink, limit: limit, host: host, listener: listener, enclosing: enclosing)
    }

    /// A context with only `limit`, for a limit bound where no context is.
    static func limited(by limit: TimeLimit, in context: RunContext?) -> RunContext {
        context?.limited(by: limit)
            ?? RunContext(runner: nil, sink: nil, limit: limit, host: nil, listener: nil, enclosing: nil)
    }
}

/// What every closure context of one spec run shares: its sink, its host,
/// and the context the run was started in (see ``RunContext``).
struct SpecRunState {
    /// The inbox of the run (or of one element of a concurrent group).
    let sink: FailureInbox
    /// The host the run reports to, if the caller gave one.
    let host: (any SpecHost)?
    /// The context the run started in: the closure of an enclosing spec, a
    /// listening region, or nothing.
    let outer: RunContext?
}

/// A failure that was recorded rather than thrown, as its recorder posts it.
package struct PostedFailure: Sendable {
    /// What failed, without a path.
    package var message: String
    /// Where: the assertion's or check's line; `nil` if the recorder does
    /// not know it, and the running element's is meant.
    package var location: CodeLocation?
    /// Whether the test framework has recorded it already, so that it is
    /// counted and never recorded again.
    package var recordedByFramework: Bool
    /// The file of the check's call as `#filePath` gave it, if the recorder
    /// has it: XCTest's `XCTFail` takes a file in no other form.
    package var staticFilePath: StaticString?

    package init(
        message: String, location: CodeLocation?, recordedByFramework: Bool, staticFilePath: StaticString? = nil
    ) {
        self.message = message
        self.location = location
        self.recordedByFramework = recordedByFramework
        self.staticFilePath = staticFilePath
    }
}

/// Code that must know, as it happens, of every failure posted in a region
/// of code and the tasks it starts: the explorer, which ends an exploration
/// at the first run with a failure.
package protocol FailureListener: AnyObject, Sendable {
    /// A failure was posted in the listener's region. It still goes on to
    /// the spec that runs, if any; the listener only hears it.
    func hear(_ failure: PostedFailure)

    /// Whether the listener keeps what no spec takes, so that its recorder
    /// does not record it too: a region where nothing else would (an
    /// exploration with no test framework, which throws what it heard), or a
    /// test that collects failures.
    var keepsUnclaimed: Bool { get }
}

extension FailureListener {
    package var keepsUnclaimed: Bool { false }
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
        if let context = current, let runner = context.runner, let sink = context.sink {
            sink.post(runner.recorded(failure))
            return true
        }
        return keepsUnclaimed
    }

    /// Tells every listening region around the code running now of `failure`,
    /// innermost first, and nobody else: for what a framework counts as no
    /// failure of a spec but an exploration must hear (a known issue).
    package static func announce(_ failure: PostedFailure) {
        var context = current
        while let region = context {
            region.listener?.hear(failure)
            context = region.enclosing
        }
    }

    /// Whether a failure posted here is taken (by a spec, or by a listener
    /// that keeps what no spec takes), so that nobody else must record it.
    package static var takesFailures: Bool {
        isInSpec || keepsUnclaimed
    }

    /// Whether a listening region around the code running now keeps what no spec takes.
    private static var keepsUnclaimed: Bool {
        var context = current
        while let region = context {
            if region.listener?.keepsUnclaimed == true { return true }
            context = region.enclosing
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
