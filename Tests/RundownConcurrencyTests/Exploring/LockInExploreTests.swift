#if canImport(Testing)
import RundownTestSupport
import Testing

@testable import RundownConcurrency

/// Behaviour#Waits-inside-explore: a controlled task that asks for a lock another controlled task
/// holds is blocked, no option of the explorer, until the lock is handed to it in the line's order;
/// asking for a lock ends a step.
@Suite("Exploring: locks inside controlled tasks", .timeLimit(.minutes(1)))
struct LockInExploreTests {
    @Test(
        "a task whose lock is held is never an option: two tasks that take one lock around a point run in 6 orders, not 20"
    )
    func blockedTaskIsNoOption() async throws {
        let orders = Locked<[String]>([])
        let exploration = try await explore { schedule in
            let lock = AsyncLock("l")
            let log = Locked<[String]>([])
            for name in ["A", "B"] {
                schedule.start(name) {
                    try await lock.withLock {
                        log.withLock { $0.append("\(name) in") }
                        await schedule.point("inside")
                        log.withLock { $0.append("\(name) out") }
                    }
                }
            }
            try await schedule.finish()
            orders.withLock { $0.append(log.current.joined(separator: ", ")) }
        }
        // Asking ends a step at `lock "l"`; a task asking while the other holds the lock waits
        // blocked, so the only choices are who asks first and whether the second asks before
        // the first leaves: 3 orders each. Without blocking, the waiter's step would stall.
        #expect(!exploration.failed)
        #expect(exploration.interleavings == 6)
        #expect(exploration.ranEveryOrder)
        // Never both inside at once.
        #expect(Set(orders.current) == ["A in, A out, B in, B out", "B in, B out, A in, A out"])
    }

    @Test("the lock goes to its waiters in the order they asked, in every interleaving")
    func waitersAreServedInOrder() async throws {
        let runs = Locked(0)
        let exploration = try await explore { schedule in
            let lock = AsyncLock("fifo")
            let asked = Locked<[String]>([])
            let served = Locked<[String]>([])
            schedule.start("holder") {
                try await lock.withLock {
                    await schedule.point("holding")
                    await schedule.point("still holding")
                }
            }
            for name in ["W1", "W2", "W3"] {
                schedule.start(name) {
                    // Recorded in the same step as the ask: nothing can come between them.
                    asked.withLock { $0.append(name) }
                    try await lock.withLock { served.withLock { $0.append(name) } }
                }
            }
            try await schedule.finish()
            #expect(served.current == asked.current.filter { $0 != "holder" })
            runs.withLock { $0 += 1 }
        }
        #expect(!exploration.failed)
        #expect(exploration.ranEveryOrder)
        #expect(runs.current == exploration.interleavings)
    }

    @Test("a step ends where a task asks for a free lock: another task can overtake it between the ask and the closure")
    func askingEndsAStep() async throws {
        let failures = try await capturingRoutedFailures {
            let exploration = try await explore { schedule in
                let lock = AsyncLock("db")
                let state = Locked("before")
                let seen = Locked("")
                schedule.start("A") {
                    state.withLock { $0 = "asked" }
                    try await lock.withLock { state.withLock { $0 = "inside" } }
                }
                schedule.start("B") { seen.withLock { $0 = state.current } }
                try await schedule.finish()
                // Only a step that ends at the ask lets B run between A's ask and A's closure.
                if seen.current == "asked" {
                    FailureRouting.record(ConcurrencyFailure("B ran between the ask and the hold"))
                }
            }
            #expect(exploration.failed)
        }
        try #require(failures.count == 2)
        #expect(failures[0].message == "B ran between the ask and the hold")
        #expect(
            failures[1].message.hasPrefix(
                "explore(.everyInterleaving()) failed in interleaving 2: A: start → lock \"db\"; B: start → end; A: → end"
            ))
    }

    @Test("a switch away from a blocked task is no preemption: with one, the waiter can block and the holder finish")
    func blockingIsNoPreemption() async throws {
        let logs = Locked<Set<[String]>>([])
        let exploration = try await explore(.everyInterleaving(preemptions: 1)) { schedule in
            let lock = AsyncLock("l")
            let log = Locked<[String]>([])
            schedule.start("H") {
                try await lock.withLock {
                    log.withLock { $0.append("H holds") }
                    await schedule.point("p")
                    log.withLock { $0.append("H releases") }
                }
            }
            schedule.start("W") {
                log.withLock { $0.append("W asked") }
                try await lock.withLock { log.withLock { $0.append("W holds") } }
            }
            try await schedule.finish()
            logs.withLock { _ = $0.insert(log.current) }
        }
        #expect(!exploration.failed)
        // The one preemption is the switch to W while H holds the lock at its point; W then blocks,
        // and the switch back to H costs nothing.
        #expect(logs.current.contains(["H holds", "W asked", "H releases", "W holds"]))
    }

    @Test("SharedResource's exclusive access inside controlled tasks blocks the same way, named as the resource")
    func sharedResourceBlocks() async throws {
        let exploration = try await explore { schedule in
            let printer = SharedResource("LockInExploreTests.printer")
            for name in ["A", "B"] {
                schedule.start(name) {
                    try await printer.withExclusiveAccess { await schedule.point("printing") }
                }
            }
            try await schedule.finish()
        }
        #expect(!exploration.failed)
        #expect(exploration.interleavings == 6)
    }

    @Test("a lock held by a task the explorer does not control is waited for in wall time: stuck, not deadlocked")
    func lockHeldOutsideTheRunIsNoDeadlock() async throws {
        let lock = AsyncLock("outside")
        let holding = Gate("holding")
        let holder = Task.detached { try await lock.withLock { try await holding.arrive() } }
        defer { holding.open() }
        try await holding.waitUntilParked()
        let failures = try await capturingRoutedFailures {
            try await explore(stepTimeout: .milliseconds(300)) { schedule in
                schedule.start("A") { try await lock.withLock {} }
                try await schedule.finish()
            }
        }
        holding.open()
        _ = try? await holder.value
        try #require(failures.count == 2)
        #expect(
            failures[0].message.hasPrefix(
                "Controlled task 'A' neither reached a schedule point nor ended within 0.3 seconds"))
        #expect(!failures.contains { $0.message.contains("Deadlock") })
    }

    @Test("a lock a task outside the run hands to a blocked task while the driver looks is no deadlock")
    func outsideHolderLettingGoWhileTheDriverLooks() async throws {
        let failures = try await capturingRoutedFailures {
            for yields in 0..<200 {
                let exploration = try await explore(stepTimeout: .seconds(30)) { schedule in
                    let lock = AsyncLock("db")
                    let held = Gate("held")
                    // Lets go after a few hops, at about the time the driver finds the waiter blocked.
                    let outside = Task {
                        try await lock.withLock {
                            held.open()
                            for _ in 0..<(yields % 20) { await Task.yield() }
                        }
                    }
                    try await held.arrive()
                    schedule.start("waiter") { try await lock.withLock {} }
                    try await schedule.finish()
                    try await outside.value
                }
                #expect(!exploration.failed)
                if exploration.failed { break }
            }
        }
        #expect(failures.isEmpty)
    }
}
#endif
