#if canImport(Testing)
import Foundation
import RundownCore
import RundownTestSupport
import Testing

@testable import RundownConcurrency

/// Behaviour#Child-tasks-are-controlled, at its edges: children that start before their owner's
/// step ends, grandchildren, actors, cancellation, stuck children, stops, and the toolkit's waits
/// made in a child.
///
/// Serialized: several tests here keep a thread busy on purpose (a stuck child) until the step
/// deadline cancels it, and on two cores two of them at once would leave no thread to the deadline.
@Suite("Exploring: child tasks at their edges", .serialized, .timeLimit(.minutes(1)))
struct ChildTaskEdgeTests {
    struct Boom: Error, CustomStringConvertible {
        var description: String { "boom" }
    }

    /// Spins in wall time, off the schedule, for `duration` or until the task is cancelled: code a
    /// child runs before it reaches the schedule (a decoder, a hash), or a child that is stuck.
    static func busy(for duration: Duration) {
        let start = ContinuousClock.now
        while ContinuousClock.now - start < duration, !Task.isCancelled {
            usleep(200)
        }
    }

    // MARK: - A child started in a step that ends at a point

    @Test(
        "a child its owner starts before reaching a point of its own is an option at the next choice, in every exploration"
    )
    func childStartedBeforeTheOwnersPoint() async throws {
        for _ in 0..<10 {
            let orders = Locked<Set<[String]>>([])
            var exploration: Exploration?
            let failures = try await capturingRoutedFailures {
                exploration = try await explore { schedule in
                    let log = EventLog()
                    @Sendable func child() async {
                        // Work before its first point: it runs once the owner has parked at its
                        // point, and the next choice waits for it (it used to race the driver).
                        Self.busy(for: .milliseconds(3))
                        log.append("c0")
                        await schedule.point("c1")
                        log.append("c2")
                    }
                    schedule.start("owner") {
                        async let done: Void = child()
                        log.append("o0")
                        await schedule.point("owner mid")
                        log.append("o1")
                        await done
                        log.append("o2")
                    }
                    try await schedule.finish()
                    orders.withLock { _ = $0.insert(log.all) }
                }
            }
            #expect(failures.map(\.message) == [])
            let found = try #require(exploration)
            #expect(!found.failed)
            #expect(found.interleavings == 2)
            #expect(orders.current == [["o0", "c0", "o1", "c2", "o2"], ["o0", "c0", "c2", "o1", "o2"]])
        }
    }

    @Test("task group children added before the owner's point reach the schedule in that step, under every strategy")
    func groupChildrenAddedBeforeTheOwnersPoint() async throws {
        let strategies: [ExplorationStrategy] = [
            .everyInterleaving(), .random(runs: 100, seed: 5), .pct(runs: 100, seed: 5),
        ]
        for (index, strategy) in strategies.enumerated() {
            let orders = Locked<[[String]]>([])
            var exploration: Exploration?
            let failures = try await capturingRoutedFailures {
                exploration = try await explore(strategy) { schedule in
                    let log = EventLog()
                    schedule.start("owner") {
                        await withTaskGroup(of: Void.self) { group in
                            for name in ["a", "b"] {
                                group.addTask {
                                    Self.busy(for: .milliseconds(1))
                                    await schedule.point("\(name) sent")
                                    log.append(name)
                                }
                            }
                            await schedule.point("owner sent")
                            log.append("owner")
                        }
                    }
                    try await schedule.finish()
                    orders.withLock { $0.append(log.all) }
                }
            }
            #expect(failures.map(\.message) == [], "\(strategy)")
            let found = try #require(exploration)
            #expect(!found.failed)
            // After the owner's first step all three wait at a point: every order of three steps.
            let all: Set<[String]> = [
                ["a", "b", "owner"], ["a", "owner", "b"], ["b", "a", "owner"],
                ["b", "owner", "a"], ["owner", "a", "b"], ["owner", "b", "a"],
            ]
            if index == 0 {
                #expect(found.interleavings == 6)
                #expect(Set(orders.current) == all)
            } else {
                #expect(found.interleavings == 100)
                #expect(Set(orders.current).isSubset(of: all))
                #expect(Set(orders.current).count == 6, "100 runs draw each of 6 orders")
            }
        }
    }

