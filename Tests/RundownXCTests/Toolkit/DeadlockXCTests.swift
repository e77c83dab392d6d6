import Rundown
import RundownTestSupport
import XCTest

/// Behaviour#A-deadlock-fails-at-once under XCTest: a lock-order deadlock in a spec's `explore` is
/// reported with the example's path where the first task waits, then the interleaving with its
/// token at the `explore` call.
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
}
