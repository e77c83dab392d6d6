#if canImport(Testing)
import Foundation
import RundownCore
import RundownTestSupport
import Testing

@testable import RundownConcurrency

/// Behaviour#Virtual-time: virtual time never passes a deadline whose sleeper has not taken its
/// step, and only controlled tasks (and the body) may sleep on the schedule's clock.
@Suite("Exploring: virtual deadlines", .timeLimit(.minutes(1)))
struct VirtualDeadlineTests {
    @Test("a 1-second sleeper always takes its step before a 3-second one, whatever the order they slept in")
    func earliestDeadlineFirst() async throws {
        let orders = Locked<Set<[String]>>([])
        let exploration = try await explore { schedule in
            let log = EventLog()
            schedule.start("3 s") {
                try await schedule.clock.sleep(for: .seconds(3))
                log.append("3 s at \(schedule.clock.now)")
            }
            schedule.start("1 s") {
                try await schedule.clock.sleep(for: .seconds(1))
                log.append("1 s at \(schedule.clock.now)")
            }
            try await schedule.finish()
            orders.withLock { _ = $0.insert(log.all) }
        }
        #expect(!exploration.failed)
        #expect(orders.current == [["1 s at +1.0 seconds", "3 s at +3.0 seconds"]])
    }

    @Test("a 1-second timeout always beats a 3-second response")
    func timeoutBeatsASlowResponse() async throws {
        let outcomes = Locked<Set<String>>([])
        let exploration = try await explore { schedule in
            let result = Locked<String?>(nil)
            schedule.start("response") {
                try await schedule.clock.sleep(for: .seconds(3))
                result.withLock { $0 = $0 ?? "response" }
            }
            schedule.start("timeout") {
                try await schedule.clock.sleep(for: .seconds(1))
                result.withLock { $0 = $0 ?? "timeout" }
            }
            try await schedule.finish()
            outcomes.withLock { _ = $0.insert(result.current ?? "none") }
        }
        #expect(!exploration.failed)
        #expect(outcomes.current == ["timeout"])
    }

    @Test("a task that wakes with others at one deadline still races them")
    func sameDeadlineRaces() async throws {
        let orders = Locked<Set<[String]>>([])
        try await explore { schedule in
            let log = EventLog()
            for name in ["A", "B"] {
                schedule.start(name) {
                    try await schedule.clock.sleep(for: .seconds(1))
                    log.append(name)
                }
            }
            try await schedule.finish()
            orders.withLock { _ = $0.insert(log.all) }
        }
        #expect(orders.current == [["A", "B"], ["B", "A"]])
    }

    @Test("a sleep on the schedule's clock in a plain Task {} a controlled task starts fails, saying what to do")
    func sleepInAPlainTaskOfAControlledTask() async throws {
        let line = SourceLine.marked("start with a plain task that sleeps")
        var exploration: Exploration?
        let failures = try await capturingRoutedFailures {
            exploration = try await explore { schedule in
                let clock = schedule.clock
                schedule.start("request") {  // line: start with a plain task that sleeps
                    let sleeper = Task {
                        try await clock.sleep(for: .seconds(3))
                        return "response"
                    }
                    _ = await sleeper.result
                }
            }
        }
        #expect(exploration?.failed == true)
        try #require(failures.count == 2)
        #expect(
            failures[0].message
                == "schedule.clock.sleep was called from a task the explorer does not control, started inside controlled task 'request' (a child task, async let, or Task {}): virtual time cannot take turns with it, so it cannot wait there. Start the work that sleeps with schedule.start or schedule.tasks, or sleep in the controlled task itself."
        )
        #expect(failures[0].place == "VirtualDeadlineTests.swift:\(line)")
        #expect(
            failures[1].message.hasPrefix("explore(.everyInterleaving()) failed in interleaving 1: request: start\n"))
    }

    @Test("a sleep in a plain Task {} the body starts fails the same way")
    func sleepInATaskOfTheBody() async throws {
        let failures = try await capturingRoutedFailures {
            try await explore { schedule in
                let clock = schedule.clock
                let sleeper = Task { try await clock.sleep(for: .seconds(1)) }
                _ = await sleeper.result
                #expect(clock.now == VirtualClock.Instant(sinceStart: .zero))
            }
        }
        try #require(failures.count == 2)
        #expect(
            failures[0].message.hasPrefix(
                "schedule.clock.sleep was called from a task the explorer does not control (a Task {} or a child task of the body)"
            ))
    }

    @Test("a sleep in the body itself moves the clock at once")
    func bodySleepMovesTheClock() async throws {
        let exploration = try await explore { schedule in
            try await schedule.clock.sleep(for: .seconds(5))
            #expect(schedule.clock.now == VirtualClock.Instant(sinceStart: .seconds(5)))
        }
        #expect(!exploration.failed)
    }
}
#endif
