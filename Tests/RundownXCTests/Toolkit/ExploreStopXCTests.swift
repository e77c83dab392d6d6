import Foundation
import Rundown
import RundownTestSupport
import XCTest

/// Behaviour#A-failing-interleaving-can-be-replayed and Behaviour#A-stuck-task-fails under XCTest:
/// a failure that does not repeat, a stuck task and a cancelled exploration are each reported once,
/// to the running test, and only a failure that repeats gets a replay token.
final class ExploreStopXCTests: CheckedTestCase {
    private struct Offline: Error {}

    func testAFailureThatDoesNotRepeatIsReportedAsNotDeterministicWithNoToken() async throws {
        let runs = Locked(0)
        let startLine = SourceLine.marked("xctest start failing once")
        var exploration: Exploration?
        let failures = try await capturingFailures {
            exploration = try await explore { schedule in
                let run = runs.withLock { runs in
                    runs += 1
                    return runs
                }
                schedule.start("A") {  // line: xctest start failing once
                    await schedule.point("a1")
                    if run == 2 { throw Offline() }
                }
                schedule.start("B") { await schedule.point("b1") }
            }
        }
        XCTAssertEqual(exploration?.failed, true)
        XCTAssertNil(exploration?.replayToken)
        XCTAssertEqual(failures.count, 2)
        guard failures.count == 2 else { return }
        XCTAssertEqual(
            failures[0],
            RecordedFailure(
                message: "failed - Controlled task 'A' threw an error: Offline()", file: #filePath, line: startLine))
        XCTAssertTrue(
            failures[1].message.hasPrefix(
                "failed - explore(.everyInterleaving()) failed in interleaving 2: A: start → a1; B: start → b1; A: → end; B: → end. Replayed at once, the same order passed: the body is not deterministic"
            ), failures[1].message)
        XCTAssertFalse(failures[1].message.contains("RUNDOWN_SCHEDULE"))
    }

    func testAStuckRunShowsOnlyTheStepsTaken() async throws {
        let failures = try await capturingFailures {
            try await explore(stepTimeout: .milliseconds(200)) { schedule in
                schedule.start("A") { await schedule.point("a1") }
                schedule.start("B") { try await Task.sleep(for: .seconds(60)) }
            }
        }
        XCTAssertEqual(failures.count, 2)
        guard failures.count == 2 else { return }
        XCTAssertTrue(
            failures[1].message.hasPrefix(
                "failed - explore(.everyInterleaving()) failed in interleaving 1: A: start → a1 → end; B: start\n"),
            failures[1].message)
    }

    func testACancelledExplorationIsReportedAsCancelledWithNoToken() async throws {
        var exploration: Exploration?
        let failures = try await capturingFailures {
            exploration = try await Task {
                try await explore { schedule in
                    schedule.start("A") { await schedule.point("a1") }
                    withUnsafeCurrentTask { $0?.cancel() }
                    try await schedule.finish()
                }
            }.value
        }
        XCTAssertEqual(exploration?.failed, true)
        XCTAssertNil(exploration?.replayToken)
        XCTAssertEqual(
            failures.map(\.message),
            [
                "failed - The exploration was cancelled during interleaving 1. It stopped there with no failing order to replay: the test's task was cancelled (a time limit, or code that cancelled it)."
            ])
    }

    func testVirtualTimeNeverPassesADeadlineWhoseSleeperHasNotTakenItsStep() async throws {
        let orders = Locked<Set<[String]>>([])
        let exploration = try await explore { schedule in
            let log = Locked<[String]>([])
            schedule.start("3 s") {
                try await schedule.clock.sleep(for: .seconds(3))
                log.withLock { $0.append("3 s") }
            }
            schedule.start("1 s") {
                try await schedule.clock.sleep(for: .seconds(1))
                log.withLock { $0.append("1 s") }
            }
            try await schedule.finish()
            orders.withLock { _ = $0.insert(log.current) }
        }
        XCTAssertFalse(exploration.failed)
        XCTAssertEqual(orders.current, [["1 s", "3 s"]])
    }
}
