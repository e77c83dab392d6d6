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
