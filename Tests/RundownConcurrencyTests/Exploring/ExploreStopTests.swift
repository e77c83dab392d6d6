#if canImport(Testing)
import Foundation
import RundownCore
import RundownTestSupport
import Testing

@testable import RundownConcurrency

/// Behaviour#A-stuck-task-fails: a run that cannot go on (a stuck task, a stalled body, a cancelled
/// test) is reported once, with the steps it took, and a cancelled one without a replay token.
@Suite("Exploring: runs that stop", .timeLimit(.minutes(2)))
struct ExploreStopTests {
    @Test("a stalled body is reported once: the task it kept waiting does not fail again at its point")
    func stalledBodyIsReportedOnce() async throws {
        let failures = try await capturingRoutedFailures {
            let exploration = try await explore(stepTimeout: .milliseconds(200)) { schedule in
                let task = schedule.tasks.start(name: "load") {
                    await schedule.point("request")
                    return 42
                }
                // The task would take its first step at finish(); awaiting it first waits forever.
                _ = await task.value
            }
            #expect(exploration.failed)
        }
        try #require(failures.count == 2)
        #expect(failures[0].message.hasPrefix("Controlled task 'load' waited 0.2 seconds for its first step"))
        #expect(failures[1].message.hasPrefix("explore(.everyInterleaving()) failed in interleaving 1: load: start\n"))
        #expect(!failures.contains { $0.message.contains("was called after interleaving") })
    }

    @Test("the interleaving of a stuck run lists the steps taken and where the stuck task is, nothing it never did")
    func stuckRunShowsOnlyTheStepsTaken() async throws {
        let failures = try await capturingRoutedFailures {
            try await explore(stepTimeout: .milliseconds(200)) { schedule in
                schedule.start("A") { await schedule.point("a1") }
                schedule.start("B") {
                    // Real time, which the explorer does not control: never a point.
                    try await Task.sleep(for: .seconds(60))
                }
            }
        }
        try #require(failures.count == 2)
        #expect(failures[0].message.hasPrefix("Controlled task 'B' neither reached a schedule point nor ended"))
        #expect(
            failures[1].message.hasPrefix(
                "explore(.everyInterleaving()) failed in interleaving 1: A: start → a1 → end; B: start\n"))
        #expect(!failures[1].message.contains("B: start → end"))
    }

    @Test("a task stuck in the first step of a run is shown at its start, never as (no steps)")
    func stuckInTheFirstStep() async throws {
        let failures = try await capturingRoutedFailures {
            try await explore(stepTimeout: .milliseconds(200)) { schedule in
                schedule.start("stuck") { try await Task.sleep(for: .seconds(60)) }
            }
        }
        try #require(failures.count == 2)
        #expect(failures[1].message.hasPrefix("explore(.everyInterleaving()) failed in interleaving 1: stuck: start\n"))
        #expect(!failures[1].message.contains("(no steps)"))
    }

    @Test("a cancelled exploration is reported as cancelled, once, with no replay token")
    func cancelledExploration() async throws {
        let runs = Locked(0)
        let line = SourceLine.marked("explore cancelled")
        var exploration: Exploration?
        let failures = try await capturingRoutedFailures {
            exploration = try await Task {
                try await explore { schedule in  // line: explore cancelled
                    let run = runs.withLock { runs in
                        runs += 1
                        return runs
                    }
                    schedule.start("A") { await schedule.point("a1") }
                    schedule.start("B") { await schedule.point("b1") }
                    // The test is cancelled while the third order runs.
                    if run == 3 { withUnsafeCurrentTask { $0?.cancel() } }
                    try await schedule.finish()
                }
            }.value
        }
        let result = try #require(exploration)
        #expect(result.failed)
        #expect(result.replayToken == nil)
        #expect(result.interleavings == 3)
        #expect(runs.current == 3)
        try #require(failures.count == 1)
        #expect(
            failures[0].message
                == "The exploration was cancelled during interleaving 3. It stopped there with no failing order to replay: the test's task was cancelled (a time limit, or code that cancelled it)."
        )
        #expect(failures[0].place == "ExploreStopTests.swift:\(line)")
    }

    @Test("cancelling during a stuck step stops at once instead of waiting out the step's deadline")
    func cancelledDuringAStuckStep() async throws {
        let stuck = Locked(false)
        let began = ContinuousClock.now
        let failures = try await capturingRoutedFailures {
            let exploring = Task {
                try await explore(stepTimeout: .seconds(90)) { schedule in
                    schedule.start("A") { await schedule.point("a1") }
                    schedule.start("waits") {
                        stuck.withLock { $0 = true }
                        // Real time, which the explorer does not control: never a point.
                        try await Task.sleep(for: .seconds(600))
                    }
                }
            }
            // Bounded by the suite's time limit; the task gets stuck within microseconds.
            while !stuck.current { try await Task.sleep(for: .milliseconds(5)) }
            exploring.cancel()
            let exploration = try await exploring.value
            #expect(exploration.failed)
            #expect(exploration.replayToken == nil)
        }
        // The step's deadline is 90 seconds: a stop at once is far below it, even on a busy machine.
        #expect(ContinuousClock.now - began < .seconds(45))
        try #require(failures.count == 1)
        #expect(failures[0].message.hasPrefix("The exploration was cancelled during interleaving 1. It stopped there"))
    }

    @Test("with nothing to record it, a cancelled exploration throws that it was cancelled, with no token")
    func hostlessCancelled() async throws {
        let outcome = await Task.detached { () -> (any Error)? in
            do {
                try await explore { schedule in
                    schedule.start("A") { await schedule.point("a1") }
                    withUnsafeCurrentTask { $0?.cancel() }
                    try await schedule.finish()
                }
                return nil
            } catch {
                return error
            }
        }.value
        let failure = try #require(outcome as? ExplorationFailure)
        try #require(failure.failures.count == 1)
        #expect(failure.failures[0].contains("The exploration was cancelled during interleaving 1"))
        #expect(failure.exploration.replayToken == nil)
    }
}
#endif
