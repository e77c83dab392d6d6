#if canImport(Testing)
import Foundation
import RundownCore
import RundownTestSupport
import Testing

@testable import RundownConcurrency

/// Two controlled tasks of two steps each, started on `schedule`.
private func startTwoTasks(on schedule: Schedule) {
    schedule.start("A") { await schedule.point("a1") }
    schedule.start("B") { await schedule.point("b1") }
}

/// Behaviour#A-failing-interleaving-can-be-replayed: a failing order is replayed once before it is
/// reported, and a body that does not repeat itself gets no replay token.
@Suite("Exploring: a body that does not repeat itself", .timeLimit(.minutes(1)))
struct ExploreDeterminismTests {
    // reaches: ToolkitFailure
    @Test(
        "a failure that depends on a count kept between runs is reported as a body that is not deterministic, with no token"
    )
    func failureDependsOnARunCount() async throws {
        let runs = Locked(0)
        let line = SourceLine.marked("explore counting runs")
        var exploration: Exploration?
        let failures = try await capturingRoutedFailures {
            exploration = try await explore { schedule in  // line: explore counting runs
                let run = runs.withLock { runs in
                    runs += 1
                    return runs
                }
                startTwoTasks(on: schedule)
                try await schedule.finish()
                if run == 2 { FailureRouting.record(ConcurrencyFailure("run 2 fails")) }
            }
        }
        let result = try #require(exploration)
        #expect(result.failed)
        #expect(result.interleavings == 2)
        #expect(result.replayToken == nil)
        try #require(failures.count == 2)
        #expect(failures[0].message == "run 2 fails")
        #expect(
            failures[1].message
                == "explore(.everyInterleaving()) failed in interleaving 2: A: start → a1; B: start → b1; A: → end; B: → end. Replayed at once, the same order passed: the body is not deterministic, so no replay token would reproduce the failure. The failure depends on something outside the schedule: state kept between runs (a count, a cache), real time or randomness. Make everything a run uses inside the body, from the schedule it is given."
        )
        #expect(failures[1].place == "ExploreDeterminismTests.swift:\(line)")
    }

    @Test("an #expect that fails in one run only is reported where it failed, then as not deterministic, with no token")
    func expectationDependsOnARunCount() async throws {
        let runs = Locked(0)
        let expectLine = SourceLine.marked("expect on run 3")
        var exploration: Exploration?
        let issues = try await capturingIssues {
            exploration = try await explore { schedule in
                let run = runs.withLock { runs in
                    runs += 1
                    return runs
                }
                startTwoTasks(on: schedule)
                try await schedule.finish()
                #expect(run != 3)  // line: expect on run 3
            }
        }
        #expect(exploration?.failed == true)
        #expect(exploration?.replayToken == nil)
        try #require(issues.count == 2)
        #expect(issues[0].location == "ExploreDeterminismTests.swift:\(expectLine)")
        #expect(issues[1].text.contains("failed in interleaving 3: "))
        #expect(issues[1].text.contains("Replayed at once, the same order passed: the body is not deterministic"))
        #expect(!issues[1].text.contains("RUNDOWN_SCHEDULE"))
        #expect(!issues[1].text.contains(".replay("))
    }

    @Test("a failing order that fails again when replayed is reported once, with its token")
    func deterministicFailureKeepsItsToken() async throws {
        let runs = Locked(0)
        var exploration: Exploration?
        let failures = try await capturingRoutedFailures {
            exploration = try await explore { schedule in
                runs.withLock { $0 += 1 }
                let order = EventLog()
                schedule.start("A") {
                    await schedule.point("a1")
                    order.append("A")
                }
                schedule.start("B") {
                    await schedule.point("b1")
                    order.append("B")
                }
                try await schedule.finish()
                if order.all == ["B", "A"] { FailureRouting.record(ConcurrencyFailure("B first")) }
            }
        }
        let result = try #require(exploration)
        #expect(result.failed)
        #expect(result.replayToken != nil)
        // The failing run, then its replay: one more run than the interleavings counted.
        #expect(runs.current == result.interleavings + 1)
        try #require(failures.count == 2)
        #expect(failures[0].message == "B first")
        #expect(failures[1].message.contains("Replay it with explore(.replay(\"\(result.replayToken ?? "")\"))"))
    }

    @Test("a run that takes another step before a choice it replays is reported as not deterministic")
    func anotherStepInTheReplayedPrefix() async throws {
        let runs = Locked(0)
        var exploration: Exploration?
        let failures = try await capturingRoutedFailures {
            exploration = try await explore { schedule in
                let run = runs.withLock { runs in
                    runs += 1
                    return runs
                }
                // Run 2 replays run 1's first choice, and A's first step then ends at another point.
                schedule.start("A") {
                    if run == 2 { await schedule.point("extra") }
                    await schedule.point("a1")
                }
                schedule.start("B") {}
            }
        }
        let result = try #require(exploration)
        #expect(result.failed)
        #expect(result.replayToken == nil)
        try #require(failures.count == 2)
        #expect(
            failures[0].message.hasPrefix(
                "The body of explore is not deterministic: in interleaving 2, before choice 2 the earlier run took the steps 'A: start → a1' but this run took 'A: start → extra'."
            ))
        #expect(!failures[1].message.contains("Replay it with"))
    }

    @Test("a run that only diverged prints the steps it took, and no replay token")
    func divergedRunHasNoToken() async throws {
        let runs = Locked(0)
        var exploration: Exploration?
        let failures = try await capturingRoutedFailures {
            exploration = try await explore { schedule in
                let count = runs.withLock { runs in
                    runs += 1
                    return runs == 1 ? 2 : 3
                }
                for index in 0..<count {
                    schedule.start("task \(index)") { await schedule.point("p") }
                }
            }
        }
        let result = try #require(exploration)
        #expect(result.failed)
        #expect(result.replayToken == nil)
        try #require(failures.count == 2)
        #expect(failures[0].message.hasPrefix("The body of explore is not deterministic: in interleaving 2,"))
        #expect(failures[1].message == "explore(.everyInterleaving()) failed in interleaving 2: (no steps)")
    }

    @Test("with nothing to record them, a failure that does not repeat is thrown as not deterministic, with no token")
    func hostlessFailureThatDoesNotRepeat() async throws {
        struct Flaky: Error {}
        let outcome = await Task.detached { () -> (any Error)? in
            let runs = Locked(0)
            do {
                try await explore { schedule in
                    let run = runs.withLock { runs in
                        runs += 1
                        return runs
                    }
                    startTwoTasks(on: schedule)
                    try await schedule.finish()
                    if run == 1 { throw Flaky() }
                }
                return nil
            } catch {
                return error
            }
        }.value
        let failure = try #require(outcome as? ExplorationFailure)
        try #require(failure.failures.count == 2)
        #expect(failure.failures[0].hasSuffix("The body of explore threw an error: Flaky()"))
        #expect(failure.failures[1].contains("failed in interleaving 1: A: start → a1 → end; B: start → b1 → end."))
        #expect(failure.failures[1].contains("Replayed at once, the same order passed"))
        #expect(failure.exploration.failed)
        #expect(failure.exploration.replayToken == nil)
    }
}
#endif
