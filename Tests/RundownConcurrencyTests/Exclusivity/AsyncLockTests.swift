#if canImport(Testing)
import RundownCore
import RundownTestSupport
import Testing
@testable import RundownConcurrency

/// Behaviour#AsyncLock-serves-in-arrival-order, Behaviour#Waits-always-end and Behaviour#A-hold-ends-with-its-scope.
@Suite("AsyncLock", .timeLimit(.minutes(1)))
struct AsyncLockTests {
    /// Parks a holder inside the lock so the test controls exactly when the lock frees up.
    private func startHolder(of lock: AsyncLock, until gate: Gate, log: EventLog) async throws -> Task<
        Void, any Error
    > {
        let holder = Task {
            try await lock.withLock {
                log.append("holder")
                try await gate.arrive()
            }
        }
        try await gate.waitUntilParked()
        return holder
    }

    @Test("waiters get the lock in the order they queued")
    func fifoOrder() async throws {
        let lock = AsyncLock("fifo")
        let release = Gate("holder release", timeout: patience)
        let log = EventLog()
        let holder = try await startHolder(of: lock, until: release, log: log)

        var waiters: [Task<Void, any Error>] = []
        for (position, label) in ["A", "B", "C", "D"].enumerated() {
            waiters.append(Task { try await lock.withLock { log.append(label) } })
            // The next waiter starts only after this one is in the queue, which fixes the order.
            try await lock.waitUntilQueued(count: position + 1)
        }
        release.open()
        try await holder.value
        for waiter in waiters { try await waiter.value }

        #expect(log.all == ["holder", "A", "B", "C", "D"])
        #expect(!lock.isLocked)
    }

