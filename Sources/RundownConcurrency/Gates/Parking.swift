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

/// Tests waiting for a count (tasks queued at a lock, callers parked at a gate) to reach a minimum.
///
/// A lock and a gate keep one of these in their state; every change to the count hands the
/// watchers it satisfies to ``parkUntil(count:reaches:in:watchers:id:)``'s waiters.
struct CountWatchers {
    private struct Watcher {
        let id: UInt64
        let minimum: Int
        let continuation: CheckedContinuation<Void, any Error>
    }

    private var watchers: [Watcher] = []

    /// Removes the watchers whose minimum `count` meets and returns their continuations.
    mutating func satisfied(by count: Int) -> [CheckedContinuation<Void, any Error>] {
        let ready = watchers.filter { $0.minimum <= count }
        watchers.removeAll { $0.minimum <= count }
        return ready.map(\.continuation)
    }

    fileprivate mutating func add(id: UInt64, minimum: Int, continuation: CheckedContinuation<Void, any Error>) {
        watchers.append(Watcher(id: id, minimum: minimum, continuation: continuation))
    }

    fileprivate mutating func remove(id: UInt64) -> CheckedContinuation<Void, any Error>? {
        guard let index = watchers.firstIndex(where: { $0.id == id }) else { return nil }
        return watchers.remove(at: index).continuation
    }
}

/// Suspends until `count` (read from the state under its mutex) is at least `minimum`, or the
/// task is cancelled. The code that changes the count resumes the waiter through `watchers`.
func parkUntil<State>(
    count: @escaping @Sendable (State) -> Int,
    reaches minimum: Int,
    in state: Protected<State>,
    watchers: WritableKeyPath<State, CountWatchers> & Sendable,
    id: UInt64
) async throws {
    try await parkCurrentTask(in: state) { state, continuation in
        if count(state) >= minimum { return .settled(.success(())) }
        state[keyPath: watchers].add(id: id, minimum: minimum, continuation: continuation)
        return .parked(wake: [])
    } dequeue: { state in
        state[keyPath: watchers].remove(id: id)
    }
}
