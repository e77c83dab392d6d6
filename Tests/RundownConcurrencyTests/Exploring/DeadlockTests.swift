#if canImport(Testing)
import RundownTestSupport
import Testing

@testable import RundownConcurrency

/// Behaviour#A-deadlock-fails-at-once: when every unfinished controlled task waits for another
/// one and nothing sleeps on the clock, the run fails at once, naming each task, what it waits for
/// and who holds it, with the interleaving and the token that replays it.
@Suite("Exploring: deadlocks", .timeLimit(.minutes(1)))
struct DeadlockTests {
    /// Two tasks that take two locks in opposite orders, with a point between.
    static func lockOrder(_ schedule: Schedule) async throws {
        let accounts = AsyncLock("accounts")
        let ledger = AsyncLock("ledger")
        schedule.start("transfer") {
            try await accounts.withLock {
                await schedule.point("debited")
                try await ledger.withLock {}  // line: transfer takes ledger
            }
        }
        schedule.start("audit") {
            try await ledger.withLock {
                await schedule.point("counted")
                try await accounts.withLock {}
            }
        }
        try await schedule.finish()
    }

    // reaches: ToolkitFailure
    @Test(
        "a lock-order deadlock is reported as one, at once (not as a stuck step), naming both tasks and both locks, with a token that replays it"
    )
    func lockOrderDeadlock() async throws {
        var exploration: Exploration?
        let failures = try await capturingRoutedFailures {
            exploration = try await explore { schedule in try await Self.lockOrder(schedule) }
        }
        let found = try #require(exploration)
        #expect(found.failed)
        try #require(failures.count == 2)
        #expect(
            failures[0].message
                == """
                Deadlock in interleaving \(found.interleavings): no controlled task can go on, and no deadline is pending on the clock:
                  'transfer' waits for AsyncLock "ledger", held by 'audit'
                  'audit' waits for AsyncLock "accounts", held by 'transfer'
                Take locks in one order in every task, let a task that does not wait itself open each gate, and do not wait for a task that waits for you; the interleaving below replays it.
                """)
        // Reported where the first task (in start order) asked for the lock it waits for.
        #expect(failures[0].place == "DeadlockTests.swift:\(SourceLine.marked("transfer takes ledger"))")
        let token = try #require(found.replayToken)
        #expect(
            failures[1].message
                == "explore(.everyInterleaving()) failed in interleaving \(found.interleavings): transfer: start → lock \"accounts\" → debited; audit: start → lock \"ledger\"; transfer: → lock \"ledger\"; audit: → counted → lock \"accounts\"\nReplay it with explore(.replay(\"\(token)\")), or with RUNDOWN_SCHEDULE=\(token)"
        )
        // No step deadline came into it (that would be reported as a stuck task, after 5 s): the
        // run stopped as soon as it saw the deadlock. Nothing here times it: the machine may be busy.
        #expect(!failures.contains { $0.message.contains("neither reached a schedule point") })

        let replayed = try await capturingRoutedFailures {
            let again = try await explore(.replay(token)) { schedule in try await Self.lockOrder(schedule) }
            #expect(again.failed)
            #expect(again.interleavings == 1)
            #expect(again.replayToken == token)
        }
        try #require(replayed.count == 2)
        #expect(replayed[0].message.hasPrefix("Deadlock in interleaving 1: no controlled task can go on"))
        #expect(replayed[0].message.contains("'transfer' waits for AsyncLock \"ledger\", held by 'audit'"))
        #expect(replayed[1].message.contains("explore(.replay(\"\(token)\")) failed in interleaving 1"))
    }

    @Test("every random order of the lock-order pair either passes or deadlocks, and never waits for the step deadline")
    func randomOrdersDeadlockOrPass() async throws {
        let failures = try await capturingRoutedFailures {
            let found = try await explore(.random(runs: 200, seed: 3), stepTimeout: .seconds(30)) { schedule in
                try await Self.lockOrder(schedule)
            }
            #expect(found.failed)
        }
        try #require(failures.count == 2)
        #expect(failures[0].message.hasPrefix("Deadlock in interleaving"))
    }

    @Test("a task that waits for a lock a sleeping task holds is no deadlock: the clock moves, the sleeper lets go")
    func sleepingHolderIsNoDeadlock() async throws {
        let exploration = try await explore { schedule in
            let lock = AsyncLock("cache")
            schedule.start("sleeper") {
                try await lock.withLock { try await schedule.clock.sleep(for: .seconds(1)) }
            }
            schedule.start("reader") { try await lock.withLock {} }
            try await schedule.finish()
        }
        #expect(!exploration.failed)
    }

    @Test("a task that waits for itself through another task's lock is named with what it holds")
    func threeTaskCycle() async throws {
        let token = try await Self.cycleToken()
        let failures = try await capturingRoutedFailures {
            _ = try await explore(.replay(token)) { schedule in try await Self.cycle(schedule) }
        }
        try #require(failures.count == 2)
        #expect(failures[0].message.contains("'A' waits for AsyncLock \"b\", held by 'B'"))
        #expect(failures[0].message.contains("'B' waits for AsyncLock \"c\", held by 'C'"))
        #expect(failures[0].message.contains("'C' waits for AsyncLock \"a\", held by 'A'"))
    }

    static func cycle(_ schedule: Schedule) async throws {
        let locks = ["a", "b", "c"].map { AsyncLock($0) }
        for (index, name) in ["A", "B", "C"].enumerated() {
            schedule.start(name) {
                try await locks[index].withLock {
                    await schedule.point("holding")
                    try await locks[(index + 1) % 3].withLock {}
                }
            }
        }
        try await schedule.finish()
    }

    /// The token of the first deadlocking order of ``cycle(_:)``, found by exploring it.
    static func cycleToken() async throws -> String {
        var token: String?
        _ = try await capturingRoutedFailures {
            token = try await explore { schedule in try await cycle(schedule) }.replayToken
        }
        return try #require(token)
    }
}
#endif
