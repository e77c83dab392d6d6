// The one road a failure that was not thrown takes into a spec run.
//
// Invariants. Each run of a spec has one inbox, and every failure of the run
// that is not an error thrown by the closure the walk is running enters
// through it: an `#expect` (recorded by Swift Testing, or caught by Rundown's
// fallback handler), an `XCTAssert` (recorded by XCTest, or forwarded), a
// toolkit check, a body an `aroundEach` hook called after it had returned.
// Whatever noticed it posts it through `RunContext.post`, to the sink of the
// context of the closure whose task it came from, naming that closure's runner; a task
// started inside an element inherits that context, a detached task does not,
// so a failure recorded where no element of this run started the task is
// never posted here.
//
// Only the walk takes from the inbox, on its own task, wherever what was
// posted can change what happens next: when a closure failed (was its error
// reported already?), when a group's hook or an `aroundEach` hook ended, when
// one run of an element ends (before its result is decided) and when the
// walk ends. It attributes each failure to the element or hook whose runner posted it:
// that element fails, if it is still running; if its example has finished,
// the failure is late, reported with that example's path and saying so, and
// that example's counted result becomes failed. A failure is counted once, by
// the walk, and reaches every report as the walk's `.failed` event.
//
// When the walk has ended the inbox closes, under the same lock as the last
// take, so a failure is either taken by the walk or handed to `afterClose`
// (the host, which says it came late), never both and never neither.
//
// Cost. Posting is rare; taking happens once per example that passes, and at
// every closure that fails. An empty take is one uncontended lock and
// unlock, and returns nil.

/// Where the failures of one spec run that were not thrown wait for the walk.
///
/// A failure reaches it through ``RunContext/post(_:)``.
package final class FailureInbox: Sendable {
    /// One failure as posted.
    enum Posted: Sendable {
        /// Posted while `runner`'s closure, or a task it started, ran.
        case posted(runner: ExampleRunner, error: any Error, location: CodeLocation)
        /// A failure the engine made whole: an `aroundEach` body called after its hook returned.
        case made(SpecFailure)
    }

    /// What was posted and not yet taken, and whether the walk has ended.
    private let state = Protected<(posted: [Posted], closed: Bool)>(([], false))
    /// Takes a failure posted once the walk has ended.
    private let afterClose: @Sendable (SpecFailure) -> Void
    /// The seed the run is shuffled with, if any, for recorders that add it to what they record.
    package let seed: UInt64?

    /// An inbox for one run.
    ///
    /// - Parameters:
    ///   - seed: The run's seed, if it is shuffled.
    ///   - afterClose: Gets each failure posted after the walk ended, marked late
    ///     (a ``LateFailure``); the framework-recorded ones are not handed on,
    ///     the framework has them.
    package init(seed: UInt64? = nil, afterClose: @escaping @Sendable (SpecFailure) -> Void = { _ in }) {
        self.seed = seed
        self.afterClose = afterClose
    }

    /// A new inbox for part of the same run (one element of a concurrent
    /// group): the same seed, and what is posted once it is closed goes where
    /// this one's does.
    func sharingLateHandling() -> FailureInbox {
        FailureInbox(seed: seed, afterClose: afterClose)
    }

    func post(_ failure: Posted) {
        let open = state.withLock { state in
            if state.closed { return false }
            state.posted.append(failure)
            return true
        }
        guard !open else { return }
        switch failure {
        case .posted(let runner, let error, let location):
            // The framework has it; the run that would have counted it is over.
            guard !(error is any ReportedByFramework) else { return }
            afterClose(
                SpecFailure(
                    path: runner.latePath,
                    error: LateFailure(
                        error: error, example: runner.latePath, run: runner.attempt, afterRun: true),
                    location: location)
            )
        case .made(let failure):
            afterClose(failure)
        }
    }

    /// Posts a failure of the run that belongs to none of its elements (a
    /// fresh value used from a detached task, which knows no example): the
    /// walk records it as it is; once the run has ended, `afterClose` gets it.
    package func postToNoElement(_ failure: SpecFailure) {
        post(.made(failure))
    }

    /// Everything posted since the last take, or `nil` if nothing was.
    func take() -> [Posted]? {
        state.withLock { state in
            if state.posted.isEmpty { return nil }
            defer { state.posted = [] }
            return state.posted
        }
    }

    /// Closes the inbox and returns what was posted since the last take.
    func close() -> [Posted] {
        state.withLock { state in
            state.closed = true
            defer { state.posted = [] }
            return state.posted
        }
    }
}
