import RundownTestSupport
import Testing

@testable import Rundown
@testable import RundownConcurrency

/// Issues that reached the suite's scope, after the spec's own handlers; suppressed there, so the
/// spec below can fail on purpose and the test pass.
private let cycleIssues = Locked<[(comments: [String], location: String)]>([])

@Sendable private func captureCycleIssues(_ issue: Issue) -> Issue? {
    guard issue.comments.contains(where: { $0.rawValue.hasPrefix("Waiting uploader") }) else { return issue }
    let location = issue.sourceLocation.map { "\($0.fileID):\($0.line)" } ?? "?"
    cycleIssues.withLock { $0.append((issue.comments.map(\.rawValue), location)) }
    return nil
}

/// Behaviour#Waits-inside-explore for task trackers inside a spec: the tracked tasks a controlled
/// task starts are explored in every order with it waiting for them, and a `waitForAll` on a
/// tracked task that waits for its waiter is a deadlock reported with the example's path
/// (Behaviour#A-deadlock-fails-at-once).
@Suite(.compactMapIssues(captureCycleIssues), .timeLimit(.minutes(1)))
struct WaitForAllInSpecsTests {
    @Test func aWaitForAllCycleInsideAnExampleIsReportedWithItsPath() async throws {
        let exploreLine = SourceLine.marked("explore waitForAll cycle in spec")
        let senderLine = SourceLine.marked("sender starts in spec")
        let orders = Locked(0)
        try await spec("Waiting uploader") {
            it("waits for its uploads") {
                let exploration = try await explore { schedule in
                    let tasks = TrackingTaskStarter()
                    let uploaded = Locked(0)
                    schedule.start("sender") {
                        for file in ["a.jpg", "b.jpg"] {
                            tasks.start(name: "upload \(file)") {
                                await schedule.point("sent")
                                uploaded.withLock { $0 += 1 }
                            }
                        }
                        try await tasks.waitForAll()
                        #expect(uploaded.current == 2)
                    }
                    try await schedule.finish()
                    orders.withLock { $0 += 1 }
                }
                // Two steps of each upload in any order: 4! / (2! 2!) = 6.
                #expect(exploration.interleavings == 6)
                #expect(!exploration.failed)
            }
            it("waits for the upload it unblocks") {
                try await explore { schedule in  // line: explore waitForAll cycle in spec
                    let tasks = TrackingTaskStarter()
                    let reply = Gate("reply")
                    schedule.start("sender") {  // line: sender starts in spec
                        tasks.start(name: "upload") { try await reply.arrive() }
                        try await tasks.waitForAll()
                        reply.open()
                    }
                }
            }
        }
        #expect(orders.current == 6)
        let reported = cycleIssues.withLock { $0 }
        try #require(reported.count == 2)
        let path = "Waiting uploader, waits for the upload it unblocks"
        #expect(reported[0].comments.count == 1)
        #expect(reported[0].comments.first?.hasPrefix("\(path): Deadlock in interleaving 1") == true)
        #expect(
            reported[0].comments.first?.contains(
                "'sender' waits for tracked tasks (waitForAll): 1 still running: 'upload'") == true)
        #expect(reported[0].comments.first?.contains("'upload' waits for Gate \"reply\"") == true)
        #expect(reported[0].location == "RundownTests/WaitForAllInSpecsTests.swift:\(senderLine)")
        #expect(
            reported[1].comments.first?.hasPrefix(
                "\(path): explore(.everyInterleaving()) failed in interleaving 1: sender: start → waitForAll; upload: start → arrive \"reply\""
            ) == true)
        #expect(reported[1].location == "RundownTests/WaitForAllInSpecsTests.swift:\(exploreLine)")
    }
}
