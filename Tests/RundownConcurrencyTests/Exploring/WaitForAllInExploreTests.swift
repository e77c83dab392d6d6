#if canImport(Testing)
import RundownTestSupport
import Testing

@testable import RundownConcurrency

/// Behaviour#Waits-inside-explore for task trackers: the tasks a controlled task starts through a
/// `TrackingTaskStarter` are controlled tasks of the run, still tracked, and `waitForAll` in a
/// controlled task is blocked until they have ended; a tracked task that waits for its waiter is a
/// deadlock (Behaviour#A-deadlock-fails-at-once).
@Suite("Exploring: waitForAll inside controlled tasks", .timeLimit(.minutes(1)))
struct WaitForAllInExploreTests {
    /// A waiter that starts two uploads, passes a point, and waits for both. Every step logs where
    /// it begins, so a run's log is its order of steps.
    static func uploads(_ schedule: Schedule, log: Locked<[String]>) async throws {
        let tasks = TrackingTaskStarter()
        schedule.start("waiter") {
            log.withLock { $0.append("waiter starts") }
            for file in ["a.jpg", "b.jpg"] {
                tasks.start(name: "upload \(file)") {
                    log.withLock { $0.append("\(file) sends") }
                    await schedule.point("sent \(file)")
                    log.withLock { $0.append("\(file) done") }
                }
            }
            await schedule.point("started")
            log.withLock { $0.append("waiter waits") }
            try await tasks.waitForAll()
            log.withLock { $0.append("waiter waited") }
            #expect(tasks.runningTasks.isEmpty)
            #expect(tasks.startedTasks.map(\.label) == ["'upload a.jpg'", "'upload b.jpg'"])
            #expect(tasks.expectNoneRunning())
        }
        try await schedule.finish()
    }

    @Test("a waiter and the two tracked tasks it starts run in every order, the waiter going on only after both ended")
    func everyOrderOfTrackedTasks() async throws {
        let orders = Locked<[[String]]>([])
        let failures = try await capturingRoutedFailures {
            let exploration = try await explore(.everyInterleaving()) { schedule in
                let log = Locked<[String]>([])
                try await Self.uploads(schedule, log: log)
                let events = log.current
                #expect(events.last == "waiter waited")
                let waited = try #require(events.firstIndex(of: "waiter waited"))
                #expect(events.firstIndex(of: "a.jpg done").map { $0 < waited } == true)
                #expect(events.firstIndex(of: "b.jpg done").map { $0 < waited } == true)
                orders.withLock { $0.append(events) }
            }
            #expect(!exploration.failed)
            #expect(exploration.ranEveryOrder)
            // After the waiter's first step: its one step to `waitForAll` and the two steps of each
            // upload, in any order (5! / (1! 2! 2!) = 30); its step after the wait has no choice.
            #expect(exploration.interleavings == 30)
        }
        #expect(failures.isEmpty)
        #expect(orders.current.count == 30)
        #expect(Set(orders.current).count == 30)
    }

