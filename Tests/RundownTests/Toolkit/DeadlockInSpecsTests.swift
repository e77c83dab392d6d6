import RundownTestSupport
import Testing

@testable import Rundown
@testable import RundownConcurrency

/// Issues that reached the suite's scope, after the spec's own handlers; suppressed there, so the
/// spec below can fail on purpose and the test pass.
private let deadlockIssues = Locked<[(comments: [String], location: String)]>([])

@Sendable private func captureDeadlockIssues(_ issue: Issue) -> Issue? {
    guard issue.comments.contains(where: { $0.rawValue.hasPrefix("Deadlocked transfer") }) else { return issue }
    let location = issue.sourceLocation.map { "\($0.fileID):\($0.line)" } ?? "?"
    deadlockIssues.withLock { $0.append((issue.comments.map(\.rawValue), location)) }
    return nil
}

/// Behaviour#A-deadlock-fails-at-once inside a spec: the deadlock and its interleaving reach the
/// spec's host with the example's path, the deadlock where the first task waits, the interleaving
/// at the `explore` call.
@Suite(.compactMapIssues(captureDeadlockIssues), .timeLimit(.minutes(1)))
struct DeadlockInSpecsTests {
    @Test func aDeadlockInsideAnExampleIsReportedWithItsPath() async throws {
        let exploreLine = SourceLine.marked("explore deadlock in spec")
        let waitLine = SourceLine.marked("transfer waits in spec")
        try await spec("Deadlocked transfer") {
            it("takes both locks") {
                try await explore { schedule in  // line: explore deadlock in spec
                    let accounts = AsyncLock("accounts")
                    let ledger = AsyncLock("ledger")
                    schedule.start("transfer") {
                        try await accounts.withLock {
                            await schedule.point("debited")
                            try await ledger.withLock {}  // line: transfer waits in spec
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
        let reported = deadlockIssues.withLock { $0 }
        try #require(reported.count == 2)
        let path = "Deadlocked transfer, takes both locks"
        #expect(reported[0].comments.count == 1)
        #expect(reported[0].comments.first?.hasPrefix("\(path): Deadlock in interleaving ") == true)
        #expect(
            reported[0].comments.first?.contains("'audit' waits for AsyncLock \"accounts\", held by 'transfer'") == true
        )
        #expect(reported[0].location == "RundownTests/DeadlockInSpecsTests.swift:\(waitLine)")
        #expect(
            reported[1].comments.first?.hasPrefix("\(path): explore(.everyInterleaving()) failed in interleaving ")
                == true)
        #expect(reported[1].location == "RundownTests/DeadlockInSpecsTests.swift:\(exploreLine)")
    }
}
