#if canImport(Testing)
import RundownTestSupport
import Testing

@testable import RundownConcurrency

/// Behaviour#Waits-inside-explore for `eventually`: in a controlled task it waits between checks
/// on the schedule's virtual clock, so it passes or fails on virtual time, whatever wall time the
/// machine takes.
@Suite("Exploring: eventually inside controlled tasks", .timeLimit(.minutes(1)))
struct EventuallyInExploreTests {
    @Test("it passes when another task sets the flag before the virtual deadline, in every order")
    func passesOnVirtualTime() async throws {
        let exploration = try await explore { schedule in
            let flag = Locked(false)
            schedule.start("watcher") {
                try await eventually("the flag is set", within: .seconds(60)) { flag.current }
            }
            schedule.start("setter") {
                // Half a virtual minute: no wall time at all. (A point here would let the clock
                // move past the deadline while the setter waits at it, which stands for a wait of
                // any length: that order fails, rightly.)
                try await schedule.clock.sleep(for: .seconds(30))
                flag.withLock { $0 = true }
            }
            try await schedule.finish()
            #expect(schedule.clock.now.sinceStart >= .seconds(30))
            #expect(schedule.clock.now.sinceStart < .seconds(60))
        }
        #expect(!exploration.failed)
        #expect(exploration.ranEveryOrder)
    }

    @Test("it fails when the flag comes after the virtual deadline, after the same checks in every run")
    func failsOnVirtualTime() async throws {
        let failures = try await capturingRoutedFailures {
            let exploration = try await explore { schedule in
                let flag = Locked(false)
                schedule.start("watcher") {
                    let flagIsSet = { flag.current }
                    try await eventually("the flag is set", within: .seconds(1), flagIsSet)  // line: poll
                }
                schedule.start("setter") {
                    try await schedule.clock.sleep(for: .seconds(3))
                    flag.withLock { $0 = true }
                }
                try await schedule.finish()
            }
            #expect(exploration.failed)
        }
        try #require(failures.count == 2)
        // Checks at 0, after pauses of 1, 2, 4, 8, 16 and 32 ms (63 ms), then every 50 ms up to
        // 1013 ms, clipped to the deadline at 1 s: 26 checks, the same on any machine.
        let line = SourceLine.marked("poll")
        #expect(failures[0].message.hasPrefix("Controlled task 'watcher' threw an error: "))
        #expect(failures[0].message.contains("eventually(\"the flag is set\")"))
        #expect(failures[0].message.contains("did not hold within 1.0 seconds (26 checks); last seen: false"))
        #expect(failures[0].message.contains("EventuallyInExploreTests.swift:\(line)"))
        #expect(failures[1].message.hasPrefix("explore(.everyInterleaving()) failed in interleaving 1: "))
    }

    @Test("outside explore, and in the body, it keeps polling in wall time")
    func outsideExploreItPollsInWallTime() async throws {
        let exploration = try await explore { schedule in
            let flag = Locked(false)
            schedule.start("setter") { flag.withLock { $0 = true } }
            try await schedule.finish()
            try await eventually("the flag is set", within: .seconds(5)) { flag.current }
            #expect(schedule.clock.now.sinceStart == .zero)
        }
        #expect(!exploration.failed)
    }
}
#endif
