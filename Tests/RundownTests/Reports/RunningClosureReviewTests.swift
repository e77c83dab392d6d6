import Foundation
import RundownEngine
import RundownTestSupport
import Testing

@testable import Rundown

/// Behaviour#The-running-element, probed where one binding per frame
/// (RunningClosure.swift) could attribute a failure to another closure than
/// the one that made it: tasks that outlive an attempt or a group, failures
/// from child tasks, cleanups, nested specs. Each failure must be reported
/// once, on its path and at its line.
@Suite(.failsWhenCancelled) struct RunningClosureReviewTests {
    private static let location = CodeLocation(
        fileID: "RundownTests/RunningClosureReviewTests.swift", filePath: #filePath, line: 1, column: 1)

    /// ExampleAttempts.swift: a failure says which run of its example made
    /// it, even when a task of an earlier attempt posts it during a later one.
    @Test func aTaskOfAnEarlierAttemptThatFailsDuringALaterOneNamesItsAttempt() async {
        let (go, going) = AsyncStream<Void>.makeStream()
        let (done, finishing) = AsyncStream<Void>.makeStream()
        let runs = Log()
        let report = await SpecEngine.run(
            asyncRoot {
                it("retries", .retries(1)) {
                    runs("run")
                    if runs.entries.count == 1 {
                        Task {
                            for await _ in go { break }
                            _ = ExampleRunner.current?.post("from the first attempt", at: Self.location)
                            finishing.finish()
                        }
                        throw Boom("first")
                    }
                    going.yield()
                    for await _ in done {}
                }
            })
        #expect(
            report.failures.map(\.description) == [
                "Spec, retries: Boom(first) (attempt 1 of 2)", "Spec, retries: from the first attempt (attempt 1 of 2)",
            ])
        #expect(report.failedCount == 1)
    }

    /// Contract section 6: a late failure names the element or hook whose
    /// task recorded it; a group's `beforeAll` is not its `afterAll`.
    @Test func aTaskOfABeforeAllThatFailsAfterItsGroupEndedNamesTheBeforeAll() async {
        let (go, going) = AsyncStream<Void>.makeStream()
        let (done, finishing) = AsyncStream<Void>.makeStream()
        let report = await SpecEngine.run(
            asyncRoot {
                context("group") {
                    beforeAll {
                        Task {
                            for await _ in go { break }
                            _ = ExampleRunner.current?.post("too late", at: Self.location)
                            finishing.finish()
                        }
                    }
                    it("runs") {}
                    afterAll {}
                }
                it("lets it fail") {
                    going.yield()
                    for await _ in done {}
                }
            })
        #expect(
            report.failures.map(\.description) == [
                "Spec, group, beforeAll: too late (late: after 'Spec, group, beforeAll' had finished, from a task it started)"
            ])
    }
}
