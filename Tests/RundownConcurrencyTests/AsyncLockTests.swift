#if canImport(Testing)
import Testing
@testable import RundownConcurrency

@Suite("AsyncLock")
struct AsyncLockTests {
    /// Parks a holder inside the lock so the test controls exactly when the lock frees up.
    private func startHolder(of lock: AsyncLock, until gate: Gate, log: EventLog) async throws -> Task<Void, any Error> {
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
        let release = Gate("holder release")
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
        let parked = Gate("holder parks here", timeout: nil)
        let log = EventLog()
        let holder = try await startHolder(of: lock, until: parked, log: log)
        let waiter = Task { try await lock.withLock { log.append("waiter") } }
        try await lock.waitUntilQueued(count: 1)

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
        let release = Gate("holder release")
        let log = EventLog()
        let holder = try await startHolder(of: lock, until: release, log: log)

        let first = Task { try await lock.withLock { log.append("first") } }
        try await lock.waitUntilQueued(count: 1)
        let cancelled = Task { try await lock.withLock { log.append("cancelled") } }
        try await lock.waitUntilQueued(count: 2)
        let last = Task { try await lock.withLock { log.append("last") } }
        try await lock.waitUntilQueued(count: 3)

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
        let gate = Gate("start")
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

    @Test("an unstructured task that outlives the scope is not mistaken for the holder")
    func escapedTaskIsNotTheHolder() async throws {
        let lock = AsyncLock("escaped")
        let later = Gate("after release")
        var escaped: Task<Bool, any Error>?
        try await lock.withLock {
            #expect(lock.isHeldByCurrentTask)
            escaped = Task {
                try await later.arrive()
                let heldBefore = lock.isHeldByCurrentTask
                try await lock.withLock {}
                return heldBefore
            }
        }
        #expect(!lock.isHeldByCurrentTask)
        try await later.waitUntilParked()
        later.open()
        let task = try #require(escaped)
        let heldBefore = try await task.value
        #expect(heldBefore == false)
    }
}

/// State that is not `Sendable`, the way a view model's is.
@MainActor
final class MainActorCounter {
    var value = 0
}

@Suite("AsyncLock on the main actor")
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

    @Test("a main-actor waiter suspends instead of blocking, so the holder can finish on the main actor")
    func waiterDoesNotBlockTheMainActor() async throws {
        let lock = AsyncLock("main actor handoff")
        let counter = MainActorCounter()
        let release = Gate("main actor holder")
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
        try await lock.waitUntilQueued(count: 1)
        release.open()
        try await holder.value
        try await waiter.value
        #expect(counter.value == 10)
    }
}
#endif
