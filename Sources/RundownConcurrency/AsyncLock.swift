/// A first-in, first-out lock for async code that suspends waiters instead of blocking threads.
///
/// A blocking mutex cannot guard work that spans `await`: holding it across a suspension parks a
/// thread of the cooperative pool, and on the main actor it deadlocks at once. `AsyncLock` parks
/// the *task* instead, so a waiter gives its actor back to other work while it queues.
///
/// The lock is only reachable through ``withLock(isolation:_:)``, which releases it on every way
/// out of the closure: normal return, a thrown error, or cancellation of the holder that makes the
/// closure return early. Waiters are served in arrival order; a waiter whose task is cancelled
/// leaves the queue at once with `CancellationError` and the others keep their places.
///
/// The lock is not re-entrant. A holder that asks for it again would wait for itself forever, so
/// the second request throws ``AsyncLockError/reentrantAcquisition(lock:)`` instead. "Holder"
/// means the task that entered `withLock` and its child tasks, tracked with a task-local value.
///
/// ```swift
/// let lock = AsyncLock("catalogue")
/// let entries = try await lock.withLock {
///     try await catalogue.reload()    // main-actor state, no @Sendable needed
///     return catalogue.entries
/// }
/// ```
public final class AsyncLock: Sendable {
    /// The name used in error messages, so a failure says which lock was misused.
    public let name: String

    private let state = Protected(State())

    /// Creates an unlocked lock.
    ///
    /// - Parameter name: A short label that error messages quote.
    public init(_ name: String = "AsyncLock") {
        self.name = name
    }

    /// Runs `body` while holding the lock, waiting in line first if another task holds it.
    ///
    /// The closure runs in the caller's isolation, so it does not have to be `@Sendable` and can
    /// touch main-actor state directly when called from the main actor.
    ///
    /// - Parameters:
    ///   - isolation: The actor the closure runs on; leave the default, which is the caller's.
    ///   - body: The critical section. Its error, if any, is rethrown after the lock is released.
    /// - Returns: Whatever `body` returns.
    /// - Throws: `CancellationError` if the task is cancelled before it gets the lock (the closure
    ///   does not run then), ``AsyncLockError/reentrantAcquisition(lock:)`` if the task already
    ///   holds this lock, or the error thrown by `body`.
    public func withLock<Result>(
        isolation: isolated (any Actor)? = #isolation,
        _ body: () async throws -> Result
    ) async throws -> Result {
        let held = HeldLocks.current
        if held.liveTicket(for: self) != nil {
            throw AsyncLockError.reentrantAcquisition(lock: name)
        }
        let ticket = try await acquire()
        defer { release(ticket: ticket) }
        return try await HeldLocks.$current.withValue(held.adding(self, ticket: ticket)) {
            try await body()
        }
    }

    /// Whether the current task, or a task it descends from, is inside ``withLock(isolation:_:)``.
    ///
    /// Helpers that require the lock can check this to fail loudly instead of racing.
    public var isHeldByCurrentTask: Bool {
        HeldLocks.current.liveTicket(for: self) != nil
    }

    // MARK: - Queue

    struct Waiter {
        let ticket: UInt64
        let continuation: CheckedContinuation<Void, any Error>
    }

    struct State {
        var holder: UInt64?
        var lastTicket: UInt64 = 0
        var waiters: [Waiter] = []
        var watchers = CountWatchers()

        mutating func nextTicket() -> UInt64 {
            lastTicket += 1
            return lastTicket
        }
    }

    func isCurrentHolder(ticket: UInt64) -> Bool {
        state.withLock { $0.holder == ticket }
    }

    /// The number of tasks waiting in line (not counting the holder).
    var queuedCount: Int {
        state.withLock { $0.waiters.count }
    }

    /// Whether any task holds the lock.
    var isLocked: Bool {
        state.withLock { $0.holder != nil }
    }

    private func acquire() async throws -> UInt64 {
        let ticket = state.withLock { $0.nextTicket() }
        try await parkCurrentTask(in: state) { state, continuation in
            if state.holder == nil {
                state.holder = ticket
                return .settled(.success(()))
            }
            state.waiters.append(Waiter(ticket: ticket, continuation: continuation))
            return .parked(wake: state.watchers.satisfied(by: state.waiters.count))
        } dequeue: { state in
            guard let index = state.waiters.firstIndex(where: { $0.ticket == ticket }) else { return nil }
            return state.waiters.remove(at: index).continuation
        }
        return ticket
    }

    private func release(ticket: UInt64) {
        let next = state.withLock { state -> Waiter? in
            precondition(state.holder == ticket, "AsyncLock '\(name)' released by a task that does not hold it")
            guard !state.waiters.isEmpty else {
                state.holder = nil
                return nil
            }
            // Hand ownership straight to the first waiter so no late arrival can overtake it.
            let first = state.waiters.removeFirst()
            state.holder = first.ticket
            return first
        }
        next?.continuation.resume()
    }

    /// Suspends until at least `count` tasks wait in line, so tests can order arrivals without
    /// polling.
    func waitUntilQueued(count: Int, within timeout: Duration? = .seconds(10)) async throws {
        let name = self.name
        try await withDeadline(timeout, onTimeout: { [state] in
            DeadlineExceeded(
                "AsyncLock '\(name)': expected \(count) queued waiter(s), saw \(state.withLock { $0.waiters.count })"
            )
        }) { [state] in
            let id = state.withLock { $0.nextTicket() }
            try await parkUntil(count: { $0.waiters.count }, reaches: count, in: state, watchers: \.watchers, id: id)
        }
    }
}
