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

    /// A group's cleanups run before it ends: what they post is a failure of
    /// what registered them, not a late one; in both kinds of spec.
    @Test func aFailureAGroupsCleanupPostsIsNotLate() async {
        let sync = SpecEngine.run(
            root {
                beforeAll {
                    deferCleanup { _ = ExampleRunner.current?.post("broken", at: Self.location) }
                }
                it("runs") {}
            })
        let async = await SpecEngine.run(
            asyncRoot {
                beforeAll {
                    deferCleanup { _ = ExampleRunner.current?.post("broken", at: Self.location) }
                }
                it("runs") {}
            })
        #expect(sync.failures.map(\.description) == ["Spec, beforeAll: broken"])
        #expect(async.failures.map(\.description) == ["Spec, beforeAll: broken"])
        #expect(sync.failures.first?.location == Self.location)
    }
}

/// Contract section 6, under the Swift Testing host: a `#require` records its
/// issue and throws, and is one failure wherever it is (a hook, an
/// `aroundEach` hook before or after its body, a cleanup, a child task the
/// closure awaits), on the path of the closure that ran it.
@Suite(.compactMapIssues(ReportedRun.capture))
struct RunningClosureRequireTests {
    @Test func aRequireInAnAroundEachHookBeforeItsBodyIsOneFailureOfTheHook() async throws {
        let run = try await ReportedRun.async("Reported around before") {
            aroundEach("wrap") { body in
                try #require(Bool(false))
                try await body()
            }
            it("runs") {}
        }
        #expect(run.tree == ["Reported around before", "  ✘ runs (t)", "    wrap: Expectation failed: Bool(false)"])
        #expect(run.issues == ["Expectation failed: Bool(false)"])
    }

    @Test func aRequireInAnAroundEachHookAfterItsBodyIsOneFailureOfTheHook() async throws {
        let run = try await ReportedRun.async("Reported around after") {
            aroundEach("wrap") { body in
                try await body()
                try #require(Bool(false))
            }
            beforeEach {}
            it("runs") { await Task.yield() }
        }
        #expect(run.tree == ["Reported around after", "  ✘ runs (t)", "    wrap: Expectation failed: Bool(false)"])
        #expect(run.issues == ["Expectation failed: Bool(false)"])
    }

    @Test func aRequireInASynchronousAroundEachHookAfterItsBodyIsOneFailureOfTheHook() async throws {
        let run = try await ReportedRun.sync("Reported sync around after") {
            aroundEach("wrap") { body in
                try body()
                try #require(Bool(false))
            }
            it("runs") {}
        }
        #expect(
            run.tree == ["Reported sync around after", "  ✘ runs (t)", "    wrap: Expectation failed: Bool(false)"])
        #expect(run.issues == ["Expectation failed: Bool(false)"])
    }

    @Test func aRequireInAChildTaskTheExampleAwaitsIsOneFailureOfTheExample() async throws {
        let run = try await ReportedRun.async("Reported child require") {
            it("awaits async let") {
                async let checked: Void = { try #require(Bool(false)) }()
                try await checked
            }
            it("awaits a task group") {
                try await withThrowingTaskGroup(of: Void.self) { group in
                    group.addTask { try #require(Bool(false)) }
                    try await group.waitForAll()
                }
            }
            it("awaits a task") {
                try await Task { try #require(Bool(false)) }.value
            }
        }
        #expect(
            run.tree == [
                "Reported child require",
                "  ✘ awaits async let (t)", "    Expectation failed: Bool(false)",
                "  ✘ awaits a task group (t)", "    Expectation failed: Bool(false)",
                "  ✘ awaits a task (t)", "    Expectation failed: Bool(false)",
            ])
        #expect(run.issues.count == 3)
    }

    @Test func aRequireInAGroupHookOrItsCleanupIsOneFailureOfThatHook() async throws {
        let run = try await ReportedRun.async("Reported group hooks") {
            context("set up") {
                beforeAll { try #require(Bool(false), "setup") }
                it("is left out") {}
            }
            context("torn down") {
                beforeAll {
                    deferCleanup { try #require(Bool(false), "cleanup") }
                }
                it("runs") {}
                afterAll { try #require(Bool(false), "teardown") }
            }
        }
        #expect(
            run.tree == [
                "Reported group hooks",
                "  set up",
                "    ✘ beforeAll: Expectation failed: Bool(false) - setup",
                "    ✘ is left out (t)",
                "  torn down",
                "    ✔ runs (t)",
                "    ✘ afterAll: Expectation failed: Bool(false) - teardown",
                "    ✘ beforeAll: Expectation failed: Bool(false) - cleanup",
            ])
        #expect(run.issues.count == 3)
    }

    @Test func aRequireInAnElementsCleanupIsOneFailureOfWhatRegisteredIt() async throws {
        let run = try await ReportedRun.async("Reported element cleanup") {
            beforeEach {
                deferCleanup { try #require(Bool(false), "from beforeEach") }
            }
            it("runs") {
                deferCleanup {
                    deferCleanup { try #require(Bool(false), "from a cleanup") }
                }
            }
        }
        #expect(
            run.tree == [
                "Reported element cleanup", "  ✘ runs (t)", "    Expectation failed: Bool(false) - from a cleanup",
                "    beforeEach: Expectation failed: Bool(false) - from beforeEach",
            ])
        #expect(run.issues.count == 2)
    }
}
