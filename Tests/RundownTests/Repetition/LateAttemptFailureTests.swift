import Foundation
import RundownEngine
import RundownTestSupport
import Testing

@testable import Rundown

/// Behaviour#Retried-examples and Behaviour#Repeated-examples (contract
/// section 13): a failure that arrives after its attempt (or repetition)
/// ended, from a task that run started, is that run's late failure, saying
/// which run it was; it never fails a later run. Each late task waits for a
/// gate the later run opens, and that run waits until the task has posted,
/// so the failure always arrives while the later run goes on.
@Suite(.failsWhenCancelled) struct LateAttemptFailureTests {
    private static let location = CodeLocation(
        fileID: "RundownTests/LateAttemptFailureTests.swift", filePath: #filePath, line: 1, column: 1)

    /// An example that fails its first attempt and leaves a task that fails
    /// while the second attempt runs; the second attempt passes.
    private static func retried(
        _ retries: Int, _ attempts: Log, _ task: TaskOfAnEarlierRun
    ) -> GroupNode<Asynchronous> {
        asyncRoot {
            it("retries", .retries(retries)) {
                attempts("attempt")
                if attempts.entries.count == 1 {
                    task.start { ExampleRunner.current?.post("late", at: Self.location) }
                    throw Boom("first")
                }
                await task.letItFail()
            }
        }
    }

    @Test func aLateFailureOfARetriedAttemptIsThatAttemptsAndTheNextAttemptPasses() async {
        let attempts = Log()
        let report = await SpecEngine.run(Self.retried(1, attempts, TaskOfAnEarlierRun()))
        #expect(report.failures.isEmpty)
        #expect((report.passedCount, report.failedCount) == (1, 0))
        guard case .flaky(let passedOn, let of, let failures)? = report.notices.first?.kind else {
            Issue.record("no flaky notice: \(report.notices)")
            return
        }
        #expect((passedOn, of) == (2, 2))
        #expect(
            failures.map(\.description) == [
                "Spec, retries: Boom(first) (attempt 1 of 2)",
                "Spec, retries: late (late: after 'Spec, retries' had finished attempt 1 of 2, from a task it started)",
            ])
        #expect(failures.last?.location == Self.location)
        #expect(failures.last?.isLate == true)
    }

    @Test func aLateFailureOfARetriedAttemptRunsNoFurtherAttempt() async {
        let attempts = Log()
        let report = await SpecEngine.run(Self.retried(2, attempts, TaskOfAnEarlierRun()))
        #expect(attempts.entries.count == 2)
        #expect(report.failures.isEmpty)
        #expect((report.passedCount, report.failedCount) == (1, 0))
        #expect(report.notices.map(\.summary) == ["flaky: passed on attempt 2 of 3"])
    }

    /// A repetition that passed and fails late has failed: the example fails,
    /// naming that repetition, the repetition running meanwhile is not failed
    /// for it, and no repetition follows.
    @Test func aLateFailureOfAPassedRepetitionFailsTheExampleNotTheNextRepetition() async {
        let runs = Log()
        let task = TaskOfAnEarlierRun()
        let report = await SpecEngine.run(
            asyncRoot {
                it("repeats", .repeated(3)) {
                    runs("run")
                    if runs.entries.count == 1 {
                        task.start { ExampleRunner.current?.post("late", at: Self.location) }
                    } else {
                        await task.letItFail()
                    }
                }
            })
        #expect(runs.entries.count == 2)
        #expect(
            report.failures.map(\.description) == [
                "Spec, repeats: late (late: after 'Spec, repeats' had finished repetition 1 of 3, from a task it started)"
            ])
        #expect((report.passedCount, report.failedCount) == (0, 1))
    }

    /// Once the example has passed on a later attempt, a late failure of an
    /// attempt that failed before is a warning, as that attempt's others are.
    @Test func aLateFailureOfARetriedAttemptAfterItsExamplePassedIsAWarning() async {
        let attempts = Log()
        let task = TaskOfAnEarlierRun()
        let report = await SpecEngine.run(
            asyncRoot {
                it("retries", .retries(1)) {
                    attempts("attempt")
                    if attempts.entries.count == 1 {
                        task.start { ExampleRunner.current?.post("late", at: Self.location) }
                        throw Boom("first")
                    }
                }
                it("lets it fail") { await task.letItFail() }
            })
        #expect(report.failures.isEmpty)
        #expect((report.passedCount, report.failedCount) == (2, 0))
        #expect(report.notices.count == 2)
        guard case .flaky(_, _, let failures)? = report.notices.last?.kind else {
            Issue.record("no flaky notice: \(report.notices)")
            return
        }
        #expect(
            failures.map(\.description) == [
                "Spec, retries: late (late: after 'Spec, retries' had finished attempt 1 of 2, from a task it started)"
            ])
    }
}

/// Under the Swift Testing host: a late failure of a failed attempt, as a user writes it.
@Suite(.compactMapIssues(ReportedRun.capture), .failsWhenCancelled)
struct LateAttemptFailureReportTests {
    @Test(arguments: [1, 2]) func anIssueOfATaskOfAFailedAttemptIsAWarningOnceTheNextAttemptPasses(retries: Int)
        async throws
    {
        let attempts = Log()
        let task = TaskOfAnEarlierRun()
        let run = try await ReportedRun.async("Reported late attempt \(retries)") {
            it("x", .retries(retries)) {
                attempts("attempt")
                if attempts.entries.count == 1 {
                    task.start { Issue.record("late") }
                    throw Boom("first")
                }
                await task.letItFail()
            }
        }
        #expect(attempts.entries.count == 2)
        #expect(run.issues == [])
        #expect(run.tree.dropFirst().first == "  ✔ x (t)")
        #expect(
            run.tree.contains(
                "      late (late: after 'Reported late attempt \(retries), x' had finished attempt 1 of \(retries + 1), "
                    + "from a task it started)"),
            "\(run.tree)")
        #expect(run.junit.suites.first?["failures"] == "0")
        #expect(run.warnings.count == 2, "\(run.warnings)")
    }
}

/// A task that one run of an example starts and leaves running: it fails
/// when a later run lets it, and that run waits until it has.
final class TaskOfAnEarlierRun: Sendable {
    private let go: AsyncStream<Void>
    private let going: AsyncStream<Void>.Continuation
    private let done: AsyncStream<Void>
    private let finishing: AsyncStream<Void>.Continuation

    init() {
        (go, going) = AsyncStream.makeStream()
        (done, finishing) = AsyncStream.makeStream()
    }

    /// Starts the task, which runs `fail` once it is let go on.
    func start(failing fail: @escaping @Sendable () -> Void) {
        let go = go
        let finishing = finishing
        Task {
            for await _ in go { break }
            fail()
            finishing.finish()
        }
    }

    /// Lets the task fail, and returns once it has.
    func letItFail() async {
        going.yield()
        for await _ in done {}
    }
}
