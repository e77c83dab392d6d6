#if canImport(Testing)
import Foundation
import RundownCore
import RundownTestSupport
import Testing

@testable import RundownConcurrency

/// Behaviour#Child-tasks-are-controlled: child tasks (task groups, `async let`) of a controlled
/// task that reach the schedule become controlled tasks of the run, named after their owner, and
/// take turns with everything else; a plain `Task {}` does not.
@Suite("Exploring: child tasks", .timeLimit(.minutes(1)))
struct ChildTaskTests {
    /// The usual timeout: a task group races `response` against a 1-second timer and keeps the
    /// first answer.
    static func firstAnswer(
        _ schedule: Schedule, response: @escaping @Sendable () async throws -> String
    ) async throws -> String? {
        let clock = schedule.clock
        return try await withThrowingTaskGroup(of: String.self) { group in
            group.addTask { try await response() }
            group.addTask {
                try await clock.sleep(for: .seconds(1))
                return "timeout"
            }
            defer { group.cancelAll() }
            return try await group.next()
        }
    }

    struct WrongWinner: Error, CustomStringConvertible {
        let winner: String?
        var description: String { "\(winner ?? "nothing") won" }
    }

    @Test("the task-group timeout: a 1-second timeout child beats a 3-second response child in every order")
    func taskGroupTimeout() async throws {
        let outcomes = Locked<Set<String>>([])
        let exploration = try await explore { schedule in
            let clock = schedule.clock
            schedule.start("request") {
                let winner = try await Self.firstAnswer(schedule) {
                    try await clock.sleep(for: .seconds(3))
                    return "response"
                }
                outcomes.withLock { _ = $0.insert("\(winner ?? "none") at \(clock.now)") }
            }
        }
        #expect(!exploration.failed)
        #expect(exploration.ranEveryOrder)
        #expect(outcomes.current == ["timeout at +1.0 seconds"])
    }

    @Test("with equal deadlines either child can win, and both orders are explored")
    func equalDeadlinesRace() async throws {
        let outcomes = Locked<Set<String>>([])
        let exploration = try await explore { schedule in
            let clock = schedule.clock
            schedule.start("request") {
                let winner = try await Self.firstAnswer(schedule) {
                    try await clock.sleep(for: .seconds(1))
                    return "response"
                }
                outcomes.withLock { _ = $0.insert(winner ?? "none") }
            }
        }
        #expect(!exploration.failed)
        #expect(outcomes.current == ["response", "timeout"])
    }

