import RundownEngine
import RundownTestSupport
import Testing

@testable import Rundown
@testable import RundownConcurrency

/// Behaviour#Toolkit-waits-show-in-progress-reports inside `explore`: a controlled task blocked on
/// a lock or a gate waits in the schedule, not in the lock or the gate, and the progress report of
/// the element still describes its wait.
@Suite(.timeLimit(.minutes(1)))
struct BlockedWaitReportTests {
    @Test func aBlockedLockWaiterAndABlockedArrivalAreOnTheReport() async throws {
        let seen = Locked<String?>(nil)
        let report = await SpecEngine.run(
            asyncRoot {
                it("explores") {
                    try await explore { schedule in
                        let lock = AsyncLock("db")
                        let reply = Gate("reply")
                        schedule.start("holder") {
                            try await lock.withLock {
                                await schedule.point("holding")
                                // In the orders where the others are blocked by now: the waiter in
                                // line, the reader at the gate.
                                if lock.queuedCount == 1, reply.parkedCount == 1, seen.withLock({ $0 == nil }) {
                                    seen.withLock { $0 = ProgressBoard.reportOfCurrentClosure() }
                                }
                                reply.open()
                            }
                        }
                        schedule.start("waiter") { try await lock.withLock {} }
                        schedule.start("reader") { try await reply.arrive() }
                    }
                }
            })
        #expect(report.failures.isEmpty)
        let text = try #require(seen.withLock { $0 })
        #expect(text.contains("AsyncLock \"db\": held by \"Spec, explores\""))
        #expect(text.contains("waiting: 1. \"Spec, explores\""))
        #expect(text.contains("Gate \"reply\" (not opened; 1 parked: 1. \"Spec, explores\""))
    }
}
