// What the code running in a task belongs to, and the one road its failures take.
//
// Invariants. A task reads one value, `RunContext.current`, to learn what it
// runs for; a `Task {}` started inside inherits it, a detached task does not,
// and that alone decides which run a failure belongs to. Contexts nest: a
// region of code that must hear every failure made inside it (an explorer's
// run) binds a context enclosed by the one it runs in. A failure that is not
// thrown (an `#expect`, an `XCTAssert`, a toolkit check, from any task) is
// handed to `RunContext.post` exactly once, by whoever saw it: every listener
// from the innermost context outwards hears it, then the spec whose closure
// runs takes it, attributes it and counts it. Where no spec takes it, `post`
// says so and the caller records it itself, so it is never lost and never
// recorded twice.

/// What the code running in a task belongs to: the spec run whose closure
/// runs, and the regions inside it that listen to its failures.
///
/// Bound by the engine as it runs a spec, and by code that needs to hear
/// every failure of a region (the interleaving explorer, for each of its
/// runs). Read by everything that records a failure that is not thrown.
package final class RunContext: Sendable {
    /// The context of the code running in this task; `nil` outside specs
    /// and listening regions.
    @TaskLocal package static var current: RunContext?

    /// Hears every failure posted in this context, if it is a listening region.
    let listener: (any FailureListener)?
    /// The context this one is part of.
    let enclosing: RunContext?

    init(listener: (any FailureListener)?, enclosing: RunContext?) {
        self.listener = listener
        self.enclosing = enclosing
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
        if let runner = ExampleRunner.current, runner.postToRun(failure) { return true }
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
        ExampleRunner.current?.inbox != nil
    }
}
