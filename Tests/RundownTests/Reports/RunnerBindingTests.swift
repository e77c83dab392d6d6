import Foundation
import RundownEngine
import RundownTestSupport
import Testing

@testable import Rundown

/// Behaviour#The-running-element, probed where the context bound around each
/// closure (RunContext.swift) could attribute a failure to another closure than
/// the one that made it: tasks that outlive an attempt or a group, failures
/// from child tasks, cleanups, nested specs. Each failure must be reported
/// once, on its path and at its line.
@Suite(.failsWhenCancelled) struct RunnerBindingTests {
    private static let location = CodeLocation(
        fileID: "RundownTests/RunnerBindingTests.swift", filePath: #filePath, line: 1, column: 1)

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

    /// Behaviour#The-running-element: once an example has ended, a late
    /// failure names the example itself, whichever of its closures started
    /// the task: an `aroundEach` hook, or a `beforeEach` under a time limit,
    /// which bind their own runners, included.
    @Test(arguments: ["aroundEach", "limited beforeEach"])
    func aTaskOfAHookBoundToItsOwnRunnerThatFailsAfterItsExampleEndedNamesTheExample(startedIn hook: String) async {
        let task = TaskLeftRunning(.fail)
        let report = await SpecEngine.run(
            asyncRoot {
                context("leaking", .timeLimit(.seconds(60))) {
                    aroundEach("wrap") { body in
                        if hook == "aroundEach" { task.start() }
                        try await body()
                    }
                    beforeEach { if hook == "limited beforeEach" { task.start() } }
                    it("starts a task") {}
                }
                it("lets it fail") { await task.letItAct() }
            })
        #expect(
            report.failures.map(\.description) == [
                "Spec, leaking, starts a task: too late (late: after 'Spec, leaking, starts a task' had finished, from a task it started)"
            ])
        #expect((report.passedCount, report.failedCount) == (1, 1))
    }

