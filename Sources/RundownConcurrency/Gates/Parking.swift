import RundownCore

/// What a parking request decided while it held the state's mutex.
enum ParkingDecision {
    /// The wait is over before it began, with this outcome.
    case settled(Result<Void, any Error>)
    /// The continuation is now stored in the state; `wake` are other waiters this arrival satisfied,
    /// resumed once the mutex is released.
    case parked(wake: [CheckedContinuation<Void, any Error>])
}

/// Suspends the current task on a continuation kept in `state`, until other code resumes it or the
/// task is cancelled.
///
/// Every wait in this module (a lock waiter, a gate arrival, a test waiting for arrivals or for
/// tracked tasks) has the same two races to get right, so they are solved once, here:
///
/// - Cancellation may happen before the continuation is stored. The cancelled flag is set before
///   the cancellation handler runs, and both the check below and the handler take the same mutex,
///   so either the check sees the flag or the handler finds the stored continuation.
/// - Whoever removes a continuation from the state owns the single resume, so a continuation is
///   never resumed twice (by `open()` and by cancellation, say).
///
/// - Parameters:
///   - state: The shared state that stores waiting continuations.
///   - enqueue: Runs under the mutex; settles the wait at once or stores the continuation.
///   - dequeue: Runs under the mutex on cancellation; removes and returns the stored continuation
///     if it is still there.
func parkCurrentTask<State>(
    in state: Protected<State>,
    enqueue: (inout State, CheckedContinuation<Void, any Error>) -> ParkingDecision,
    dequeue: @escaping @Sendable (inout State) -> CheckedContinuation<Void, any Error>?
) async throws {
    try await withTaskCancellationHandler {
        try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
            let decision = state.withLock { state -> ParkingDecision in
                if Task.isCancelled { return .settled(.failure(CancellationError())) }
                return enqueue(&state, continuation)
            }
            switch decision {
            case .settled(let outcome):
                continuation.resume(with: outcome)
            case .parked(let others):
                for other in others { other.resume() }
            }
        }
    } onCancel: {
        state.withLock(dequeue)?.resume(throwing: CancellationError())
    }
}

/// A parked task, resumed once by whoever takes it out of the state.
typealias ParkedTask = CheckedContinuation<Void, any Error>

/// Suspends the current task, as ``parkCurrentTask(in:enqueue:dequeue:)`` does, until the code
/// that answers the wait resumes it; if `timeout` passes first, throws `timedOut(state)`.
///
/// Every wait with a deadline has a third race besides the two of `parkCurrentTask`: the answer
/// (the last arrival at a gate, the last tracked task ending) against the deadline. On a busy
/// machine either side can be late to run: the answer can resume the waiter just before the
/// deadline while the waiting task has not run yet, or come just after the deadline while the
/// deadline's task has not run yet. Left to whichever task runs first, the wait failed although it
/// had been answered, with a message that contradicted itself ("waited for 1 parked caller, but
/// 1 parked"). So the race is decided under the state's mutex, once, here:
///
/// - The code that answers a wait takes its continuation out and puts its `id` in `answered`,
///   while it holds the mutex.
/// - When the deadline passes, it looks, under the mutex, whether `answered` holds the `id` or
///   `isAnswered(state)` is true now. If so the wait succeeds, however late its own task runs (a
///   wait the deadline finds answered before anyone resumed it is answered by the deadline, so a
///   waiter that parks only afterwards returns at once); if not, it fails with an error made from
///   the state the deadline saw.
///
/// A wait that fails carries the progress report of the closure it runs for, when its error can
/// (``CarriesProgressReport``): what that closure waited for, this wait among them.
///
/// `enqueue` stores the continuation and returns the other waiters that this one answers;
/// `dequeue` takes it back out. `id` leaves `answered` when the wait ends.
func parkUntilAnswered<State>(
    _ id: UInt64,
    in state: Protected<State>,
    within timeout: Duration,
    answered: WritableKeyPath<State, Set<UInt64>> & Sendable,
    isAnswered: @escaping @Sendable (State) -> Bool,
    enqueue: @escaping @Sendable (inout State, ParkedTask) -> [ParkedTask],
    dequeue: @escaping @Sendable (inout State) -> ParkedTask?,
    timedOut: @escaping @Sendable (State) -> any Error
) async throws {
    defer { state.withLock { _ = $0[keyPath: answered].remove(id) } }
    try await withDeadline(
        timeout,
        onTimeout: {
            let (failure, waiting) = state.withLock { state -> ((any Error)?, ParkedTask?) in
                if state[keyPath: answered].contains(id) { return (nil, nil) }
                guard isAnswered(state) else { return (timedOut(state), nil) }
                state[keyPath: answered].insert(id)
                return (nil, dequeue(&state))
            }
            waiting?.resume()
            // Made here, out of the lock: the report describes this wait too, under the same lock.
            return failure.map(WaitReporting.attachingReport)
        }
    ) {
        try await parkCurrentTask(in: state) { state, continuation in
            if state[keyPath: answered].contains(id) || isAnswered(state) { return .settled(.success(())) }
            return .parked(wake: enqueue(&state, continuation))
        } dequeue: { state in
            dequeue(&state)
        }
    }
}

/// Tests waiting for a count (tasks queued at a lock, callers parked at a gate) to reach a minimum.
///
/// A lock and a gate keep one of these in their state; every change to the count hands the
/// watchers it satisfies to their waiters, which wait with
/// ``parkUntilAnswered(_:in:within:answered:isAnswered:enqueue:dequeue:timedOut:)``.
struct CountWatchers {
    private struct Watcher {
        let id: UInt64
        let minimum: Int
        let continuation: CheckedContinuation<Void, any Error>
    }

    private var watchers: [Watcher] = []
    /// The watchers satisfied while their wait is still under way: their deadline no longer fails them.
    var answered: Set<UInt64> = []

    /// Removes the watchers whose minimum `count` meets, notes them answered, and returns their
    /// continuations.
    mutating func satisfied(by count: Int) -> [CheckedContinuation<Void, any Error>] {
        let ready = watchers.filter { $0.minimum <= count }
        watchers.removeAll { $0.minimum <= count }
        answered.formUnion(ready.map(\.id))
        return ready.map(\.continuation)
    }

    mutating func add(id: UInt64, minimum: Int, continuation: CheckedContinuation<Void, any Error>) {
        watchers.append(Watcher(id: id, minimum: minimum, continuation: continuation))
    }

    mutating func remove(id: UInt64) -> CheckedContinuation<Void, any Error>? {
        guard let index = watchers.firstIndex(where: { $0.id == id }) else { return nil }
        return watchers.remove(at: index).continuation
    }
}