    @Test("a waiter blocked in waitForAll is no preemption: with none allowed, each upload runs whole, in 2 orders")
    func blockedWaiterIsNoPreemption() async throws {
        let orders = Locked<[[String]]>([])
        let failures = try await capturingRoutedFailures {
            let exploration = try await explore(.everyInterleaving(preemptions: 0)) { schedule in
                let log = Locked<[String]>([])
                try await Self.uploads(schedule, log: log)
                orders.withLock { $0.append(log.current) }
            }
            #expect(!exploration.failed)
            #expect(exploration.ranEveryOrder)
            #expect(exploration.interleavings == 2)
        }
        #expect(failures.isEmpty)
        // The waiter goes on to its wait, then one upload, then the other, then the waiter.
        #expect(
            orders.current.sorted { $0.lexicographicallyPrecedes($1) } == [
                [
                    "waiter starts", "waiter waits", "a.jpg sends", "a.jpg done", "b.jpg sends", "b.jpg done",
                    "waiter waited",
                ],
                [
                    "waiter starts", "waiter waits", "b.jpg sends", "b.jpg done", "a.jpg sends", "a.jpg done",
                    "waiter waited",
                ],
            ])
    }

    @Test("a tracked task started outside the run that ends while the driver looks is no deadlock")
    func outsideTaskEndingWhileTheDriverLooks() async throws {
        let failures = try await capturingRoutedFailures {
            for yields in 0..<200 {
                let exploration = try await explore(stepTimeout: .seconds(30)) { schedule in
                    let tasks = TrackingTaskStarter()
                    // Ends after a few hops, at about the time the driver finds the waiter blocked.
                    tasks.start(name: "outside") {
                        for _ in 0..<(yields % 20) { await Task.yield() }
                    }
                    schedule.start("waiter") { try await tasks.waitForAll() }
                    try await schedule.finish()
                }
                #expect(!exploration.failed)
                if exploration.failed { break }
            }
        }
        #expect(failures.isEmpty)
    }

    @Test("random and PCT orders of the uploads also let the waiter go on only after both, and replay")
    func sampledOrdersOfTrackedTasks() async throws {
        for strategy in [ExplorationStrategy.random(runs: 40, seed: 7), .pct(runs: 40, seed: 7)] {
            let orders = Locked<[[String]]>([])
            let failures = try await capturingRoutedFailures {
                let exploration = try await explore(strategy) { schedule in
                    let log = Locked<[String]>([])
                    try await Self.uploads(schedule, log: log)
                    #expect(log.current.last == "waiter waited")
                    orders.withLock { $0.append(log.current) }
                }
                #expect(!exploration.failed)
                #expect(exploration.interleavings == 40)
            }
            #expect(failures.isEmpty)
            // The same seed gives the same orders.
            let again = Locked<[[String]]>([])
            _ = try await explore(strategy) { schedule in
                let log = Locked<[String]>([])
                try await Self.uploads(schedule, log: log)
                again.withLock { $0.append(log.current) }
            }
            #expect(again.current == orders.current)
        }
    }

    @Test("a task that the code under test starts through schedule.tasks waits for the tracked tasks it starts")
    func controlledTaskOfTheCodeUnderTestWaits() async throws {
        let runs = Locked(0)
        let failures = try await capturingRoutedFailures {
            let exploration = try await explore { schedule in
                let tracked = TrackingTaskStarter()
                let saved = Locked<[String]>([])
                schedule.tasks.start(name: "sync") {
                    tracked.start(name: "save") {
                        await schedule.point("writing")
                        saved.withLock { $0.append("save") }
                    }
                    try await tracked.waitForAll()
                    saved.withLock { $0.append("synced") }
                }
                schedule.start("reader") { await schedule.point("reading") }
                try await schedule.finish()
                #expect(saved.current == ["save", "synced"])
                runs.withLock { $0 += 1 }
            }
            #expect(!exploration.failed)
            #expect(exploration.ranEveryOrder)
            #expect(exploration.interleavings == runs.current)
        }
        #expect(failures.isEmpty)
        #expect(runs.current > 1)
    }

    /// Task A starts tracked task T, which waits at a gate that A opens only after `waitForAll`.
    static func cycle(_ schedule: Schedule) async throws {
        let tasks = TrackingTaskStarter()
        let reply = Gate("reply")
        schedule.start("A") {  // line: cycle A starts
            tasks.start(name: "T") { try await reply.arrive() }
            try await tasks.waitForAll()
            reply.open()
        }
        try await schedule.finish()
    }

    // reaches: ToolkitFailure
    @Test(
        "a tracked task that waits for its waiter is a deadlock, reported at once, naming both, with a token that replays it"
    )
    func waitingForATaskThatWaitsForYouIsADeadlock() async throws {
        var exploration: Exploration?
        let failures = try await capturingRoutedFailures {
            exploration = try await explore { schedule in try await Self.cycle(schedule) }
        }
        let found = try #require(exploration)
        #expect(found.failed)
        #expect(found.interleavings == 1)
        try #require(failures.count == 2)
        #expect(
            failures[0].message.hasPrefix(
                """
                Deadlock in interleaving 1: no controlled task can go on, and no deadline is pending on the clock:
                  'A' waits for tracked tasks (waitForAll): 1 still running: 'T'
                  'T' waits for Gate "reply" (not opened; 1 parked
                """))
        // Reported where the first task (in start order) was started, as a gate's wait is.
        #expect(failures[0].place == "WaitForAllInExploreTests.swift:\(SourceLine.marked("cycle A starts"))")
        let token = try #require(found.replayToken)
        #expect(
            failures[1].message
                == "explore(.everyInterleaving()) failed in interleaving 1: A: start → waitForAll; T: start → arrive \"reply\"\nReplay it with explore(.replay(\"\(token)\")), or with RUNDOWN_SCHEDULE=\(token)"
        )
        // The run stopped as soon as it saw the deadlock, not at the step deadline (5 s), which
        // would report a stuck task. Nothing here times it: the machine may be busy.
        #expect(!failures.contains { $0.message.contains("neither reached a schedule point") })

        let replayed = try await capturingRoutedFailures {
            let again = try await explore(.replay(token)) { schedule in try await Self.cycle(schedule) }
            #expect(again.failed)
            #expect(again.interleavings == 1)
            #expect(again.replayToken == token)
        }
        try #require(replayed.count == 2)
        #expect(replayed[0].message.hasPrefix("Deadlock in interleaving 1: no controlled task can go on"))
        #expect(replayed[0].message.contains("'A' waits for tracked tasks (waitForAll): 1 still running: 'T'"))
        #expect(replayed[1].message.contains("explore(.replay(\"\(token)\")) failed in interleaving 1"))
    }

    @Test("in a run, waitForAll's timeout is not used: tracked tasks that sleep an hour of virtual time are waited for")
    func timeoutIsNotUsedInARun() async throws {
        let failures = try await capturingRoutedFailures {
            let exploration = try await explore { schedule in
                let tasks = TrackingTaskStarter()
                let waited = Locked(false)
                schedule.start("waiter") {
                    tasks.start(name: "slow") { try await schedule.clock.sleep(for: .seconds(3600)) }
                    try await tasks.waitForAll(within: .milliseconds(1))
                    waited.withLock { $0 = true }
                }
                try await schedule.finish()
                #expect(waited.current)
                #expect(schedule.run.now == .seconds(3600))
            }
            #expect(!exploration.failed)
        }
        #expect(failures.isEmpty)
    }

    @Test("tracked tasks keep their parent links, and cancelAll reaches a tracked task that is a controlled task")
    func bookkeepingInARun() async throws {
        let failures = try await capturingRoutedFailures {
            let exploration = try await explore { schedule in
                let tasks = TrackingTaskStarter()
                let ticks = Locked(0)
                schedule.start("root") {
                    tasks.start(name: "parent") {
                        await schedule.point("parent working")
                        tasks.start { await schedule.point("child working") }
                    }
                    try await tasks.waitForAll()
                    tasks.start(name: "endless") {
                        while !Task.isCancelled {
                            ticks.withLock { $0 += 1 }
                            await schedule.point("tick")
                        }
                    }
                    tasks.cancelAll()
                    try await tasks.waitForAll()
                    let started = tasks.startedTasks
                    #expect(
                        started.map(\.description) == ["'parent'", "unnamed task #2 started by task #1", "'endless'"])
                    #expect(started.allSatisfy { !$0.isRunning })
                }
                try await schedule.finish()
                #expect(ticks.current == 0)
            }
            #expect(!exploration.failed)
            #expect(exploration.ranEveryOrder)
        }
        #expect(failures.isEmpty)
    }

    @Test("tracked tasks the body starts are not the run's: the waiter waits for them in wall time, as outside explore")
    func tasksStartedOutsideTheRunAreAWallTimeWait() async throws {
        let failures = try await capturingRoutedFailures {
            // The driver waits for the outside task in wall time, up to the step deadline: a
            // generous one, for a busy machine.
            let exploration = try await explore(stepTimeout: .seconds(30)) { schedule in
                let tasks = TrackingTaskStarter()
                let done = Locked(false)
                tasks.start(name: "outside") {
                    try? await Task.sleep(for: .milliseconds(20))
                    done.withLock { $0 = true }
                }
                schedule.start("waiter") {
                    try await tasks.waitForAll()
                    #expect(done.current)
                }
                try await schedule.finish()
            }
            #expect(!exploration.failed)
        }
        #expect(failures.isEmpty)
    }
}
#endif