    @Test("without preemptions, the owner that reached its point goes on before the child it started in that step")
    func ownerContinuesWithoutPreemption() async throws {
        let orders = Locked<Set<[String]>>([])
        let exploration = try await explore(.everyInterleaving(preemptions: 0)) { schedule in
            let log = EventLog()
            schedule.start("owner") {
                async let done: Void = {
                    log.append("c0")
                    await schedule.point("c1")
                    log.append("c2")
                }()
                log.append("o0")
                await schedule.point("owner mid")
                log.append("o1")
                await done
                log.append("o2")
            }
            try await schedule.finish()
            orders.withLock { _ = $0.insert(log.all) }
        }
        #expect(!exploration.failed)
        #expect(exploration.interleavings == 1)
        #expect(orders.current == [["o0", "c0", "o1", "c2", "o2"]])
    }

    @Test(
        "a child stuck on its way to its first point after its owner reached one: the deadline ends the step, naming the owner"
    )
    func childStuckAfterTheOwnersPoint() async throws {
        let started = ContinuousClock.now
        var exploration: Exploration?
        let failures = try await capturingRoutedFailures {
            exploration = try await explore(stepTimeout: .seconds(1)) { schedule in
                schedule.start("owner") {
                    async let stuck: Void = {
                        Self.busy(for: .seconds(8))
                        await schedule.point("never in time")
                    }()
                    await schedule.point("owner mid")
                    await stuck
                }
            }
        }
        #expect(try #require(exploration).failed)
        try #require(failures.count == 2)
        #expect(
            failures[0].message.hasPrefix(
                "Controlled task 'owner' neither reached a schedule point nor ended within 1.0 seconds (interleaving 1)"
            ))
        #expect(ContinuousClock.now - started < .seconds(30))
    }

    // MARK: - Grandchildren, async let in a child, actors

    /// Two steps of each of two children, after their first steps in start order: the 6 merges.
    static let merges: [[String]] = [
        ["a2", "a3", "b2", "b3"], ["a2", "b2", "a3", "b3"], ["a2", "b2", "b3", "a3"],
        ["b2", "a2", "a3", "b3"], ["b2", "a2", "b3", "a3"], ["b2", "b3", "a2", "a3"],
    ]

    @Test("grandchildren of a nested task group interleave in every order, and their parent goes on after them")
    func nestedTaskGroups() async throws {
        let orders = Locked<Set<[String]>>([])
        let exploration = try await explore { schedule in
            let log = EventLog()
            schedule.start("owner") {
                let got = await withTaskGroup(of: String.self) { outer in
                    outer.addTask {
                        let names = await withTaskGroup(of: String.self) { inner in
                            inner.addTask { await ChildTaskTests.twoSteps("a", schedule, log) }
                            inner.addTask { await ChildTaskTests.twoSteps("b", schedule, log) }
                            return await inner.reduce(into: []) { $0.append($1) }.sorted()
                        }
                        await schedule.point("parent after")
                        log.append("parent got \(names.joined())")
                        return "parent"
                    }
                    return await outer.next() ?? "none"
                }
                log.append("owner got \(got)")
            }
            try await schedule.finish()
            orders.withLock { _ = $0.insert(log.all) }
        }
        #expect(!exploration.failed)
        #expect(exploration.ranEveryOrder)
        #expect(exploration.interleavings == 6)
        #expect(orders.current == Set(Self.merges.map { ["a1", "b1"] + $0 + ["parent got ab", "owner got parent"] }))
    }

    @Test("async let inside a child that has reached the schedule: its own children interleave in every order")
    func asyncLetInsideAChild() async throws {
        let orders = Locked<Set<[String]>>([])
        let exploration = try await explore { schedule in
            let log = EventLog()
            schedule.start("owner") {
                async let parent: String = {
                    log.append("p0")
                    await schedule.point("parent begins")
                    async let a = ChildTaskTests.twoSteps("a", schedule, log)
                    async let b = ChildTaskTests.twoSteps("b", schedule, log)
                    let both = await [a, b]
                    await schedule.point("parent after")
                    log.append("parent got \(both.joined())")
                    return "parent"
                }()
                log.append("owner got \(await parent)")
            }
            try await schedule.finish()
            orders.withLock { _ = $0.insert(log.all) }
        }
        #expect(!exploration.failed)
        #expect(exploration.ranEveryOrder)
        #expect(exploration.interleavings == 6)
        #expect(
            orders.current == Set(Self.merges.map { ["p0", "a1", "b1"] + $0 + ["parent got ab", "owner got parent"] }))
    }

    actor Counter {
        var value = 0

        /// A read-modify-write with a point between the read and the write: a lost update.
        func bump(_ schedule: Schedule) async {
            await schedule.point("before")
            let read = value
            await schedule.point("read")
            value = read + 1
        }
    }

    @Test(
        "children that call a default actor whose method reaches points interleave there; 2 of 6 orders keep both updates"
    )
    func childrenCallAnActorWithPoints() async throws {
        let values = Locked<[Int]>([])
        let exploration = try await explore { schedule in
            let counter = Counter()
            schedule.start("owner") {
                async let a: Void = counter.bump(schedule)
                async let b: Void = counter.bump(schedule)
                _ = await (a, b)
            }
            try await schedule.finish()
            let value = await counter.value
            values.withLock { $0.append(value) }
        }
        #expect(!exploration.failed)
        #expect(exploration.ranEveryOrder)
        #expect(exploration.interleavings == 6)
        #expect(values.current.sorted() == [1, 1, 1, 1, 2, 2])
    }

    actor LoggingCounter {
        var value = 0

        /// ``Counter/bump(_:)``, logging as it enters.
        func bump(_ schedule: Schedule, _ log: EventLog) async {
            log.append("bump reads \(value) at \(schedule.clock.now)")
            await schedule.point("before")
            let read = value
            await schedule.point("read")
            value = read + 1
        }
    }

    /// A child's key inside an actor's job was read from the job while it ran, which on Linux gave
    /// two children one key now and then (more often with children of several priorities): the
    /// second was taken for the first. A stress test: before the fix, it failed in 3 of 5 runs.
    @Test("children of three priorities calling one actor with points: 90 orders, 10 explorations in a row")
    func childrenOfSeveralPrioritiesCallAnActor() async throws {
        for _ in 0..<10 {
            var exploration: Exploration?
            let failures = try await capturingRoutedFailures {
                exploration = try await explore { schedule in
                    let counter = LoggingCounter()
                    let log = EventLog()
                    schedule.start("owner") {
                        await withTaskGroup(of: Void.self) { group in
                            for priority in [TaskPriority.low, .medium, .high] {
                                group.addTask(priority: priority) { await counter.bump(schedule, log) }
                            }
                        }
                    }
                }
            }
            #expect(failures.map(\.message) == [])
            // Three children of two steps each after the owner's: 6! / (2! 2! 2!) orders.
            #expect(exploration?.interleavings == 90)
        }
    }

    @Test(
        "grandchildren, async let in a child and an actor: the same seed gives the same orders under .random and .pct")
    func nestedChildrenRepeatUnderSampling() async throws {
        for strategy in [ExplorationStrategy.random(runs: 150, seed: 11), .pct(runs: 150, seed: 11)] {
            var runs: [[[String]]] = []
            for _ in 0..<2 {
                let orders = Locked<[[String]]>([])
                let exploration = try await explore(strategy) { schedule in
                    let log = EventLog()
                    let counter = Counter()
                    schedule.start("owner") {
                        await withTaskGroup(of: Void.self) { group in
                            group.addTask {
                                async let a = ChildTaskTests.twoSteps("a", schedule, log)
                                async let b = ChildTaskTests.twoSteps("b", schedule, log)
                                _ = await [a, b]
                            }
                            group.addTask { await counter.bump(schedule) }
                            group.addTask {
                                try? await schedule.clock.sleep(for: .seconds(1))
                                log.append("timer")
                            }
                        }
                    }
                    schedule.start("bystander") {
                        await counter.bump(schedule)
                        log.append("bystander")
                    }
                    try await schedule.finish()
                    let value = await counter.value
                    orders.withLock { $0.append(log.all + ["\(value)"]) }
                }
                #expect(!exploration.failed)
                #expect(exploration.interleavings == 150)
                runs.append(orders.current)
            }
            #expect(runs[0] == runs[1], "\(strategy)")
            #expect(Set(runs[0]).count > 20, "\(strategy) draws many orders")
        }
    }

    @Test("a failing order of children found by .pct replays from its token, failing again each time")
    func pctFailureOfChildrenReplays() async throws {
        let body: @Sendable (Schedule) async throws -> Void = { schedule in
            let counter = Counter()
            schedule.start("owner") {
                await withTaskGroup(of: Void.self) { group in
                    for _ in 0..<3 { group.addTask { await counter.bump(schedule) } }
                }
                let value = await counter.value
                if value != 3 { throw WrongCount(value: value) }
            }
        }
        var exploration: Exploration?
        _ = try await capturingRoutedFailures {
            exploration = try await explore(.pct(runs: 200, seed: 3)) { schedule in try await body(schedule) }
        }
        let found = try #require(exploration)
        #expect(found.failed)
        let token = try #require(found.replayToken)
        for _ in 0..<5 {
            var again: Exploration?
            let failures = try await capturingRoutedFailures {
                again = try await explore(.replay(token)) { schedule in try await body(schedule) }
            }
            #expect(try #require(again).failed)
            #expect(again?.interleavings == 1)
            try #require(failures.count == 2)
            #expect(failures[0].message.hasPrefix("Controlled task 'owner' threw an error: the counter is "))
            #expect(failures[1].message.hasPrefix("explore(.replay(\"\(token)\")) failed in interleaving 1: "))
        }
    }

    struct WrongCount: Error, CustomStringConvertible {
        let value: Int
        var description: String { "the counter is \(value)" }
    }

    // MARK: - Cancellation and errors

    @Test("group.cancelAll() wakes a sleeping child and lets a blocked one leave its gate: 6 orders, each child ends")
    func cancelAllWhileChildrenSleepOrWait() async throws {
        let outcomes = Locked<[String]>([])
        let exploration = try await explore { schedule in
            let clock = schedule.clock
            let gate = Gate("never opened")
            schedule.start("owner") {
                let winner = try await withThrowingTaskGroup(of: String.self) { group in
                    group.addTask {
                        await schedule.point("fast")
                        return "fast"
                    }
                    group.addTask {
                        try await clock.sleep(for: .seconds(10))
                        return "slow"
                    }
                    group.addTask {
                        try await gate.arrive()
                        return "gate"
                    }
                    defer { group.cancelAll() }
                    return try await group.next() ?? "none"
                }
                outcomes.withLock { $0.append("\(winner) at \(clock.now)") }
            }
        }
        #expect(!exploration.failed)
        #expect(exploration.ranEveryOrder)
        #expect(exploration.interleavings == 6)
        let fastFirst = "fast at +0.0 seconds"
        let fastAtTen = "fast at +10.0 seconds"
        let slowAtTen = "slow at +10.0 seconds"
        #expect(outcomes.current.sorted() == [fastFirst, fastFirst, fastAtTen, fastAtTen, slowAtTen, slowAtTen])
    }

    @Test("after cancelAll, the losers' ends: a woken sleeper throws when picked, the gate waiter leaves its gate")
    func cancelledChildrenEndAsCancelled() async throws {
        let ends = Locked<[[String]]>([])
        let exploration = try await explore { schedule in
            let clock = schedule.clock
            let gate = Gate("never opened")
            let log = EventLog()
            schedule.start("owner") {
                await withTaskGroup(of: Void.self) { group in
                    group.addTask {
                        await schedule.point("fast")
                    }
                    group.addTask {
                        do {
                            try await clock.sleep(for: .seconds(10))
                            log.append("slow returned")
                        } catch {
                            log.append("slow \(error is CancellationError ? "cancelled" : "failed: \(error)")")
                        }
                    }
                    group.addTask {
                        do {
                            try await gate.arrive()
                            log.append("gate passed")
                        } catch {
                            log.append("gate \(error is CancellationError ? "cancelled" : "failed: \(error)")")
                        }
                    }
                    await group.next()
                    group.cancelAll()
                }
            }
            try await schedule.finish()
            ends.withLock { $0.append(log.all.sorted()) }
        }
        #expect(!exploration.failed)
        #expect(exploration.interleavings == 6)
        // fast first (2 orders of the losers): both cancelled; the clock first, then fast (2): the
        // sleeper was woken by the clock before the cancel, and throws when picked; the clock
        // first, then slow (2): slow returned, and only the gate is cancelled.
        let bothCancelled = ["gate cancelled", "slow cancelled"]
        let slowReturned = ["gate cancelled", "slow returned"]
        #expect(
            ends.current.sorted { $0.joined() < $1.joined() }
                == [bothCancelled, bothCancelled, bothCancelled, bothCancelled, slowReturned, slowReturned])
    }

    @Test(
        "cancelAll while a child waits blocked on a lock its sibling holds: it leaves cancelled, and the lock is free after"
    )
    func cancelAllWhileAChildWaitsForALock() async throws {
        let outcomes = Locked<Set<String>>([])
        let exploration = try await explore { schedule in
            let lock = AsyncLock("db")
            let log = EventLog()
            schedule.start("owner") {
                await withTaskGroup(of: Void.self) { group in
                    group.addTask {
                        try? await lock.withLock { await schedule.point("inside") }
                    }
                    group.addTask {
                        do {
                            try await lock.withLock { log.append("waiter got the lock") }
                        } catch {
                            log.append("waiter \(error is CancellationError ? "cancelled" : "failed: \(error)")")
                        }
                    }
                    group.addTask { await schedule.point("quick") }
                    await group.next()
                    group.cancelAll()
                }
            }
            try await schedule.finish()
            // Not leaked: the body (no controlled task) takes it in wall time.
            try await lock.withLock(within: .seconds(2)) {}
            outcomes.withLock { _ = $0.insert(log.all.joined()) }
        }
        #expect(!exploration.failed)
        #expect(exploration.ranEveryOrder)
        // The waiter is handed the lock only when its holder returns, which is when the owner's
        // next() returns and cancels it: it never gets to hold the lock.
        #expect(outcomes.current == ["waiter cancelled"])
    }

    @Test("an owner that throws while its children wait at points: they take their steps, then its error is reported")
    func ownerThrowsWhileChildrenWait() async throws {
        var exploration: Exploration?
        let failures = try await capturingRoutedFailures {
            exploration = try await explore { schedule in
                schedule.start("owner") {
                    try await withThrowingTaskGroup(of: Void.self) { group in
                        for name in ["a", "b"] {
                            group.addTask { await schedule.point("\(name) half") }
                        }
                        throw Boom()
                    }
                }
            }
        }
        let found = try #require(exploration)
        #expect(found.failed)
        try #require(failures.count == 2)
        #expect(failures[0].message == "Controlled task 'owner' threw an error: boom")
        let token = try #require(found.replayToken)
        #expect(
            failures[1].message
                == "explore(.everyInterleaving()) failed in interleaving 1: owner.1: start → a half; owner.2: start → b half; owner: start → awaits its child tasks; owner.1: → end; owner: → end; owner.2: → end\nReplay it with explore(.replay(\"\(token)\")), or with RUNDOWN_SCHEDULE=\(token)"
        )
    }

    // MARK: - Stuck children and stops

    @Test("a child stuck before its first point: the deadline names the owner, whose step it is, at its start")
    func childStuckBeforeItsFirstPoint() async throws {
        let started = ContinuousClock.now
        var exploration: Exploration?
        let failures = try await capturingRoutedFailures {
            exploration = try await explore(stepTimeout: .seconds(1)) { schedule in
                schedule.start("owner") {
                    async let stuck: Void = {
                        Self.busy(for: .seconds(8))
                        await schedule.point("never in time")
                    }()
                    await stuck
                }
            }
        }
        #expect(try #require(exploration).failed)
        try #require(failures.count == 2)
        #expect(
            failures[0].message.hasPrefix(
                "Controlled task 'owner' neither reached a schedule point nor ended within 1.0 seconds (interleaving 1); it last passed 'start'."
            ))
        #expect(failures[1].message.hasPrefix("explore(.everyInterleaving()) failed in interleaving 1: owner: start"))
        #expect(ContinuousClock.now - started < .seconds(30))
    }

    @Test("a child stuck in a later step: the deadline names the child and the point it passed")
    func childStuckInALaterStep() async throws {
        var exploration: Exploration?
        let failures = try await capturingRoutedFailures {
            exploration = try await explore(stepTimeout: .seconds(1)) { schedule in
                schedule.start("owner") {
                    async let stuck: Void = {
                        await schedule.point("c1")
                        Self.busy(for: .seconds(8))
                    }()
                    await stuck
                }
            }
        }
        #expect(try #require(exploration).failed)
        try #require(failures.count == 2)
        #expect(
            failures[0].message.hasPrefix(
                "Controlled task 'owner.1' neither reached a schedule point nor ended within 1.0 seconds (interleaving 1); it last passed 'c1'."
            ))
        #expect(
            failures[1].message.hasPrefix(
                "explore(.everyInterleaving()) failed in interleaving 1: owner.1: start → c1; owner: start → awaits its child tasks"
            ))
    }

    @Test(
        "a child that waits in wall time off the schedule: its owner is reported stuck awaiting its child tasks, no hang"
    )
    func childWaitsOffTheSchedule() async throws {
        let started = ContinuousClock.now
        var exploration: Exploration?
        let failures = try await capturingRoutedFailures {
            exploration = try await explore(stepTimeout: .seconds(1)) { schedule in
                schedule.start("owner") {
                    async let stuck: Void = {
                        await schedule.point("c1")
                        try? await Task.sleep(for: .seconds(30))
                    }()
                    await stuck
                }
            }
        }
        #expect(try #require(exploration).failed)
        try #require(failures.count == 2)
        #expect(
            failures[0].message.hasPrefix(
                "Controlled task 'owner' neither reached a schedule point nor ended within 1.0 seconds (interleaving 1); it last passed 'awaits its child tasks'."
            ))
        // The stop cancels the owner, and so the child's wall-time sleep.
        #expect(ContinuousClock.now - started < .seconds(30))
    }

    @Test("cancelling the test while a child takes its step stops the exploration at once, saying so")
    func cancelledWhileAChildRuns() async throws {
        let inStep = Locked(false)
        let exploring = Task {
            try await capturingRoutedFailures {
                try await explore(stepTimeout: .seconds(30)) { schedule in
                    schedule.start("owner") {
                        async let child: Void = {
                            await schedule.point("c1")
                            inStep.withLock { $0 = true }
                            Self.busy(for: .seconds(20))
                        }()
                        await child
                    }
                }
            }
        }
        let waitStart = ContinuousClock.now
        while !inStep.current, ContinuousClock.now - waitStart < .seconds(10) {
            try await Task.sleep(for: .milliseconds(2))
        }
        #expect(inStep.current)
        exploring.cancel()
        let failures = try await value(of: exploring, within: .seconds(10), "the cancelled exploration")
        try #require(failures.count == 1)
        #expect(failures[0].message.hasPrefix("The exploration was cancelled during interleaving 1."))
    }

    @Test("a replay whose children reach other points than the recorded order is reported as not deterministic")
    func replayWithOtherChildStepsDiverges() async throws {
        @Sendable func body(_ schedule: Schedule, extraPoint: Bool) async throws {
            schedule.start("owner") {
                async let a: Void = {
                    await schedule.point("a1")
                    if extraPoint { await schedule.point("a extra") }
                }()
                async let b: Void = { await schedule.point("b1") }()
                _ = await (a, b)
                throw Boom()
            }
        }
        var token: String?
        _ = try await capturingRoutedFailures {
            token = try await explore { schedule in try await body(schedule, extraPoint: false) }.replayToken
        }
        let replayToken = try #require(token)
        var exploration: Exploration?
        let failures = try await capturingRoutedFailures {
            exploration = try await explore(.replay(replayToken)) { schedule in
                try await body(schedule, extraPoint: true)
            }
        }
        #expect(try #require(exploration).failed)
        #expect(
            failures.contains { $0.message.hasPrefix("The body of explore is not deterministic: in interleaving 1") })
    }

    @Test(
        "a plain Task {} a child starts, reaching a point while the child runs on: no step, and never taken for the child"
    )
    func plainTaskOfARunningChildIsNoChild() async throws {
        let logs = Locked<[[String]]>([])
        let exploration = try await explore { schedule in
            let log = EventLog()
            schedule.start("owner") {
                async let child: Void = {
                    await schedule.point("c1")
                    let passed = Locked(false)
                    let plain = Task {
                        await schedule.point("plain")
                        passed.withLock { $0 = true }
                    }
                    // The child's job runs on while the plain task reaches its point.
                    let start = ContinuousClock.now
                    while !passed.current, ContinuousClock.now - start < .seconds(10) { usleep(100) }
                    log.append("plain passed its point: \(passed.current)")
                    await schedule.point("c2")
                    log.append("c2 passed")
                    await plain.value
                }()
                await child
            }
            try await schedule.finish()
            logs.withLock { $0.append(log.all) }
        }
        #expect(!exploration.failed)
        #expect(exploration.interleavings == 1)
        #expect(logs.current == [["plain passed its point: true", "c2 passed"]])
    }

    // MARK: - The toolkit's waits in a child

    @Test("children take an AsyncLock in turn: no update is lost, and the second waits blocked, no option")
    func childrenTakeALock() async throws {
        let values = Locked<[Int]>([])
        let exploration = try await explore { schedule in
            let lock = AsyncLock("counter")
            let value = Locked(0)
            schedule.start("owner") {
                try await withThrowingTaskGroup(of: Void.self) { group in
                    for _ in 0..<2 {
                        group.addTask {
                            try await lock.withLock {
                                let read = value.current
                                await schedule.point("read")
                                value.withLock { $0 = read + 1 }
                            }
                        }
                    }
                    try await group.waitForAll()
                }
            }
            schedule.start("bystander") { await schedule.point("looks") }
            try await schedule.finish()
            values.withLock { $0.append(value.current) }
        }
        #expect(!exploration.failed)
        #expect(exploration.ranEveryOrder)
        #expect(Set(values.current) == [2])
        // The bystander's one step falls in any of the places between the owner's child steps.
        #expect(exploration.interleavings > 1)
    }

    @Test("a child arrives at a gate a sibling opens once it has arrived, in every order")
    func childrenMeetAtAGate() async throws {
        let exploration = try await explore { schedule in
            let request = Gate("request sent")
            let log = EventLog()
            schedule.start("owner") {
                try await withThrowingTaskGroup(of: Void.self) { group in
                    group.addTask {
                        try await request.arrive()
                        log.append("client passed")
                    }
                    group.addTask {
                        try await request.waitUntilParked()
                        log.append("server saw")
                        request.open()
                    }
                    try await group.waitForAll()
                }
                #expect(log.all == ["server saw", "client passed"])
            }
        }
        #expect(!exploration.failed)
        #expect(exploration.ranEveryOrder)
    }

    @Test("eventually in a child waits on the virtual clock for a sibling, in every order")
    func eventuallyInAChild() async throws {
        let exploration = try await explore { schedule in
            let flag = Locked(false)
            schedule.start("owner") {
                try await withThrowingTaskGroup(of: Void.self) { group in
                    group.addTask {
                        try await eventually("the flag is set", within: .seconds(60)) { flag.current }
                    }
                    group.addTask {
                        try await schedule.clock.sleep(for: .seconds(30))
                        flag.withLock { $0 = true }
                    }
                    try await group.waitForAll()
                }
            }
            try await schedule.finish()
            #expect(schedule.clock.now.sinceStart >= .seconds(30))
            #expect(schedule.clock.now.sinceStart < .seconds(60))
        }
        #expect(!exploration.failed)
        #expect(exploration.ranEveryOrder)
    }

    @Test("a child starts tracked tasks and waits for them: every order of their steps, and none runs after the wait")
    func trackedTasksStartedByAChild() async throws {
        let exploration = try await explore { schedule in
            let tasks = TrackingTaskStarter()
            schedule.start("owner") {
                async let sender: Void = {
                    for file in ["a", "b"] {
                        tasks.start(name: "upload \(file)") {
                            await schedule.point("sent \(file)")
                        }
                    }
                    try await tasks.waitForAll()
                    tasks.expectNoneRunning()
                }()
                try await sender
            }
        }
        #expect(!exploration.failed)
        #expect(exploration.ranEveryOrder)
        // Two uploads of two steps each, after the sender has blocked: 6 merges.
        #expect(exploration.interleavings == 6)
    }

    /// Waits made in a child that do not end a step, because they are over already.
    enum WaitOverAlready: String, CaseIterable, Sendable {
        case eventually
        case waitForAll

        func wait() async throws {
            switch self {
            case .eventually: try await RundownConcurrency.eventually("true at once") { true }
            case .waitForAll: try await TrackingTaskStarter().waitForAll()
            }
        }
    }

    @Test(
        "a child whose wait is over at once (no step ended) leaves no trace: its owner's deadlock is still reported at once",
        arguments: WaitOverAlready.allCases)
    func childWhoseWaitIsOverLeavesNoTrace(_ wait: WaitOverAlready) async throws {
        var exploration: Exploration?
        let failures = try await capturingRoutedFailures {
            // A deadlock, not a task stuck past this deadline (which is what a child left away made
            // of it).
            exploration = try await explore(stepTimeout: .seconds(20)) { schedule in
                let gate = Gate("nobody opens")
                schedule.start("owner") {
                    async let child: Void = wait.wait()
                    try await child
                    try await gate.arrive()
                }
            }
        }
        #expect(try #require(exploration).failed)
        try #require(failures.count == 2)
        #expect(
            failures[0].message.hasPrefix(
                """
                Deadlock in interleaving 1: no controlled task can go on, and no deadline is pending on the clock:
                  'owner' waits for Gate "nobody opens"
                """), "\(failures[0].message)")
    }
}
#endif
