import RundownCore

/// A first-in, first-out lock for async code that suspends waiters instead of blocking threads.
///
/// A blocking mutex cannot guard work that spans `await`: holding it across a suspension parks a
/// thread of the cooperative pool, and on the main actor it deadlocks at once. `AsyncLock` parks
/// the *task* instead, so a waiter gives its actor back to other work while it queues.
///
/// The lock is only reachable through ``withLock(within:fileID:filePath:line:column:isolation:_:)``,
/// which releases it on every way out of the closure: normal return, a thrown error, or
/// cancellation of the holder that makes the closure return early. Waiters are served in the
/// order they called `withLock`, on any actor: the place in line is taken synchronously, in the
/// caller's isolation, before anything suspends, so main-actor callers keep their order too. A
/// waiter whose task is cancelled leaves the line at once with `CancellationError`, and a waiter
/// whose deadline passes leaves it with ``AsyncLockError/timedOut(lock:waited:holder:progressReport:)``; the
/// others keep their places.
///
/// The lock is not re-entrant. A holder that asks for it again would wait for itself forever, so
/// the second request throws ``AsyncLockError/reentrantAcquisition(lock:)`` instead.
///
/// "Holder" means the task that entered `withLock` and every task that inherits its task-local
/// values: child tasks (`async let`, task groups) and unstructured `Task { }`s started inside
/// the closure. Such a `Task` shares the hold, and the lock is released only when the closure
/// has returned *and* every task that shares the hold has finished. (`Task.detached` inherits
/// nothing and queues like any other task.) A shared hold that outlives the closure by more than
/// 10 seconds (times `RUNDOWN_TIMEOUT_SCALE`) is recorded as a test failure at the `withLock`
/// call, and the lock is released anyway.
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

    /// The resource this lock guards, if it is one; resources are ordered for deadlock checks.
    let resource: SharedResource?
    /// How long a hold may stay shared after the closure returned before it is broken.
    let sharedHoldLimit: Duration

    let state = Protected(State())

    /// Creates an unlocked lock.
    ///
    /// - Parameter name: A short label that error messages quote.
    public convenience init(_ name: String = "AsyncLock") {
        self.init(name, resource: nil)
    }

    init(_ name: String, resource: SharedResource?, sharedHoldLimit: Duration? = nil) {
        self.name = name
        self.resource = resource
        self.sharedHoldLimit = sharedHoldLimit ?? TimeoutScale.scaled(.seconds(10))
    }

    /// Runs `body` while holding the lock, waiting in line first if another task holds it.
    ///
    /// The closure runs in the caller's isolation, so it does not have to be `@Sendable` and can
    /// touch main-actor state directly when called from the main actor.
    ///
    /// - Parameters:
    ///   - timeout: How long to wait in line; `nil` waits until the lock is free or the task is
    ///     cancelled. It limits only the wait, never the closure.
    ///   - fileID: The caller's `#fileID`; leave the default.
    ///   - filePath: The caller's `#filePath`; leave the default.
    ///   - line: The caller's `#line`; leave the default.
    ///   - column: The caller's `#column`; leave the default.
    ///   - isolation: The actor the closure runs on; leave the default, which is the caller's.
    ///   - body: The critical section. Its error, if any, is rethrown after the lock is released.
    /// - Returns: Whatever `body` returns.
    /// - Throws: `CancellationError` if the task is cancelled before it gets the lock (the closure
    ///   does not run then), ``AsyncLockError/reentrantAcquisition(lock:)`` if the task already
    ///   holds this lock, ``AsyncLockError/timedOut(lock:waited:holder:progressReport:)`` when `timeout` passes,
    ///   ``InvalidArgumentError`` if `timeout` is not more than zero, or the error thrown by `body`.
    public func withLock<Value>(
        within timeout: Duration? = nil,
        fileID: String = #fileID,
        filePath: StaticString = #filePath,
        line: Int = #line,
        column: Int = #column,
        isolation: isolated (any Actor)? = #isolation,
        _ body: () async throws -> Value
    ) async throws -> Value {
        try await withLock(
            within: timeout,
            site: HoldSite(ConcurrencyFailure("", fileID: fileID, filePath: filePath, line: line, column: column)),
            isolation: isolation, body)
    }

    /// ``withLock(within:fileID:filePath:line:column:isolation:_:)`` for a hold whose failures
    /// belong to `site`: a trait's suite or test, or a spec's element, rather than a call.
    func withLock<Value>(
        within timeout: Duration?,
        site: HoldSite,
        isolation: isolated (any Actor)? = #isolation,
        _ body: () async throws -> Value
    ) async throws -> Value {
        if let timeout {
            try InvalidArgumentError.checkTimeout(timeout, in: "AsyncLock '\(name)'.withLock(within:)")
        }
        let held = HeldLocks.current
        if held.liveTicket(for: self) != nil {
            throw AsyncLockError.reentrantAcquisition(lock: name)
        }
        // Taken here, before the first suspension and in the caller's isolation, so callers on one
        // actor line up in the order they called, whatever executor hops follow.
        // Inside `explore`, asking ends the controlled task's step: at a point when it gets the
        // lock, blocked until it is handed the lock when another task holds it. A wait with its
        // own deadline is a wall-time wait, and keeps its step as outside `explore`.
        let controlled = timeout == nil ? ControlledTask.takingStep : nil
        let (ticket, queued) = takeTicket(holder: FailureRouting.currentTest, party: .current, task: controlled)
        if let controlled {
            if queued {
                await waitInRun(for: ticket, as: controlled, site: site.failure)
            } else {
                await controlled.run.park(controlled.id, at: stepLabel)
            }
        }
        try await acquire(ticket: ticket, queued: queued, within: timeout)
        let outcome: Result<Value, any Error>
        do {
            outcome = .success(try await runHolding(ticket: ticket, held: held, body))
        } catch {
            outcome = .failure(error)
        }
        await waitForSharers(of: ticket, failingAt: site)
        release(ticket: ticket)
        return try outcome.get()
    }

    /// Whether the current task holds the lock, directly or by sharing the hold of the task it
    /// was started from.
    ///
    /// Helpers that require the lock can check this to fail loudly instead of racing.
    public var isHeldByCurrentTask: Bool {
        HeldLocks.current.liveTicket(for: self) != nil
    }

    // MARK: - Queue

    struct Waiter {
        let ticket: UInt64
        /// Who asked, for the message a timed-out waiter behind them reads.
        let holder: RunningTest?
        /// Who asked, for progress reports.
        let party: WaitingParty
        /// The controlled task that asked, inside `explore`: a deadlock names it as the holder.
        var task: ControlledTask? = nil
        /// `nil` until the task has parked; the line is joined before that.
        var continuation: CheckedContinuation<Void, any Error>?
    }

    struct State {
        var holder: UInt64?
        var holderName: RunningTest?
        /// Who holds, and since when, for progress reports.
        var holderParty: WaitingParty?
        /// The controlled task that holds it, inside `explore`.
        var holderTask: ControlledTask?
        var heldSince: ContinuousClock.Instant?
        var lastTicket: UInt64 = 0
        var waiters = WaitingLine()
        var watchers = CountWatchers()
        /// Tickets whose hold is still shared by some task (see ``HoldLease``).
        var leased: Set<UInt64> = []
        var sharersGone: [UInt64: CheckedContinuation<Bool, Never>] = [:]

        mutating func nextTicket() -> UInt64 {
            lastTicket += 1
            return lastTicket
        }

        /// Hands the lock to the first in line, or frees it; returns the waiter to resume, if it
        /// is already parked.
        mutating func handOver() -> CheckedContinuation<Void, any Error>? {
            guard let first = waiters.removeFirst() else {
                holder = nil
                holderName = nil
                holderParty = nil
                holderTask = nil
                heldSince = nil
                return nil
            }
            holder = first.ticket
            holderName = first.holder
            holderParty = first.party
            holderTask = first.task
            heldSince = .now
            return first.continuation
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

    /// Gives the caller its place: the lock at once if it is free (`queued` is `false`), otherwise
    /// the end of the line.
    private func takeTicket(
        holder: RunningTest?, party: WaitingParty, task: ControlledTask?
    ) -> (ticket: UInt64, queued: Bool) {
        let (ticket, queued, wake) = state.withLock {
            state -> (UInt64, Bool, [CheckedContinuation<Void, any Error>]) in
            let ticket = state.nextTicket()
            if state.holder == nil {
                state.holder = ticket
                state.holderName = holder
                state.holderParty = party
                state.holderTask = task
                state.heldSince = .now
                return (ticket, false, [])
            }
            state.waiters.append(Waiter(ticket: ticket, holder: holder, party: party, task: task))
            return (ticket, true, state.watchers.satisfied(by: state.waiters.count))
        }
        for watcher in wake { watcher.resume() }
        return (ticket, queued)
    }

    /// A waiter's line in a progress report: `AsyncLock "db": held by "Cache, evicts" (task
    /// "loader") for 1.2 s; waiting: 1. "Cache, evicts" (task "writer")`.
    func describeLine() -> String {
        let (holder, since, waiting, total) = state.withLock { state in
            (
                state.holderParty, state.heldSince, state.waiters.first(WaitingParty.namedInLine).map(\.party),
                state.waiters.count
            )
        }
        let held =
            if let holder, let since {
                "held by \(holder) for \(WaitReporting.seconds(.now - since))"
            } else {
                "free, handing over"
            }
        return "\(kindAndName): \(held); waiting: \(WaitingParty.numbered(waiting, of: total))"
    }

    /// `AsyncLock "db"`, or `SharedResource "keychain"` for a resource's lock.
    var kindAndName: String {
        resource.map { "SharedResource \"\($0.name)\"" } ?? "AsyncLock \"\(name)\""
    }

    /// Suspends until `ticket` holds the lock (`queued`: it waits in line, which progress reports
    /// show). On any failure the ticket leaves the line, and if the lock was handed to it
    /// meanwhile, it passes the lock on; a deadline that passed carries the progress report of the
    /// closure that waited.
    private func acquire(ticket: UInt64, queued: Bool, within timeout: Duration?) async throws {
        let note = queued ? WaitReporting.note { [self] in describeLine() } : nil
        defer { note?.end() }
        let context = RunContext.current
        let timer = timeout.map { timeout in
            Task.detached { [state, name] in
                try? await Task.sleep(for: timeout)
                guard !Task.isCancelled else { return }
                // Made in the waiter's context while it still waits in line, out of the lock, so
                // that the report shows the line it gives up.
                let report = RunContext.$current.withValue(context) { WaitReporting.reportOfCurrentClosure }
                let (waiter, holder) = state.withLock { state in
                    (state.removeWaiter(ticket), state.holderName)
                }
                waiter?.resume(
                    throwing: AsyncLockError.timedOut(
                        lock: name, waited: timeout, holder: holder, progressReport: report))
            }
        }
        defer { timer?.cancel() }
        do {
            try await parkCurrentTask(in: state) { state, continuation in
                if state.holder == ticket { return .settled(.success(())) }
                guard state.waiters.park(ticket, continuation) else {
                    // The timer took the ticket out of the line before the task parked.
                    let waited = timeout ?? .zero
                    return .settled(
                        .failure(AsyncLockError.timedOut(lock: name, waited: waited, holder: state.holderName)))
                }
                return .parked(wake: [])
            } dequeue: { state in
                state.removeWaiter(ticket)
            }
        } catch {
            let next = state.withLock { state -> CheckedContinuation<Void, any Error>? in
                _ = state.removeWaiter(ticket)
                return state.holder == ticket ? state.handOver() : nil
            }
            next?.resume()
            throw WaitReporting.attachingReport(to: error)
        }
    }

    private func runHolding<Value>(
        ticket: UInt64,
        held: HeldLocks,
        isolation: isolated (any Actor)? = #isolation,
        _ body: () async throws -> Value
    ) async throws -> Value {
        let lease = HoldLease(lock: self, ticket: ticket)
        return try await HeldLocks.$current.withValue(held.adding(self, ticket: ticket, lease: lease)) {
            try await body()
        }
    }

    func leaseStarted(_ ticket: UInt64) {
        state.withLock { _ = $0.leased.insert(ticket) }
    }

    func leaseEnded(_ ticket: UInt64) {
        let waiter = state.withLock { state -> CheckedContinuation<Bool, Never>? in
            state.leased.remove(ticket)
            return state.sharersGone.removeValue(forKey: ticket)
        }
        waiter?.resume(returning: true)
    }

    /// Waits until no task shares the hold of `ticket` any more: a `Task { }` started inside the
    /// closure keeps it until that task finishes. Not cancellable, because releasing early is
    /// exactly the silent sharing this prevents; bounded instead, with a recorded failure.
    private func waitForSharers(of ticket: UInt64, failingAt site: HoldSite) async {
        let limit = sharedHoldLimit
        guard state.withLock({ $0.leased.contains(ticket) }) else { return }
        let note = WaitReporting.note { [kindAndName] in
            "\(kindAndName): held until the tasks started inside the hold (Task { }) end"
        }
        defer { note.end() }
        let sharersGone = await withCheckedContinuation { (continuation: CheckedContinuation<Bool, Never>) in
            let parked = state.withLock { state -> Bool in
                guard state.leased.contains(ticket) else { return false }
                state.sharersGone[ticket] = continuation
                return true
            }
            guard parked else {
                continuation.resume(returning: true)
                return
            }
            Task.detached { [state] in
                try? await Task.sleep(for: limit)
                state.withLock { $0.sharersGone.removeValue(forKey: ticket) }?.resume(returning: false)
            }
        }
        // Recorded here, in the holder's task, so the failure reaches the test or spec it belongs to.
        if !sharersGone {
            let failure = ToolkitFailure.taskOutlivedItsHold(lock: name, scope: site.scope, after: limit)
            FailureRouting.record(site.failure.saying(failure.explanation))
        }
    }

    private func release(ticket: UInt64) {
        let next = state.withLock { state -> CheckedContinuation<Void, any Error>? in
            precondition(state.holder == ticket, "AsyncLock '\(name)' released by a task that does not hold it")
            state.leased.remove(ticket)
            // Hand ownership straight to the first waiter so no late arrival can overtake it.
            return state.handOver()
        }
        next?.resume()
    }

    /// Suspends until at least `count` tasks wait in line, so tests can order arrivals without
    /// polling.
    func waitUntilQueued(count: Int, within timeout: Duration? = nil) async throws {
        try InvalidArgumentError.checkCount(count, in: "AsyncLock '\(name)'.waitUntilQueued(count:within:)")
        let limit = timeout ?? TimeoutScale.scaled(.seconds(10))
        let name = self.name
        let id = state.withLock { $0.nextTicket() }
        try await parkUntilAnswered(
            id, in: state, within: limit, answered: \.watchers.answered,
            isAnswered: { $0.waiters.count >= count },
            enqueue: { state, continuation in
                state.watchers.add(id: id, minimum: count, continuation: continuation)
                return []
            },
            dequeue: { $0.watchers.remove(id: id) },
            timedOut: { state in
                DeadlineExceeded(
                    ToolkitFailure.queueNotReached(lock: name, expected: count, saw: state.waiters.count).explanation)
            }
        )
    }
}

extension AsyncLock.State {
    /// Takes `ticket` out of the line and returns its continuation if it had parked.
    mutating func removeWaiter(_ ticket: UInt64) -> CheckedContinuation<Void, any Error>? {
        waiters.remove(ticket)?.continuation
    }
}
