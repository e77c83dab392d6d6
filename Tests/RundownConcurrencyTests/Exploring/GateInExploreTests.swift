#if canImport(Testing)
import RundownTestSupport
import Testing

@testable import RundownConcurrency

/// Behaviour#Waits-inside-explore for gates: a controlled task at a closed gate, or waiting for
/// arrivals, is blocked until another step opens the gate or arrives; a gate nobody opens is a
/// deadlock (Behaviour#A-deadlock-fails-at-once).
@Suite("Exploring: gates inside controlled tasks", .timeLimit(.minutes(1)))
struct GateInExploreTests {
    @Test("a task blocked on a gate another controlled task opens is never reported stuck, in any order")
    func openedGateIsNeverStuck() async throws {
        let runs = Locked(0)
        let failures = try await capturingRoutedFailures {
            let exploration = try await explore { schedule in
                let response = Gate("response")
                let log = Locked<[String]>([])
                schedule.start("waiter") {
                    try await response.arrive()
                    log.withLock { $0.append("passed") }
                }
                schedule.start("opener") {
                    await schedule.point("working")
                    log.withLock { $0.append("opening") }
                    response.open()
                    await schedule.point("opened")
                }
                try await schedule.finish()
                #expect(log.current.firstIndex(of: "opening")! < log.current.firstIndex(of: "passed")!)
                runs.withLock { $0 += 1 }
            }
            #expect(!exploration.failed)
            #expect(exploration.ranEveryOrder)
            #expect(exploration.interleavings == runs.current)
        }
        #expect(failures.isEmpty)
        #expect(runs.current > 1)
    }

    @Test("two test doubles wait for each other through gates: one waits until the other is parked, then opens")
    func doublesWaitForEachOther() async throws {
        let exploration = try await explore { schedule in
            let request = Gate("request")
            let served = Locked(false)
            schedule.start("client") {
                try await request.arrive()
                #expect(served.current)
            }
            schedule.start("server") {
                try await request.waitUntilParked()
                served.withLock { $0 = true }
                request.open()
            }
            try await schedule.finish()
        }
        #expect(!exploration.failed)
        #expect(exploration.ranEveryOrder)
    }

    @Test("a gate nobody opens is a deadlock, reported at once, naming the task and the gate")
    func unopenedGateIsADeadlock() async throws {
        let failures = try await capturingRoutedFailures {
            let exploration = try await explore { schedule in
                let gate = Gate("never opened")
                schedule.start("waiter") { try await gate.arrive() }  // line: gate waiter starts
                schedule.start("other") { await schedule.point("busy") }
                try await schedule.finish()
            }
            #expect(exploration.failed)
        }
        try #require(failures.count == 2)
        #expect(
            failures[0].message.hasPrefix(
                "Deadlock in interleaving 1: no controlled task can go on, and no deadline is pending on the clock:\n  'waiter' waits for Gate \"never opened\" (not opened; 1 parked"
            ))
        #expect(failures[0].place == "GateInExploreTests.swift:\(SourceLine.marked("gate waiter starts"))")
        #expect(
            failures[1].message.hasPrefix(
                "explore(.everyInterleaving()) failed in interleaving 1: waiter: start → arrive \"never opened\"; other: start → busy → end\n"
            ))
    }
}
#endif
