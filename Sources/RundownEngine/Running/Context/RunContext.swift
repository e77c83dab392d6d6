// What the code running in a task belongs to, and the one road its failures take.
//
// Invariants. A task reads one value, `RunContext.current`, to learn what it
// runs for: the closure of a spec (its example or hook, and which run of an
// example that repeats or retries), where that closure's failures go (its
// run's inbox), the time limit it runs under and the host of its spec. A
// `Task {}` started inside inherits it, a detached task does not, and that
// alone decides which run a failure belongs to.
//
// A context is a value that never changes: the drivers bind a new one for
// each closure they call (`RunContext(running:in:limit:)`), so a task keeps
// naming the closure that started it for as long as it lives, whatever its
// spec has moved on to, and nothing in the context needs a lock. It holds what
// it names strongly: a task that outlives its example keeps that example's
// runner, and through it the frame a late failure is attributed to.
//
// Contexts nest: a region of code that must hear every failure made inside
// it (an explorer's run) binds a context with the same spec state and one
// more listening region, enclosing the regions of the context it runs in;
// the closures of a spec run are inside the regions of the context the run
// was started in. A failure that is not thrown (an `#expect`, an `XCTAssert`,
// a toolkit check, from any task) is handed to `RunContext.post` exactly
// once, by whoever saw it: every listening region from the innermost outwards
// hears it, then the spec whose closure runs takes it, attributes it and
// counts it. Where no spec takes it, `post` says so and the caller records it
// itself, so it is never lost and never recorded twice.

/// What the code running in a task belongs to: the closure of a spec that
/// runs, where its failures go, its time limit, its host, and the regions
/// around it that listen to its failures.
///
/// Bound by the engine's drivers for each closure of a spec they call, by a
/// time limit around what it limits, and by code that needs to hear every
/// failure of a region (the interleaving explorer, for each of its runs).
/// Read by everything that records a failure that is not thrown.
///
/// A value: binding one stores it in the task's own task-local storage, so
/// that the drivers, which bind one for every closure, allocate nothing for it.
package struct RunContext: Sendable {
    /// The context of the code running in this task; `nil` outside specs
    /// and listening regions.
    @TaskLocal package static var current: RunContext?

    /// The closure of a spec running in this context: its example or hook,
    /// and which run of its example; `nil` outside a spec.
    package let runner: ExampleRunner?
    /// What the closures of that spec run share: where their failures go and
    /// their host; `nil` outside a spec.
    let run: SpecRunState?
    /// The innermost time limit the code runs under, if any.
    package let limit: TimeLimit?
    /// The listening regions this context is part of, innermost first.
    let regions: ListeningRegion?

    private init(runner: ExampleRunner?, run: SpecRunState?, limit: TimeLimit?, regions: ListeningRegion?) {
        self.runner = runner
        self.run = run
        self.limit = limit
        self.regions = regions
    }

    /// Where the failures of ``runner``'s closure go: its run's inbox;
    /// `nil` outside a spec.
    package var sink: FailureInbox? { run?.sink }

    /// The host of the spec whose closure runs, if any: a spec started
    /// inside reports through it.
    package var host: (any SpecHost)? { run?.host }

    /// A listening region inside `enclosing`: the same closure, sink, limit
    /// and host, and `listener` besides.
    init(listener: any FailureListener, enclosing: RunContext?) {
        self.init(
            runner: enclosing?.runner, run: enclosing?.run, limit: enclosing?.limit,
            regions: ListeningRegion(listener: listener, enclosing: enclosing?.regions))
    }

    /// The context of one closure of a spec run: `runner`'s, posting to
    /// `run`'s sink, under `limit`, inside the regions the run started in.
    init(running runner: ExampleRunner, in run: SpecRunState, limit: TimeLimit?) {
        self.init(runner: runner, run: run, limit: limit, regions: run.outer?.regions)
    }

    /// `context` (or nothing) with `limit` as its innermost time limit.
    static func limited(by limit: TimeLimit, in context: RunContext?) -> RunContext {
        RunContext(runner: context?.runner, run: context?.run, limit: limit, regions: context?.regions)
    }
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

    /// Whether the listener keeps every failure of its region from everything
    /// outside it, a spec's run included: an exploration repeating a failing
    /// order to see whether it fails again, whose failures were reported once.
    var keepsEverything: Bool { get }
}

extension FailureListener {
    package var keepsUnclaimed: Bool { false }
    package var keepsEverything: Bool { false }
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
        if let context = current, let runner = context.runner, let sink = context.sink {
            sink.post(runner.recorded(failure))
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