    @Test("a response that arrives at a point wins before the deadline or at it, and the timeout wins only at it")
    func responseAtAPointRacesTheTimeout() async throws {
        let outcomes = Locked<Set<String>>([])
        let exploration = try await explore { schedule in
            let clock = schedule.clock
            schedule.start("request") {
                let winner = try await Self.firstAnswer(schedule) {
                    await schedule.point("response arrives")
                    return "response"
                }
                outcomes.withLock { _ = $0.insert("\(winner ?? "none") at \(clock.now)") }
            }
        }
        #expect(!exploration.failed)
        #expect(
            outcomes.current == ["response at +0.0 seconds", "response at +1.0 seconds", "timeout at +1.0 seconds"])
    }

    // reaches: ToolkitFailure
    @Test("a failing order names the children after their owner, and its token replays it")
    func failureNamesTheChildren() async throws {
        let body: @Sendable (Schedule) async throws -> Void = { schedule in
            schedule.start("request") {  // line: the request that expects the response
                let winner = try await Self.firstAnswer(schedule) {
                    await schedule.point("response arrives")
                    return "response"
                }
                if winner != "response" { throw WrongWinner(winner: winner) }
            }
        }
        var exploration: Exploration?
        let failures = try await capturingRoutedFailures {
            exploration = try await explore { schedule in try await body(schedule) }
        }
        let found = try #require(exploration)
        #expect(found.failed)
        try #require(failures.count == 2)
        #expect(failures[0].message == "Controlled task 'request' threw an error: timeout won")
        let startLine = SourceLine.marked("the request that expects the response")
        #expect(failures[0].place == "ChildTaskTests.swift:\(startLine)")
        let token = try #require(found.replayToken)
        #expect(
            failures[1].message
                == "explore(.everyInterleaving()) failed in interleaving \(found.interleavings): request.1: start → response arrives; request.2: start → sleep 1.0 seconds; request: start → awaits its child tasks; the clock: → 1.0 seconds; request.2: → end; request: → end; request.1: → end\nReplay it with explore(.replay(\"\(token)\")), or with RUNDOWN_SCHEDULE=\(token)"
        )
        for _ in 0..<3 {
            let replayed = try await capturingRoutedFailures {
                let again = try await explore(.replay(token)) { schedule in try await body(schedule) }
                #expect(again.failed)
                #expect(again.interleavings == 1)
            }
            #expect(replayed.count == 2)
        }
    }

    @Test("the steps of two async let children interleave in every order, after their first steps in start order")
    func asyncLetChildrenInterleave() async throws {
        let orders = Locked<Set<[String]>>([])
        let exploration = try await explore { schedule in
            let log = EventLog()
            schedule.start("owner") {
                async let a = Self.twoSteps("a", schedule, log)
                async let b = Self.twoSteps("b", schedule, log)
                let both = await [a, b]
                log.append("owner got \(both.joined())")
            }
            try await schedule.finish()
            orders.withLock { _ = $0.insert(log.all) }
        }
        #expect(!exploration.failed)
        #expect(exploration.ranEveryOrder)
        // The first steps run inside the owner's step, in start order; the four steps after them
        // (two of each child) interleave in all 6 ways.
        let merges: [[String]] = [
            ["a2", "a3", "b2", "b3"], ["a2", "b2", "a3", "b3"], ["a2", "b2", "b3", "a3"],
            ["b2", "a2", "a3", "b3"], ["b2", "a2", "b3", "a3"], ["b2", "b3", "a2", "a3"],
        ]
        #expect(orders.current == Set(merges.map { ["a1", "b1"] + $0 + ["owner got ab"] }))
        #expect(exploration.interleavings == 6)
    }

    @Test("children that take two locks in opposite orders deadlock, reported at once, naming them and their owner")
    func childrenDeadlock() async throws {
        var exploration: Exploration?
        let failures = try await capturingRoutedFailures {
            exploration = try await explore { schedule in
                let accounts = AsyncLock("accounts")
                let ledger = AsyncLock("ledger")
                schedule.start("bank") {
                    async let transfer: Void = accounts.withLock {
                        await schedule.point("debited")
                        try await ledger.withLock {}
                    }
                    async let audit: Void = ledger.withLock {
                        await schedule.point("counted")
                        try await accounts.withLock {}
                    }
                    _ = try await (transfer, audit)
                }
            }
        }
        let found = try #require(exploration)
        #expect(found.failed)
        try #require(failures.count == 2)
        #expect(
            failures[0].message.hasPrefix(
                """
                Deadlock in interleaving \(found.interleavings): no controlled task can go on, and no deadline is pending on the clock:
                  'bank' waits for its child tasks 'bank.1', 'bank.2'
                  'bank.1' waits for AsyncLock "ledger", held by 'bank.2'
                  'bank.2' waits for AsyncLock "accounts", held by 'bank.1'
                """))
        #expect(!failures.contains { $0.message.contains("neither reached a schedule point") })
    }

    @Test("random and PCT runs of children repeat themselves: no run is reported as not deterministic")
    func childrenAreDeterministic() async throws {
        for strategy in [ExplorationStrategy.random(runs: 200, seed: 7), .pct(runs: 200, seed: 7)] {
            let exploration = try await explore(strategy) { schedule in
                schedule.start("owner") {
                    try await withThrowingTaskGroup(of: Void.self) { group in
                        for index in 1...3 {
                            group.addTask {
                                await schedule.point("\(index) begins")
                                try await schedule.clock.sleep(for: .milliseconds(index * 10))
                                await schedule.point("\(index) ends")
                            }
                        }
                        try await group.waitForAll()
                    }
                }
                schedule.start("bystander") {
                    await schedule.point("looks")
                }
            }
            #expect(!exploration.failed)
            #expect(exploration.interleavings == 200)
        }
    }

    @Test("children of a retry loop, one task group after another, are new children each time, in every run")
    func retryLoopMakesNewChildren() async throws {
        for strategy in [ExplorationStrategy.everyInterleaving(), .random(runs: 100, seed: 3)] {
            let exploration = try await explore(strategy) { schedule in
                let attempts = Locked<[String]>([])
                schedule.start("retry") {
                    for attempt in 1...3 {
                        let answer = try await Self.firstAnswer(schedule) {
                            await schedule.point("response \(attempt)")
                            return "response"
                        }
                        attempts.withLock { $0.append(answer ?? "none") }
                        if answer == "response" { break }
                    }
                }
                schedule.start("bystander") {
                    await schedule.point("looks")
                }
                try await schedule.finish()
                #expect(attempts.current.last == "response" || attempts.current.count == 3)
            }
            #expect(!exploration.failed)
        }
    }

    /// The assumption ``RunExecutor/currentTaskKey`` rests on: a job's description names its task
    /// by an ID that differs between tasks and stays with a task across its jobs.
    @available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, visionOS 2.0, *)
    @Test("the run executor tells the tasks of its jobs apart, and a task keeps its key across its jobs")
    func taskKeysTellTasksApart() async throws {
        let executor = RunExecutor { _ in }
        let keys = try await withTaskExecutorPreference(executor) {
            try await withThrowingTaskGroup(of: [String?].self) { group in
                for _ in 0..<3 {
                    group.addTask {
                        let first = executor.currentTaskKey
                        await Task.yield()
                        return [first, executor.currentTaskKey]
                    }
                }
                return try await group.reduce(into: []) { $0.append($1) }
            }
        }
        #expect(keys.count == 3)
        for pair in keys {
            #expect(pair[0] != nil)
            #expect(pair[0] == pair[1])
        }
        #expect(Set(keys.map { $0[0] }).count == 3)
        #expect(executor.currentTaskKey == nil)
    }

    @Test("a plain Task {} inside a controlled task is no child: its points return at once and its sleep fails the run")
    func aPlainTaskIsNoChild() async throws {
        let failures = try await capturingRoutedFailures {
            try await explore { schedule in
                let clock = schedule.clock
                schedule.start("request") {
                    let plain = Task {
                        await schedule.point("never a step")
                        try await clock.sleep(for: .seconds(1))
                    }
                    _ = await plain.result
                }
            }
        }
        try #require(failures.count == 2)
        #expect(
            failures[0].message.hasPrefix(
                "schedule.clock.sleep was called from a task the explorer does not control, started inside controlled task 'request'"
            ))
        #expect(failures[1].message.contains("request: start"))
    }

    @Test("children of a main-actor task take turns too: the timeout races a response at a point")
    @MainActor func mainActorOwnerChildrenTakeTurns() async throws {
        let outcomes = Locked<Set<String>>([])
        let exploration = try await explore { schedule in
            let clock = schedule.clock
            schedule.start("request") {
                MainActor.assertIsolated()
                let winner = try await Self.firstAnswer(schedule) {
                    await schedule.point("response arrives")
                    return "response"
                }
                MainActor.assertIsolated()
                outcomes.withLock { _ = $0.insert("\(winner ?? "none") at \(clock.now)") }
            }
        }
        #expect(!exploration.failed)
        #expect(
            outcomes.current == ["response at +0.0 seconds", "response at +1.0 seconds", "timeout at +1.0 seconds"])
    }

    @Test("async let children of a main-actor task interleave in every order, as a nonisolated owner's do")
    @MainActor func mainActorAsyncLetChildren() async throws {
        let orders = Locked<Set<[String]>>([])
        let exploration = try await explore(.random(runs: 100, seed: 5)) { schedule in
            let log = EventLog()
            schedule.start("owner") {
                async let a = Self.fetch("a", schedule, log: log)
                async let b = Self.fetch("b", schedule, log: log)
                let both = await [a, b]
                log.append("owner got \(both.joined())")
            }
            try await schedule.finish()
            orders.withLock { _ = $0.insert(log.all) }
        }
        #expect(!exploration.failed)
        #expect(orders.current.allSatisfy { $0.last == "owner got ab" && $0.count == 5 })
        #expect(orders.current.count == 6)
    }

    @MainActor final class FeedModel {
        private(set) var items: [String] = []

        func load(_ schedule: Schedule, log: EventLog) async {
            async let first = ChildTaskTests.fetch("a", schedule, log: log)
            async let second = ChildTaskTests.fetch("b", schedule, log: log)
            items = await [first, second]
        }
    }

    /// A child of two steps, logging before, between and after them: `a1`, `a2`, `a3`.
    nonisolated static func twoSteps(_ name: String, _ schedule: Schedule, _ log: EventLog) async -> String {
        log.append("\(name)1")
        return await fetch(name, schedule, log: log)
    }

    /// A child of two steps, logging between and after them: `a2`, `a3`.
    nonisolated static func fetch(_ name: String, _ schedule: Schedule, log: EventLog) async -> String {
        await schedule.point("\(name) half")
        log.append("\(name)2")
        await schedule.point("\(name) done")
        log.append("\(name)3")
        return name
    }

    @Test("the article's advice: a main-actor method that starts children, called from a main-actor task")
    func mainActorMethodStartingChildren() async throws {
        for _ in 0..<5 {
            let orders = Locked<Set<[String]>>([])
            let exploration = try await explore { schedule in
                let log = EventLog()
                let model = FeedModel()
                schedule.start("load") { @MainActor in await model.load(schedule, log: log) }
                try await schedule.finish()
                #expect(await model.items == ["a", "b"])
                orders.withLock { _ = $0.insert(log.all) }
            }
            #expect(!exploration.failed)
            #expect(exploration.interleavings == 6)
            #expect(orders.current.count == 6)
        }
    }
}
#endif