    @Test("a throwing body releases the lock and its error reaches the caller")
    func releaseOnThrow() async throws {
        struct Boom: Error {}
        let lock = AsyncLock("throwing")
        await #expect(throws: Boom.self) {
            try await lock.withLock { throw Boom() }
        }
        #expect(!lock.isLocked)
        let value = try await lock.withLock { 42 }
        #expect(value == 42)
    }

    @Test("cancelling the holder releases the lock to the next waiter")
    func releaseOnHolderCancellation() async throws {
        let lock = AsyncLock("cancelled holder")
        let parked = Gate("holder parks here", timeout: patience)
        let log = EventLog()
        let holder = try await startHolder(of: lock, until: parked, log: log)
        let waiter = Task { try await lock.withLock { log.append("waiter") } }
        try await lock.waitUntilQueued(count: 1, within: patience)

        holder.cancel()

        let holderError = await caughtError { try await holder.value }
        #expect(holderError is CancellationError)
        try await waiter.value
        #expect(log.all == ["holder", "waiter"])
        #expect(!lock.isLocked)
    }

    @Test("a cancelled waiter leaves the queue and the others keep their places")
    func cancelledWaiterDoesNotStallOthers() async throws {
        let lock = AsyncLock("cancelled waiter")
        let release = Gate("holder release", timeout: patience)
        let log = EventLog()
        let holder = try await startHolder(of: lock, until: release, log: log)

        let first = Task { try await lock.withLock { log.append("first") } }
        try await lock.waitUntilQueued(count: 1, within: patience)
        let cancelled = Task { try await lock.withLock { log.append("cancelled") } }
        try await lock.waitUntilQueued(count: 2, within: patience)
        let last = Task { try await lock.withLock { log.append("last") } }
        try await lock.waitUntilQueued(count: 3, within: patience)

        cancelled.cancel()
        let cancelledError = await caughtError { try await cancelled.value }
        #expect(cancelledError is CancellationError)
        #expect(lock.queuedCount == 2)

        release.open()
        try await holder.value
        try await first.value
        try await last.value
        #expect(log.all == ["holder", "first", "last"])
        #expect(!lock.isLocked)
    }

    @Test("a task cancelled before it asks never runs the body")
    func cancelledBeforeAcquiring() async throws {
        let lock = AsyncLock("pre-cancelled")
        let log = EventLog()
        let gate = Gate("start", timeout: patience)
        let task = Task {
            // Cancellation ends this wait early; the task then goes on to ask for the lock.
            try? await gate.arrive()
            try await lock.withLock { log.append("body") }
        }
        try await gate.waitUntilParked()
        task.cancel()
        let error = await caughtError { try await task.value }
        #expect(error is CancellationError)
        #expect(log.all.isEmpty)
        #expect(!lock.isLocked)
    }

    @Test("re-entry by the holder fails with a message naming the lock")
    func reentryFails() async throws {
        let lock = AsyncLock("catalogue cache")
        let error = await caughtError {
            try await lock.withLock {
                try await lock.withLock {}
            }
        }
        let lockError = try #require(error as? AsyncLockError)
        #expect(lockError == .reentrantAcquisition(lock: "catalogue cache"))
        #expect(String(describing: lockError).contains("AsyncLock 'catalogue cache' is already held by this task"))
        #expect(!lock.isLocked)
    }

    @Test("a child task of the holder is refused too, instead of deadlocking")
    func reentryFromChildTaskFails() async throws {
        let lock = AsyncLock("child")
        try await lock.withLock {
            let error: (any Error)? = await withTaskGroup(of: (any Error)?.self) { group in
                group.addTask { await caughtError { try await lock.withLock {} } }
                return await group.next() ?? nil
            }
            #expect(error as? AsyncLockError == .reentrantAcquisition(lock: "child"))
        }
    }

    @Test(
        "a Task started inside withLock shares the hold: the lock waits for it, and it cannot take the lock again")
    func startedTaskSharesTheHold() async throws {
        let lock = AsyncLock("shared with a task")
        let inside = Gate("task started inside the closure", timeout: patience)
        let closureReturned = Gate("closure returned", timeout: patience)
        let log = EventLog()
        let owner = Task {
            try await lock.withLock {
                Task {
                    try await inside.arrive()
                    log.append("task holds: \(lock.isHeldByCurrentTask)")
                    let error = await caughtError { try await lock.withLock {} }
                    log.append("task asks again: \(error.map { String(describing: $0) } ?? "no error")")
                }
                log.append("closure returned")
                closureReturned.open()
            }
            log.append("released")
        }
        try await inside.waitUntilParked()
        try await closureReturned.arrive()
        // The closure is done but the task it started still runs, so the lock is still held.
        let other = Task { try await lock.withLock { log.append("other") } }
        try await lock.waitUntilQueued(count: 1, within: patience)
        #expect(log.all == ["closure returned"])
        inside.open()
        try await value(of: owner, "the owner")
        try await value(of: other, "the next task in line")
        #expect(
            log.all == [
                "closure returned",
                "task holds: true",
                "task asks again: \(AsyncLockError.reentrantAcquisition(lock: "shared with a task"))",
                "released",
                "other",
            ])
    }

    @Test("a Task that shares the hold too long is reported at the withLock call, and the lock is freed")
    func sharedHoldThatOutlivesItsLimit() async throws {
        let lock = AsyncLock("outlived", resource: nil, sharedHoldLimit: .milliseconds(50))
        let stuck = Gate("never opened in time", timeout: patience)
        let collector = FailureCollector()
        var started: Task<Void, any Error>?
        let line = SourceLine.marked("with lock")
        try await RunContext.listening(collector) {
            try await lock.withLock {  // line: with lock
                started = Task { try await stuck.arrive() }
            }
        }
        #expect(!lock.isLocked)
        let failure = try #require(collector.failures.first)
        #expect(collector.failures.count == 1)
        #expect(
            failure.message.hasPrefix(
                "AsyncLock 'outlived': a task started inside withLock (Task { }) was still running 0.05 seconds after the closure returned"
            ))
        #expect(failure.location.fileID.hasSuffix("AsyncLockTests.swift"))
        #expect(failure.location.line == line)
        stuck.open()
        try await value(of: try #require(started), "the stuck task")
    }

    // reaches: AsyncLockError
    @Test("a waiter gives up at its deadline with an error that says who holds the lock")
    func waitDeadlineNamesTheHolder() async throws {
        let lock = AsyncLock("busy")
        let release = Gate("holder of busy", timeout: patience)
        let holder = Task { try await lock.withLock { try await release.arrive() } }
        try await release.waitUntilParked()
        let error = await caughtError {
            try await lock.withLock(within: .milliseconds(50)) {}
        }
        let lockError = try #require(error as? AsyncLockError)
        #expect(
            lockError
                == .timedOut(
                    lock: "busy", waited: .milliseconds(50), holder: .swiftTesting("waitDeadlineNamesTheHolder()"))
        )
        #expect(
            String(describing: lockError)
                == "AsyncLock 'busy': waited 0.05 seconds in line and gave up; it is still held by test 'waitDeadlineNamesTheHolder()'. "
                + "Find why the holder keeps the lock so long, or give this wait a longer deadline."
        )
        #expect(lock.queuedCount == 0)
        release.open()
        try await value(of: holder, "the holder")
        #expect(!lock.isLocked)
    }
}

