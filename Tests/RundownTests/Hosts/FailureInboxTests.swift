import Foundation
import RundownTestSupport
import Testing

@testable import Rundown
@testable import RundownEngine

/// Behaviour#A-failure-is-reported-once, at the engine: every failure posted to a run's inbox
/// is counted once, by the walk while it runs, or handed on as late once it
/// has ended: never both, never neither, whatever thread posts it.
struct FailureInboxTests {
    static let location = CodeLocation(fileID: "M/F.swift", filePath: "/F.swift", line: 7, column: 1)

    @Test func aFailurePostedWhileItsExampleRunsFailsThatExampleOnly() {
        let report = SpecEngine.run(
            root("Inbox") {
                it("a") { ExampleRunner.current?.post("broken", at: Self.location) }
                it("b") {}
            })
        #expect(report.failures.map(\.description) == ["Inbox, a: broken"])
        #expect(report.failures.map(\.location) == [Self.location])
        #expect((report.passedCount, report.failedCount) == (1, 1))
    }

    @Test func aFailurePostedAfterItsExampleFinishedIsLateAndFailsThatExampleOnly() {
        let runner = Locked<ExampleRunner?>(nil)
        let report = SpecEngine.run(
            root("Inbox") {
                it("a") { runner.withLock { $0 = ExampleRunner.current } }
                it("b") { runner.withLock { $0 }?.post("late", at: Self.location) }
                it("c") {}
            })
        #expect(
            report.failures.map(\.description) == [
                "Inbox, a: late (late: after 'Inbox, a' had finished, from a task it started)"
            ])
        #expect((report.passedCount, report.failedCount) == (2, 1))
    }

    @Test func aFailurePostedAfterTheRunIsHandedOnAsLateUnlessItsFrameworkHasIt() throws {
        let runner = Locked<ExampleRunner?>(nil)
        let handedOn = Locked<[SpecFailure]>([])
        let inbox = FailureInbox { late in handedOn.withLock { $0.append(late) } }
        let report = SpecEngine.run(
            root("Inbox") { it("a") { runner.withLock { $0 = ExampleRunner.current } } }, inbox: inbox)
        #expect(report.failures.isEmpty)
        let late = try #require(runner.withLock { $0 })
        late.post("too late", at: Self.location)
        late.post("recorded by its framework", at: Self.location, recordedByFramework: true)
        let failures = handedOn.withLock { $0 }
        try #require(failures.count == 1)
        #expect(
            failures[0].description
                == "Inbox, a: too late (late: after 'Inbox, a' had finished, from a task it started)")
        #expect(failures[0].isAfterRun)
    }

    @Test func aRunnerMadeByHandBelongsToNoRun() {
        let runner = ExampleRunner(path: ["Hand"], role: .example, location: Self.location)
        #expect(!runner.post("nowhere", at: Self.location))
    }

    /// Posts from many threads while the run goes on and after it ended:
    /// each failure is counted by the walk or handed on late, exactly once.
    @Test func everyPostIsCountedOnceWhateverThreadPostsItAndWhen() async throws {
        let handedOn = Locked(0)
        let inbox = FailureInbox { _ in handedOn.withLock { $0 += 1 } }
        let threads = 4
        let posts = 200
        let started = DispatchGroup()
        let done = DispatchGroup()
        let report = SpecEngine.run(
            root("Inbox") {
                it("starts posters") {
                    guard let runner = ExampleRunner.current else { return }
                    for _ in 0..<threads {
                        started.enter()
                        done.enter()
                        Thread.detachNewThread {
                            started.leave()
                            for index in 0..<posts { runner.post("post \(index)", at: Self.location) }
                            done.leave()
                        }
                    }
                    started.wait()
                }
                for index in 0..<20 { it("runs on \(index)") {} }
            }, inbox: inbox)
        await withCheckedContinuation { continuation in
            Thread.detachNewThread {
                done.wait()
                continuation.resume()
            }
        }
        let counted = report.failures.count
        #expect(counted + handedOn.withLock { $0 } == threads * posts)
        #expect(report.failures.allSatisfy { $0.path == ["Inbox", "starts posters"] })
        #expect(report.failedCount == 1 && report.passedCount == 20)
    }
}
