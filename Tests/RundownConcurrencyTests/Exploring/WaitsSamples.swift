#if canImport(Testing)
import Testing
import RundownConcurrency

// Code samples of the section "Waits and deadlocks" of ExploringInterleavings.md, compiled and
// run; DocSampleSyncTests checks that the article shows them as they are here.

@Suite("Exploring: the samples of waits and deadlocks", .timeLimit(.minutes(1)))
struct WaitsSamples {
    @Test("two test doubles wait for each other through a gate, in every order")
    func doublesMeetAtAGate() async throws {
        // A failing order would be recorded as an issue of this test.
        try await explore { schedule in
            let request = Gate("request sent")
            schedule.start("client") {
                try await request.arrive()  // blocked until the server opens it
            }
            schedule.start("server") {
                try await request.waitUntilParked()  // blocked until the client has arrived
                request.open()
            }
        }
    }

    @Test("a controlled task waits for the uploads it started, in every order")
    func waitForTrackedUploads() async throws {
        try await explore { schedule in
            let tasks = TrackingTaskStarter()
            schedule.start("sender") {
                for file in ["a.jpg", "b.jpg"] {
                    tasks.start(name: "upload \(file)") {
                        await schedule.point("sent \(file)")  // the upload's response
                    }
                }
                try await tasks.waitForAll()  // blocked until both uploads have ended
                tasks.expectNoneRunning()
            }
        }
    }

    @Test("the lock-order deadlock of the article is reported as one")
    func lockOrderDeadlock() async throws {
        try await withKnownIssue {
            try await explore { schedule in
                let accounts = AsyncLock("accounts")
                let ledger = AsyncLock("ledger")
                schedule.start("transfer") {
                    try await accounts.withLock {
                        await schedule.point("debited")
                        try await ledger.withLock {}  // credits the other account
                    }
                }
                schedule.start("audit") {
                    try await ledger.withLock {
                        await schedule.point("counted")
                        try await accounts.withLock {}  // compares the totals
                    }
                }
            }
        } matching: { issue in
            String(describing: issue).contains("Deadlock in interleaving")
                || String(describing: issue).contains("failed in interleaving")
        }
    }
}
#endif
