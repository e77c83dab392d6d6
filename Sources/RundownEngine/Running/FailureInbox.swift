// The one road a failure that was not thrown takes into a spec run.
//
// Invariants. Each run of a spec has one inbox, and every failure of the run
// that is not an error thrown by the closure the walk is running enters
// through it: an `#expect` (recorded by Swift Testing, or caught by Rundown's
// fallback handler), an `XCTAssert` (recorded by XCTest, or forwarded), a
// toolkit check, a body an `aroundEach` hook called after it had returned.
// The recorder posts it through `ExampleRunner.current`, the runner of the
// closure whose task recorded it; a task started inside an element inherits
// that runner, a detached task does not, so a failure recorded where no
// element of this run started the task is never posted here.
//
// Only the walk takes from the inbox, on its own task, at each step where it
// applies an outcome (`finish`, `finishAround`) and when it ends. It
// attributes each failure to the element or hook whose runner posted it:
// that element fails, if it is still running; if its example has finished,
// the failure is late, reported with that example's path and saying so, and
// that example's counted result becomes failed. A failure is counted once, by
// the walk, and reaches every report as the walk's `.failed` event.
//
// When the walk has ended the inbox closes, under the same lock as the last
// take, so a failure is either taken by the walk or handed to `afterClose`
// (the host, which says it came late), never both and never neither.
//
// Cost. Posting is rare; taking happens at every step. An empty take is one
// uncontended lock and unlock, and returns nil.

/// Where the failures of one spec run that were not thrown wait for the walk.
///
/// A recorder reaches it through ``ExampleRunner/post(_:at:recordedByFramework:)``.
package final class FailureInbox: Sendable {
    /// One failure as posted.
    enum Posted: Sendable {
        /// Recorded while `runner`'s closure, or a task it started, ran.
        case recorded(runner: ExampleRunner, error: any Error, location: CodeLocation)
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
        case .recorded(let runner, let error, let location):
            // The framework has it; the run that would have counted it is over.
            guard !(error is any ReportedByFramework) else { return }
            afterClose(
                SpecFailure(
                    path: runner.latePath,
                    error: LateFailure(
                        error: error, example: runner.latePath, run: runner.attempt?.description, afterRun: true),
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

/// An error that adds words to another one (it came late, the run's seed):
/// hosts look through it to tell what was thrown from what was reported.
package protocol WrappedFailure: Error {
    /// The error it adds to.
    var wrapped: any Error { get }
}

/// A failure that arrived after the element that started its task had
/// finished, or after the run of its example that started the task (an
/// attempt, a repetition) had.
package struct LateFailure: WrappedFailure, CustomStringConvertible {
    /// What failed.
    package var error: any Error
    /// The path of the element or hook whose task recorded it.
    package var example: [String]
    /// Which run of its example started the task, for an example that
    /// repeats or retries: `attempt 1 of 2`.
    package var run: String?
    /// Whether it came after the whole spec run had ended, so that its test may have ended too.
    package var afterRun: Bool

    package init(error: any Error, example: [String], run: String? = nil, afterRun: Bool = false) {
        self.error = error
        self.example = example
        self.run = run
        self.afterRun = afterRun
    }

    package var wrapped: any Error { error }

    package var description: String {
        let finished = run.map { "had finished \($0)" } ?? "had finished"
        return
            "\(String(describing: error)) (late: after '\(example.joined(separator: ", "))' \(finished), from a task it started)"
    }
}

/// A failure that was reported, not thrown: an assertion or a check.
package struct ReportedFailure: Error, CustomStringConvertible {
    package var message: String
    package var description: String { message }
}

/// A failure that a framework recorded by itself (Swift Testing's `#expect`,
/// XCTest's `XCTAssert` in a plain `XCTestCase`): the run counts it, but no
/// host records it again.
struct RecordedByFramework: ReportedByFramework, CustomStringConvertible {
    var message: String
    var description: String { message }
}

extension ExampleRunner {
    /// Hands a failure that was not thrown to the run of the spec this
    /// runner's closure belongs to, which attributes it to the element or
    /// hook this runner runs.
    ///
    /// - Parameters:
    ///   - message: What failed, without the path.
    ///   - location: Where: the assertion's or check's line.
    ///   - recordedByFramework: Whether the test framework has recorded it
    ///     already, so the run counts it and no host records it again.
    /// - Returns: Whether the runner belongs to a spec run (a runner made by
    ///   hand does not); if not, the caller reports the failure itself.
    @discardableResult
    package func post(_ message: String, at location: CodeLocation, recordedByFramework: Bool = false) -> Bool {
        guard inbox != nil else { return false }
        let failure = PostedFailure(message: message, location: location, recordedByFramework: recordedByFramework)
        RunContext.announce(failure)
        return postToRun(failure)
    }

    /// Puts `failure` in the inbox of this runner's run, attributed to this
    /// runner; `false` for a runner made by hand, which belongs to no run.
    func postToRun(_ failure: PostedFailure) -> Bool {
        guard let inbox else { return false }
        inbox.post(recorded(failure))
        return true
    }

    /// `failure` as the inbox keeps it: attributed to this runner, at its
    /// own place or, if it has none, this runner's.
    func recorded(_ failure: PostedFailure) -> FailureInbox.Posted {
        let error: any Error =
            failure.recordedByFramework
            ? RecordedByFramework(message: failure.message) : ReportedFailure(message: failure.message)
        return .recorded(runner: self, error: error, location: failure.location ?? location)
    }
}
