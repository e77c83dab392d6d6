#if canImport(Testing)
import Foundation
import RundownTestSupport
import Testing

@testable import RundownConcurrency

/// Behaviour#Virtual-time.
@Suite("Exploring: virtual time", .timeLimit(.minutes(1)))
struct VirtualClockTests {
    @Test("an hour's sleep takes no wall time and moves the clock by an hour")
    func sleepingTakesNoWallTime() async throws {
        let began = ContinuousClock.now
        let woke = Locked<[Duration]>([])
        let exploration = try await explore { schedule in
            let start = schedule.clock.now
            schedule.start("sleeper") {
                try await schedule.clock.sleep(for: .seconds(3600))
                woke.withLock { $0.append(start.duration(to: schedule.clock.now)) }
            }
            try await schedule.finish()
            #expect(schedule.clock.now == start.advanced(by: .seconds(3600)))
        }
        #expect(exploration.interleavings == 1)
        #expect(woke.current == [.seconds(3600)])
        // A real sleep would take an hour; a loaded machine takes seconds at worst, so the bound
        // only has to be far below the hour (and the suite's minute stops a real one anyway).
        #expect(ContinuousClock.now - began < .seconds(50))
    }

    @Test("a 1-second timer racing a response is tried in both orders")
    func timerRacingAResponse() async throws {
        let outcomes = Locked<Set<[String]>>([])
        let exploration = try await explore { schedule in
            let log = EventLog()
            schedule.start("timer") {
                try await Task.sleep(until: schedule.clock.now.advanced(by: .seconds(1)), clock: schedule.clock)
                log.append("timeout at \(schedule.clock.now)")
            }
            schedule.start("request") {
                await schedule.point("response")
                log.append("response at \(schedule.clock.now)")
            }
            try await schedule.finish()
            outcomes.withLock { _ = $0.insert(log.all) }
        }
        #expect(
            outcomes.current == [
                ["timeout at +1.0 seconds", "response at +1.0 seconds"],
                ["response at +0.0 seconds", "timeout at +1.0 seconds"],
                ["response at +1.0 seconds", "timeout at +1.0 seconds"],
            ])
        #expect(exploration.interleavings > 3)
    }

    @Test("the interleaving of a failing run shows the sleep and the clock moving")
    func clockStepsAreNamed() async throws {
        let failures = try await capturingRoutedFailures {
            try await explore { schedule in
                let timedOut = Locked(false)
                schedule.start("timer") {
                    try await schedule.clock.sleep(for: .seconds(1))
                    timedOut.withLock { $0 = true }
                }
                try await schedule.finish()
                if timedOut.current { FailureRouting.record(ConcurrencyFailure("timed out")) }
            }
        }
        try #require(failures.count == 2)
        #expect(
            failures[1].message.hasPrefix(
                "explore(.everyInterleaving()) failed in interleaving 1: timer: start → sleep 1.0 seconds; the clock: → 1.0 seconds; timer: → end"
            ))
    }

    @Test("a sleeping task that is cancelled wakes at once with CancellationError")
    func cancelledSleep() async throws {
        let seen = Locked<[String]>([])
        try await explore { schedule in
            let sleeper = schedule.tasks.start(name: "sleeper") {
                do {
                    try await schedule.clock.sleep(for: .seconds(3600))
                    seen.withLock { $0.append("woke") }
                } catch {
                    seen.withLock { $0.append("\(type(of: error)) at \(schedule.clock.now)") }
                }
            }
            schedule.start("canceller") {
                await schedule.point("cancel")
                sleeper.cancel()
            }
        }
        #expect(seen.current.contains("CancellationError at +0.0 seconds"))
        #expect(seen.current.contains("woke"))
    }
}
#endif
