import Rundown
import RundownTestSupport
import XCTest

/// Behaviour#A-deadlock-fails-at-once under XCTest: a lock-order deadlock in a spec's `explore` is
/// reported with the example's path where the first task waits, then the interleaving with its
/// token at the `explore` call; so is a controlled task waiting in `waitForAll` for a tracked task
/// that waits for it.
final class DeadlockXCTests: CheckedTestCase {
    func testALockOrderDeadlockInASpecIsReportedWithThePath() async throws {
        let failures = try await capturingFailures {
            try await spec("Bank") {
                it("transfers while auditing") {
                    try await explore { schedule in  // line: xctest explore deadlock
                        let accounts = AsyncLock("accounts")
                        let ledger = AsyncLock("ledger")
                        schedule.start("transfer") {
                            try await accounts.withLock {
                                await schedule.point("debited")
                                try await ledger.withLock {}  // line: xctest transfer waits
                            }
                        }
                        schedule.start("audit") {
                            try await ledger.withLock {
                                await schedule.point("counted")
                                try await accounts.withLock {}
                            }
                        }
                    }
                }
            }
        }
        XCTAssertEqual(failures.count, 2, failures.map(\.message).joined(separator: "\n"))
        guard failures.count == 2 else { return }
        let path = "Bank, transfers while auditing"
        XCTAssertTrue(failures[0].message.hasPrefix("\(path): Deadlock in interleaving "), failures[0].message)
        XCTAssertTrue(
            failures[0].message.contains("'transfer' waits for AsyncLock \"ledger\", held by 'audit'"),
            failures[0].message)
        XCTAssertEqual(failures[0].line, SourceLine.marked("xctest transfer waits"))
        XCTAssertTrue(
            failures[1].message.hasPrefix("\(path): explore(.everyInterleaving()) failed in interleaving "),
            failures[1].message)
        XCTAssertTrue(failures[1].message.contains("RUNDOWN_SCHEDULE="), failures[1].message)
        XCTAssertEqual(failures[1].line, SourceLine.marked("xctest explore deadlock"))
    }

    func testAWaitForAllCycleInASpecIsReportedWithThePath() async throws {
        let failures = try await capturingFailures {
            try await spec("Uploads") {
                it("waits for the upload it unblocks") {
                    try await explore { schedule in  // line: xctest explore waitForAll cycle
                        let tasks = TrackingTaskStarter()
                        let reply = Gate("reply")
                        schedule.start("sender") {  // line: xctest sender starts
                            tasks.start(name: "upload") { try await reply.arrive() }
                            try await tasks.waitForAll()
                            reply.open()
                        }
                    }
                }
            }
        }
        XCTAssertEqual(failures.count, 2, failures.map(\.message).joined(separator: "\n"))
        guard failures.count == 2 else { return }
        let path = "Uploads, waits for the upload it unblocks"
        XCTAssertTrue(failures[0].message.hasPrefix("\(path): Deadlock in interleaving 1"), failures[0].message)
        XCTAssertTrue(
            failures[0].message.contains("'sender' waits for tracked tasks (waitForAll): 1 still running: 'upload'"),
            failures[0].message)
        XCTAssertTrue(failures[0].message.contains("'upload' waits for Gate \"reply\""), failures[0].message)
        XCTAssertEqual(failures[0].line, SourceLine.marked("xctest sender starts"))
        XCTAssertTrue(
            failures[1].message.hasPrefix(
                "\(path): explore(.everyInterleaving()) failed in interleaving 1: sender: start → waitForAll; upload: start → arrive \"reply\""
            ),
            failures[1].message)
        XCTAssertEqual(failures[1].line, SourceLine.marked("xctest explore waitForAll cycle"))
    }
}