/// State that is not `Sendable`, the way a view model's is.
@MainActor
final class MainActorCounter {
    var value = 0
}

/// Main-actor bookkeeping for order tests; appends happen in the order the main actor runs them.
@MainActor
final class MainActorLog {
    var values: [Int] = []

    /// The first position whose value is not its index, with what was there; `nil` when the log
    /// is exactly 0, 1, 2, … (a short failure message instead of thousands of numbers).
    var firstOutOfOrder: (position: Int, value: Int)? {
        values.enumerated().first { $0.offset != $0.element }.map { ($0.offset, $0.element) }
    }
}

@Suite("AsyncLock on the main actor", .timeLimit(.minutes(1)))
@MainActor
struct AsyncLockMainActorTests {
    @Test("the closure may capture non-Sendable main-actor state")
    func nonSendableStateOnTheMainActor() async throws {
        let lock = AsyncLock("main actor")
        let counter = MainActorCounter()
        let result = try await lock.withLock {
            counter.value += 1
            await Task.yield()
            counter.value += 1
            return counter.value
        }
        #expect(result == 2)
    }

    @Test("main-actor callers get the lock in the order they called withLock")
    func mainActorCallersKeepTheirOrder() async throws {
        // Reordering needs two pool threads to race, so one round can pass by luck; five rarely do.
        for round in 1...5 {
            let lock = AsyncLock("main actor order \(round)")
            let release = Gate("main actor order holder \(round)", timeout: patience)
            let holder = Task { try await lock.withLock { try await release.arrive() } }
            try await release.waitUntilParked()
            let order = MainActorLog()
            let callers = 2_000
            var waiters: [Task<Void, any Error>] = []
            for caller in 0..<callers {
                // Each task starts on the main actor in creation order, so this is the call order.
                waiters.append(Task { @MainActor in try await lock.withLock { order.values.append(caller) } })
            }
            try await lock.waitUntilQueued(count: callers, within: patience)
            release.open()
            try await value(of: holder, "the holder")
            for waiter in waiters { try await value(of: waiter, "a waiter") }
            #expect(order.values.count == callers)
            #expect(order.firstOutOfOrder == nil, "round \(round)")
        }
    }

    @Test("a main-actor waiter suspends instead of blocking, so the holder can finish on the main actor")
    func waiterDoesNotBlockTheMainActor() async throws {
        let lock = AsyncLock("main actor handoff")
        let counter = MainActorCounter()
        let release = Gate("main actor holder", timeout: patience)
        let holder = Task { @MainActor in
            try await lock.withLock {
                try await release.arrive()
                counter.value += 1
            }
        }
        try await release.waitUntilParked()
        let waiter = Task { @MainActor in
            try await lock.withLock { counter.value *= 10 }
        }
        try await lock.waitUntilQueued(count: 1, within: patience)
        release.open()
        try await holder.value
        try await waiter.value
        #expect(counter.value == 10)
    }
}
#endif