    /// State/Fresh.swift: an example's closures, the tasks they await, an
    /// `aroundEach` hook after its body and the example's cleanups share one
    /// fresh value, and the next example gets another.
    @Test func anExamplesClosuresAndTheirChildTasksShareItsFreshValue() async {
        let log = Log()
        let counter = Locked(0)
        let report = await SpecEngine.run(
            asyncRoot {
                let number = fresh {
                    counter.withLock {
                        $0 += 1
                        return $0
                    }
                }
                aroundEach("wrap") { body in
                    try await body()
                    log("wrap \(number.value)")
                }
                beforeEach { log("beforeEach \(number.value)") }
                it("one") {
                    async let child = number.value
                    log("child \(await child)")
                    log("task \(await Task { number.value }.value)")
                    deferCleanup { log("cleanup \(number.value)") }
                }
                it("two") { log("two \(number.value)") }
            })
        #expect(report.failures.isEmpty)
        #expect(
            log.entries == [
                "beforeEach 1", "child 1", "task 1", "wrap 1", "cleanup 1", "beforeEach 2", "two 2", "wrap 2",
            ])
    }

    /// TimeLimit.swift: a closure left behind by its time limit keeps its
    /// own runner; when it fails after its example ended, the failure is
    /// late, naming that example, and no other example fails.
    @Test func aClosureLeftBehindByItsTimeLimitThatFailsLaterNamesItsExample() async {
        let parked = ParkedClosure()
        let (posted, posting) = AsyncStream<String>.makeStream()
        let report = await SpecEngine.run(
            asyncRoot {
                beforeEach {}
                it("hangs", .timeLimit(.milliseconds(50))) {
                    await withCheckedContinuation { parked.park($0) }
                    let seen = ExampleRunner.current?.description ?? "nil"
                    _ = ExampleRunner.current?.post("left behind", at: Self.location)
                    posting.yield(seen)
                    posting.finish()
                }
                it("goes on") {
                    parked.resume()
                    for await seen in posted { #expect(seen == "Spec, hangs") }
                }
            })
        #expect(
            report.failures.map(\.description).dropFirst() == [
                "Spec, hangs: left behind (late: after 'Spec, hangs' had finished, from a task it started)"
            ])
        #expect(report.failures.first?.description.hasPrefix("Spec, hangs: the time limit of 0.05 seconds") == true)
        #expect((report.passedCount, report.failedCount) == (1, 1))
    }

    /// A spec run inside an example, or inside a `beforeAll`, binds frames of
    /// its own; once it has returned, the closure that ran it is the runner
    /// again, and a check there is that closure's.
    @Test func aClosureIsItsOwnRunnerAgainAfterASpecItRanHasReturned() async {
        let log = Log()
        let report = await SpecEngine.run(
            asyncRoot {
                beforeAll {
                    await SpecEngine.run(
                        asyncRoot("Inner") { it("runs") { log(ExampleRunner.current?.description ?? "nil") } })
                    log(ExampleRunner.current?.description ?? "nil")
                }
                it("nests") {
                    let inner = await SpecEngine.run(
                        asyncRoot("Inner") {
                            it("fails") { _ = ExampleRunner.current?.post("inner", at: Self.location) }
                        })
                    #expect(inner.failures.map(\.description) == ["Inner, fails: inner"])
                    log(ExampleRunner.current?.description ?? "nil")
                    _ = ExampleRunner.current?.post("outer", at: Self.location)
                }
            })
        #expect(log.entries == ["Inner, runs", "Spec, beforeAll", "Spec, nests"])
        #expect(report.failures.map(\.description) == ["Spec, nests: outer"])
    }

    /// ElementState.swift: another thread reads what a task of an element's
    /// `beforeEach` sees (the runner of its context, its path, and the
    /// element's scope, where it asks for a fresh value) while the walk runs
    /// the element's next closures, repeats it and closes its scope; under the
    /// thread sanitizer this shows whether the scope's state is read and
    /// written only under its lock, and a context only read. The reader sees
    /// the closure that started it and nothing else. Once as one run, once
    /// run by run (`.repeated(20)`).
    @Test(arguments: [1, 20]) func anotherThreadReadsTheRunnerWhileTheWalkRunsTheNextClosures(runs: Int) async {
        let seen = Locked<Set<String>>([])
        let stop = Locked(false)
        let report = await SpecEngine.run(
            asyncRoot {
                context("element") {
                    let (ended, ending) = AsyncStream<Void>.makeStream()
                    beforeEach {
                        stop.withLock { $0 = false }
                        guard let runner = ExampleRunner.current, let state = runner.state else {
                            ending.yield()
                            return
                        }
                        let key = ObjectIdentifier(Locked<Int>.self)
                        // A thread, not a task: it keeps reading, in parallel, without holding a thread of the pool.
                        // It pauses between reads, so that it does not keep a core, and the lock it reads under, to
                        // itself while other tests run.
                        let reader = Thread {
                            while !stop.current {
                                let description = runner.description
                                if case .found = state.lookUp(key) { seen.withLock { _ = $0.insert("a stale value") } }
                                _ = state.store(0, for: key)
                                seen.withLock { _ = $0.insert(description) }
                                usleep(10)
                            }
                            ending.yield()
                        }
                        reader.start()
                    }
                    it("repeats", .repeated(runs)) {
                        for _ in 0..<10 { await Task.yield() }
                    }
                    afterEach {
                        for _ in 0..<10 { await Task.yield() }
                        stop.withLock { $0 = true }
                        for await _ in ended { break }
                    }
                }
            })
        #expect(report.failures.isEmpty)
        #expect(report.passedCount == 1)
        #expect(seen.current.isSubset(of: ["Spec, element, repeats, beforeEach", "a stale value"]))
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
struct RunnerBindingRequireTests {
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

    /// A child task of an `aroundEach` hook (an `async let`) that runs while
    /// the body does, and whose `#require` fails then, is one failure of the
    /// hook, which awaits it after its body.
    @Test func aRequireInAChildTaskOfAnAroundEachHookThatFailsDuringItsBodyIsOneFailureOfTheHook() async throws {
        let (go, going) = AsyncStream<Void>.makeStream()
        let (done, finishing) = AsyncStream<Void>.makeStream()
        let run = try await ReportedRun.async("Reported around child") {
            aroundEach("watch") { body in
                async let watched: Void = {
                    for await _ in go { break }
                    defer { finishing.finish() }
                    try #require(Bool(false), "watched")
                }()
                try await body()
                try await watched
            }
            it("runs") {
                going.yield()
                for await _ in done {}
            }
        }
        #expect(
            run.tree == [
                "Reported around child", "  ✘ runs (t)", "    watch: Expectation failed: Bool(false) - watched",
            ])
        #expect(run.issues == ["Expectation failed: Bool(false) - watched"])
    }

    /// Each element of a `.concurrent` group has a walk, frames and an inbox
    /// of its own; a `#require` in one of them, in its example or in its
    /// `aroundEach` hook after the body, is still one failure of that closure.
    @Test func aRequireInAnElementOfAConcurrentGroupIsOneFailureOfItsClosure() async throws {
        let run = try await ReportedRun.async("Reported concurrent") {
            describe("both", .concurrent) {
                aroundEach("wrap") { body in
                    try await body()
                    try #require(Bool(false), "after")
                }
                it("a") {
                    await Task.yield()
                    try #require(Bool(false), "a")
                }
                it("b") { await Task.yield() }
            }
        }
        #expect(
            run.tree == [
                "Reported concurrent", "  both",
                "    ✘ a (t)", "      Expectation failed: Bool(false) - a",
                "      wrap: Expectation failed: Bool(false) - after",
                "    ✘ b (t)",
                "      wrap: Expectation failed: Bool(false) - after",
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

/// Behaviour#Main-actor-suites, for the contexts the drivers bind (around an
/// example, a group's hook, an `aroundEach` hook and its body, a run of a
/// retried example): every closure of a main-actor spec stays on the main
/// actor, and sees its own runner.
@MainActor
@Suite(.failsWhenCancelled) struct RunnerBindingMainActorTests: MainActorSuite {
    @Test func everyClosureOfAnAsynchronousMainActorSpecRunsOnTheMainActor() async throws {
        let log = Log()
        func note() {
            log("\(MainActorCheck.isOnMainActor ? "main" : "OFF MAIN") \(ExampleRunner.current?.description ?? "nil")")
        }
        try await spec("Screen") {
            beforeAll {
                note()
                deferCleanup { note() }
            }
            aroundEach("wrap") { body in
                note()
                try await body()
                note()
            }
            it("yields") {
                await Task.yield()
                note()
            }
            context("both", .concurrent) {
                beforeEach { note() }
                it("a") { note() }
                it("b") { note() }
            }
            it("retries", .retries(1)) { note() }
            afterAll { note() }
        }
        let expected = [
            "main Screen, beforeAll",
            "main Screen, yields, wrap", "main Screen, yields", "main Screen, yields, wrap",
            "main Screen, both, wrap", "main Screen, both, a, beforeEach", "main Screen, both, a",
            "main Screen, both, b, beforeEach", "main Screen, both, b", "main Screen, both, wrap",
            "main Screen, retries, wrap", "main Screen, retries", "main Screen, retries, wrap",
            "main Screen, afterAll", "main Screen, beforeAll",
        ]
        // The concurrent group's elements may interleave; each of its entries is there once.
        #expect(log.entries.sorted() == expected.sorted())
        #expect(log.entries.allSatisfy { $0.hasPrefix("main ") })
    }
}

/// A continuation that only the test resumes, for a closure that ignores its cancellation.
private final class ParkedClosure: Sendable {
    private let state = Locked<(continuation: CheckedContinuation<Void, Never>?, resumed: Bool)>((nil, false))

    func park(_ continuation: CheckedContinuation<Void, Never>) {
        let resumed = state.withLock { state in
            if !state.resumed { state.continuation = continuation }
            return state.resumed
        }
        if resumed { continuation.resume() }
    }

    func resume() {
        state.withLock { state in
            state.resumed = true
            return state.continuation.take()
        }?.resume()
    }
}

/// Runs `body` on a thread of its own, which has no task and so no
/// task-local value of the caller's, and waits for it.
private func onAnotherThread(_ body: () throws -> Void) throws {
    try withoutActuallyEscaping(body) { body in
        let call = ThreadCall(body: body)
        let done = DispatchSemaphore(value: 0)
        let thread = Thread {
            call.run()
            done.signal()
        }
        thread.start()
        done.wait()
        try call.result.get()
    }
}

/// Carries a closure to the thread that runs it.
///
/// @unchecked Sendable: the closure runs once, on that thread, while the
/// caller waits for it (`done`), and `result` is read only after that. It is
/// let go before the caller goes on, as `withoutActuallyEscaping` requires
/// (the thread may still hold this object).
private final class ThreadCall: @unchecked Sendable {
    private var body: (() throws -> Void)?
    var result: Result<Void, any Error> = .success(())

    init(body: @escaping () throws -> Void) {
        self.body = body
    }

    func run() {
        let body = self.body.take()
        result = Result { try body?() }
    }
}
