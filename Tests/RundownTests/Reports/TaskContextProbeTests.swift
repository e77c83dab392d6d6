import Foundation
import Rundown
import RundownEngine
import RundownTestSupport
import Testing

/// Behaviour#The-running-element, probed where a context a task inherits
/// (RunContext.swift) could name the wrong example: tasks that copy it from a
/// child task, from a hook or a cleanup, from inside an `aroundEach` body,
/// under a time limit, in a nested spec or a concurrent group, tasks that end
/// just as their example does, and readers racing the walk as it moves on.
/// Each task must see the example that started it, and each example itself.
@Suite(.failsWhenCancelled) struct TaskContextProbeTests {
    private static let location = CodeLocation(
        fileID: "RundownTests/TaskContextProbeTests.swift", filePath: #filePath, line: 1, column: 1)

    /// A task that ended inside its example, then a task the next example
    /// leaves running: that one goes on seeing its example, not the first and
    /// not the one after it.
    @Test func aTaskOfALaterExampleSeesThatExampleAfterAnEarlierTaskEndedInsideItsOwn() async throws {
        let log = Log()
        let task = TaskLeftRunning(.tellItsRunner)
        try await spec("Spec") {
            it("one") {
                let seen = await Task { ExampleRunner.current?.description ?? "nil" }.value
                log("one's task saw: \(seen)")
            }
            it("two") { task.start() }
            it("three") {
                log("two's task sees: \(await task.letItAct())")
                log(ExampleRunner.current?.description ?? "nil")
            }
        }
        #expect(log.entries == ["one's task saw: Spec, one", "two's task sees: Spec, two", "Spec, three"])
    }

    /// A task started by a child task of the example (which reads the
    /// example's context without copying it) copies the context, as a task
    /// the example started itself does.
    @Test(arguments: ["async let", "task group", "discarding task group"])
    func aTaskStartedFromAChildTaskSeesItsExampleWhileTheNextOneRuns(from child: String) async throws {
        let log = Log()
        let task = TaskLeftRunning(.tellItsRunner)
        try await spec("Spec") {
            it("one") {
                switch child {
                case "async let":
                    async let started: Void = task.start()
                    await started
                case "task group":
                    await withTaskGroup(of: Void.self) { group in group.addTask { task.start() } }
                default:
                    if #available(macOS 14.0, iOS 17.0, tvOS 17.0, watchOS 10.0, *) {
                        await withDiscardingTaskGroup { group in group.addTask { task.start() } }
                    } else {
                        // No discarding group before these systems: the test case is the task group's.
                        await withTaskGroup(of: Void.self) { group in group.addTask { task.start() } }
                    }
                }
            }
            it("two") {
                log("the task sees: \(await task.letItAct())")
                log(ExampleRunner.current?.description ?? "nil")
            }
        }
        #expect(log.entries == ["the task sees: Spec, one", "Spec, two"])
    }

    /// A detached task inherits no context: it sees no example.
    @Test func aDetachedTaskIsNoExamples() async throws {
        let log = Log()
        let (go, going) = AsyncStream<Void>.makeStream()
        let (answers, answering) = AsyncStream<String>.makeStream()
        try await spec("Spec") {
            it("one") {
                log(ExampleRunner.current?.description ?? "nil")
                Task.detached {
                    for await _ in go { break }
                    answering.yield(ExampleRunner.current?.description ?? "nil")
                    answering.finish()
                }
            }
            it("two") {
                log(ExampleRunner.current?.description ?? "nil")
                going.yield()
                for await answer in answers { log("the detached task sees: \(answer)") }
            }
        }
        #expect(log.entries == ["Spec, one", "Spec, two", "the detached task sees: nil"])
    }

    /// Contract section 6: a task an example's `afterEach` hook or its cleanup
    /// leaves running, which fails while the next example runs, fails late the
    /// example that started it, once, and the next example passes.
    @Test(arguments: ["afterEach", "deferCleanup"])
    func aTaskLeftByATeardownFailsItsOwnExampleLateInAnAsynchronousSpec(startedIn teardown: String) async {
        let task = TaskLeftRunning(.fail)
        let report = await SpecEngine.run(
            asyncRoot {
                it("one") {
                    if teardown == "deferCleanup" { deferCleanup { task.start() } }
                }
                it("two") { await task.letItAct() }
                it("three") {}
                afterEach {
                    if teardown == "afterEach", ExampleRunner.current?.path == ["Spec", "one", "afterEach"] {
                        task.start()
                    }
                }
            })
        #expect(
            report.failures.map(\.description) == [
                "Spec, one: too late (late: after 'Spec, one' had finished, from a task it started)"
            ])
        #expect((report.passedCount, report.failedCount) == (2, 1))
    }

    /// The same from a synchronous spec run on a thread that runs no task:
    /// the task copies the context bound on the thread.
    @Test(arguments: ["example", "afterEach", "deferCleanup"])
    func aTaskLeftInASynchronousSpecOnAPlainThreadFailsItsOwnExampleLate(startedIn closure: String) async {
        let task = BlockingTaskLeftRunning(.fail)
        let inTask = Locked<Bool?>(nil)
        let report = await onPlainThread {
            inTask.withLock { $0 = withUnsafeCurrentTask { $0 != nil } }
            return SpecEngine.run(
                root {
                    it("one") {
                        if closure == "example" { task.start() }
                        if closure == "deferCleanup" { deferCleanup { task.start() } }
                    }
                    it("two") { task.letItAct() }
                    it("three") {}
                    afterEach {
                        if closure == "afterEach", ExampleRunner.current?.path == ["Spec", "one", "afterEach"] {
                            task.start()
                        }
                    }
                })
        }
        #expect(inTask.current == false)
        #expect(
            report.failures.map(\.description) == [
                "Spec, one: too late (late: after 'Spec, one' had finished, from a task it started)"
            ])
        #expect((report.passedCount, report.failedCount) == (2, 1))
    }

    /// Code inside an `aroundEach` body runs in the contexts of its own
    /// closures: a task it leaves sees its example; a task the hook itself
    /// leaves sees the hook.
    @Test func tasksLeftByAnAroundEachHookAndInsideItsBodySeeTheirsWhileTheNextExampleRuns() async throws {
        let log = Log()
        let hookTask = TaskLeftRunning(.tellItsRunner)
        let bodyTask = TaskLeftRunning(.tellItsRunner)
        try await spec("Spec") {
            aroundEach { body in
                if ExampleRunner.current?.path == ["Spec", "one", "aroundEach"] { hookTask.start() }
                try await body()
            }
            it("one") { bodyTask.start() }
            it("two") {
                log("the hook's task sees: \(await hookTask.letItAct())")
                log("the body's task sees: \(await bodyTask.letItAct())")
                log(ExampleRunner.current?.description ?? "nil")
            }
            it("three") { log(ExampleRunner.current?.description ?? "nil") }
        }
        #expect(
            log.entries == [
                "the hook's task sees: Spec, one, aroundEach", "the body's task sees: Spec, one", "Spec, two",
                "Spec, three",
            ])
    }

    /// A closure under a time limit runs in a task that copies its context: a
    /// task it leaves sees its example, and so does every example after it.
    @Test func aTaskLeftByAnExampleUnderATimeLimitSeesItsExampleWhileTheNextOneRuns() async throws {
        let log = Log()
        let task = TaskLeftRunning(.tellItsRunner)
        try await spec("Spec") {
            it("one", .timeLimit(.seconds(60))) { task.start() }
            it("two", .timeLimit(.seconds(60))) {
                log("the task sees: \(await task.letItAct())")
                log(ExampleRunner.current?.description ?? "nil")
            }
            it("three") { log(ExampleRunner.current?.description ?? "nil") }
        }
        #expect(log.entries == ["the task sees: Spec, one", "Spec, two", "Spec, three"])
    }

    /// An example that repeats: a task of its first run fails that run late,
    /// naming it, and the plain examples on both sides of it see themselves.
    @Test func aRepeatedExampleBetweenPlainOnesKeepsItsTasks() async {
        let task = TaskLeftRunning(.fail)
        let log = Log()
        let runs = Locked(0)
        let report = await SpecEngine.run(
            asyncRoot {
                it("one") { log(ExampleRunner.current?.description ?? "nil") }
                it("two", .repeated(2)) {
                    if runs.withLock({ runs in
                        runs += 1
                        return runs == 1
                    }) {
                        task.start()
                    }
                }
                it("three") {
                    log(ExampleRunner.current?.description ?? "nil")
                    await task.letItAct()
                }
            })
        #expect(log.entries == ["Spec, one", "Spec, three"])
        #expect(
            report.failures.map(\.description) == [
                "Spec, two: too late (late: after 'Spec, two' had finished repetition 1 of 2, from a task it started)"
            ])
        #expect((report.passedCount, report.failedCount) == (2, 1))
    }

    /// A spec run inside an example binds contexts of its own: a task one of
    /// its examples leaves sees that example while the outer spec goes on.
    @Test func aTaskLeftByAnExampleOfANestedSpecSeesThatExample() async throws {
        let log = Log()
        let task = TaskLeftRunning(.tellItsRunner)
        try await spec("Outer") {
            it("one") {
                try await spec("Inner") {
                    it("leaves a task") { task.start() }
                    it("after it") { log(ExampleRunner.current?.description ?? "nil") }
                }
                log(ExampleRunner.current?.description ?? "nil")
            }
            it("two") {
                log("the task sees: \(await task.letItAct())")
                log(ExampleRunner.current?.description ?? "nil")
            }
        }
        #expect(
            log.entries == [
                "Inner, after it", "Outer, one", "the task sees: Inner, leaves a task", "Outer, two",
            ])
    }

    /// The groups nested in a concurrent group run in child tasks, each with
    /// a walk of its own: a task one of their examples leaves sees that
    /// example while its siblings, and the other group's examples, run.
    @Test func tasksLeftByExamplesOfGroupsInAConcurrentGroupSeeTheirOwn() async throws {
        let log = Log()
        let tasks = ["a": TaskLeftRunning(.tellItsRunner), "b": TaskLeftRunning(.tellItsRunner)]
        try await spec("Spec") {
            describe("both", .concurrent) {
                for name in ["a", "b"] {
                    context(name) {
                        it("leaves a task") {
                            await Task.yield()
                            tasks[name]?.start()
                        }
                        it("asks it") {
                            let seen = await tasks[name]?.letItAct() ?? "?"
                            log("\(ExampleRunner.current?.description ?? "nil"): its task sees: \(seen)")
                        }
                    }
                }
            }
        }
        #expect(
            log.entries.sorted() == [
                "Spec, both, a, asks it: its task sees: Spec, both, a, leaves a task",
                "Spec, both, b, asks it: its task sees: Spec, both, b, leaves a task",
            ])
    }

    /// The group's last example leaves a task: the group's `afterAll` still
    /// runs as itself, and the task still sees its example; the same when the
    /// last element is a nested group after examples.
    @Test(arguments: ["an example", "a nested group"])
    func theGroupsAfterAllSeesItselfWhenItsLastElementIs(last: String) async throws {
        let log = Log()
        let task = TaskLeftRunning(.tellItsRunner)
        try await spec("Spec") {
            context("group") {
                it("one") { log(ExampleRunner.current?.description ?? "nil") }
                if last == "an example" {
                    it("two") { task.start() }
                } else {
                    context("nested") {
                        it("two") { task.start() }
                    }
                }
                afterAll {
                    log(ExampleRunner.current?.description ?? "nil")
                    log("the task sees: \(await task.letItAct())")
                }
            }
            it("after the group") { log(ExampleRunner.current?.description ?? "nil") }
        }
        let two = last == "an example" ? "Spec, group, two" : "Spec, group, nested, two"
        #expect(
            log.entries == [
                "Spec, group, one", "Spec, group, afterAll", "the task sees: \(two)", "Spec, after the group",
            ])
    }

    /// The same in a synchronous spec on a thread that runs no task.
    @Test(arguments: ["an example", "a nested group"])
    func theGroupsAfterAllSeesItselfInASynchronousSpecWhenItsLastElementIs(last: String) async throws {
        let log = Log()
        let task = BlockingTaskLeftRunning(.tellItsRunner)
        let report = await onPlainThread {
            SpecEngine.run(
                root {
                    context("group") {
                        it("one") { log(ExampleRunner.current?.description ?? "nil") }
                        if last == "an example" {
                            it("two") { task.start() }
                        } else {
                            context("nested") {
                                it("two") { task.start() }
                            }
                        }
                        afterAll {
                            log(ExampleRunner.current?.description ?? "nil")
                            log("the task sees: \(task.letItAct())")
                        }
                    }
                    it("after the group") { log(ExampleRunner.current?.description ?? "nil") }
                })
        }
        let two = last == "an example" ? "Spec, group, two" : "Spec, group, nested, two"
        #expect(report.failures.isEmpty)
        #expect(
            log.entries == [
                "Spec, group, one", "Spec, group, afterAll", "the task sees: \(two)", "Spec, after the group",
            ])
    }

    /// A fresh value is found through `ExampleRunner.current`: a task its
    /// example left running that reads it while the next example runs never
    /// gets the next example's value; the read is a misuse, late, of the
    /// example that started the task.
    @Test func aTaskLeftRunningNeverReadsTheNextExamplesFreshValue() async {
        let log = Log()
        let (go, going) = AsyncStream<Void>.makeStream()
        let (done, finishing) = AsyncStream<Void>.makeStream()
        let report = await SpecEngine.run(
            asyncRoot {
                let name = fresh { "unset" }
                it("one") {
                    name.value = "one"
                    Task {
                        for await _ in go { break }
                        log("the task reads: \(name.value)")
                        finishing.finish()
                    }
                }
                it("two") {
                    name.value = "two"
                    going.yield()
                    for await _ in done {}
                    log("two reads: \(name.value)")
                }
            })
        #expect(log.entries == ["the task reads: unset", "two reads: two"])
        #expect(report.failures.map(\.path) == [["Spec", "one"]])
        #expect(report.failures.map(\.description).allSatisfy { $0.contains("(late: after 'Spec, one' had finished") })
        #expect((report.passedCount, report.failedCount) == (1, 1))
    }

    /// A task reads its context over and over while the walk ends its
    /// example and runs many more: it never sees any example but its own.
    @Test func aTaskReadingWhileTheWalkMovesOnSeesOnlyItsExample() async throws {
        let reader = Reader()
        let log = Log()
        try await spec("Spec") {
            it("starts a reader") { reader.start() }
            for index in 0..<50 {
                it("e\(index)") {
                    await reader.awaitARead()
                    log(ExampleRunner.current?.description ?? "nil")
                }
            }
            it("stops it") {}
        }
        let seen = await reader.stop()
        #expect(seen == ["Spec, starts a reader"])
        #expect(log.entries == (0..<50).map { "Spec, e\($0)" })
    }

    /// The same in a synchronous spec on a thread that runs no task.
    @Test func aTaskReadingWhileASynchronousWalkMovesOnSeesOnlyItsExample() async throws {
        let reader = Reader()
        let report = await onPlainThread {
            SpecEngine.run(
                root {
                    it("starts a reader") { reader.start() }
                    for index in 0..<50 {
                        it("e\(index)") {
                            reader.waitForARead()
                            guard ExampleRunner.current?.description == "Spec, e\(index)" else {
                                throw Boom("e\(index) saw \(ExampleRunner.current?.description ?? "nil")")
                            }
                        }
                    }
                })
        }
        let seen = await reader.stop()
        #expect(seen == ["Spec, starts a reader"])
        #expect(report.failures.isEmpty)
        #expect(report.passedCount == 51)
    }

    /// Many examples each start a task that ends at about the time its
    /// example does, sooner or later: every task sees its own example, never
    /// the next.
    @Test func tasksEndingAsTheirExamplesEndSeeTheirOwn() async throws {
        let seen = Locked<[String]>([])
        let (ended, ending) = AsyncStream<Void>.makeStream()
        let count = 200
        try await spec("Spec") {
            for index in 0..<count {
                it("e\(index)") {
                    Task {
                        for _ in 0..<(index % 4) { await Task.yield() }
                        let said = ExampleRunner.current?.description ?? "nil"
                        if said != "Spec, e\(index)" { seen.withLock { $0.append("e\(index) saw \(said)") } }
                        ending.yield()
                    }
                    for _ in 0..<(index % 3) { await Task.yield() }
                }
            }
        }
        var remaining = count
        for await _ in ended {
            remaining -= 1
            if remaining == 0 { break }
        }
        #expect(seen.current == [])
    }

    /// The same in a synchronous spec on a thread that runs no task.
    @Test func tasksEndingAsTheirSynchronousExamplesEndSeeTheirOwn() async throws {
        let seen = Locked<[String]>([])
        let (ended, ending) = AsyncStream<Void>.makeStream()
        let count = 200
        let report = await onPlainThread {
            SpecEngine.run(
                root {
                    for index in 0..<count {
                        it("e\(index)") {
                            Task {
                                for _ in 0..<(index % 4) { await Task.yield() }
                                let said = ExampleRunner.current?.description ?? "nil"
                                if said != "Spec, e\(index)" { seen.withLock { $0.append("e\(index) saw \(said)") } }
                                ending.yield()
                            }
                        }
                    }
                })
        }
        var remaining = count
        for await _ in ended {
            remaining -= 1
            if remaining == 0 { break }
        }
        #expect(report.passedCount == count)
        #expect(seen.current == [])
    }

    /// However the plan orders and selects the examples (shuffled by a seed,
    /// filtered, sharded, focused), each task an example leaves running sees
    /// that example while the example run after it runs.
    @Test(arguments: ["seed 7", "seed 12345", "filter", "shard", "focus"])
    func tasksLeftRunningSeeTheirExampleHoweverThePlanOrdersThem(plan: String) async {
        let relay = Relay()
        let controls =
            switch plan {
            case "seed 7": RunControls(seed: 7)
            case "seed 12345": RunControls(seed: 12_345)
            case "filter": RunControls(filter: ["b"])
            case "shard": RunControls(shard: Shard(index: 1, count: 2))
            default: RunControls()
            }
        let report = await SpecEngine.run(
            asyncRoot {
                context("a") {
                    for index in 0..<4 {
                        it("e\(index)") { await relay.arrive("Spec, a, e\(index)") }
                    }
                }
                if plan == "focus" {
                    context("b", .focused) {
                        for index in 0..<4 {
                            it("e\(index)") { await relay.arrive("Spec, b, e\(index)") }
                        }
                    }
                } else {
                    context("b") {
                        for index in 0..<4 {
                            it("e\(index)") { await relay.arrive("Spec, b, e\(index)") }
                        }
                    }
                }
                it("e") { await relay.arrive("Spec, e") }
            },
            controls: controls)
        let handed = await relay.finish()
        #expect(report.failures.isEmpty)
        #expect(handed.count == report.passedCount)
        #expect(handed.count > 1)
        #expect(handed.allSatisfy { $0.started == $0.seen }, "\(handed)")
    }
}

/// Runs `body` on a thread of its own, which runs no task, and returns what it returned.
private func onPlainThread<Result: Sendable>(_ body: @escaping @Sendable () -> Result) async -> Result {
    await withCheckedContinuation { (done: CheckedContinuation<Result, Never>) in
        Thread { done.resume(returning: body()) }.start()
    }
}

/// A task that a synchronous closure starts and leaves running, which
/// another, later, lets act and waits for, blocking its thread.
private struct BlockingTaskLeftRunning: Sendable {
    private let act: TaskLeftRunning.Act
    private let go: AsyncStream<Void>
    private let going: AsyncStream<Void>.Continuation
    private let answer = Locked<[String]>([])
    private let acted = DispatchSemaphore(value: 0)

    init(_ act: TaskLeftRunning.Act) {
        self.act = act
        (go, going) = AsyncStream.makeStream()
    }

    func start() {
        Task { [go, act, answer, acted] in
            for await _ in go { break }
            switch act {
            case .tellItsRunner:
                let said = ExampleRunner.current?.description ?? "nil"
                answer.withLock { $0.append(said) }
            case .fail:
                let location = CodeLocation(
                    fileID: "RundownTests/TaskContextProbeTests.swift", filePath: #filePath, line: 1, column: 1)
                _ = ExampleRunner.current?.post("too late", at: location)
            }
            acted.signal()
        }
    }

    /// Lets the task act, and returns what it said once it has acted; blocks the calling thread.
    @discardableResult func letItAct() -> String {
        going.yield()
        acted.wait()
        return answer.current.joined(separator: " | ")
    }
}

/// A task that reads `ExampleRunner.current` over and over until stopped,
/// and keeps every answer it got, once each, in order.
private final class Reader: Sendable {
    private let stopping = Locked(false)
    private let reads = Locked(0)
    private let answers = Locked<[String]>([])
    private let (done, finishing) = AsyncStream<Void>.makeStream()

    func start() {
        Task { [stopping, reads, answers, finishing] in
            while !stopping.current {
                let said = ExampleRunner.current?.description ?? "nil"
                answers.withLock { if $0.last != said { $0.append(said) } }
                reads.withLock { $0 += 1 }
                await Task.yield()
            }
            finishing.finish()
        }
    }

    /// Returns once the task has read again, so that its reads and the
    /// closures of the walk interleave; blocks the calling thread.
    func waitForARead() {
        let before = reads.current
        while reads.current == before { sched_yield() }
    }

    /// Returns once the task has read again.
    func awaitARead() async {
        let before = reads.current
        while reads.current == before { await Task.yield() }
    }

    /// Stops the task and returns what it saw.
    func stop() async -> [String] {
        stopping.withLock { $0 = true }
        for await _ in done {}
        return answers.current
    }
}

/// Hands a task on from each example to the one that runs after it: each
/// example lets the task the one before it left act, then leaves its own.
private final class Relay: Sendable {
    struct Handed: Sendable, CustomStringConvertible {
        var started: String
        var seen: String
        var description: String { "\(started) → \(seen)" }
    }

    private let waiting = Locked<(started: String, task: TaskLeftRunning)?>(nil)
    private let handed = Locked<[Handed]>([])

    /// Called by the example `name`: checks it sees itself, lets the task
    /// left before it act, and leaves one of its own.
    func arrive(_ name: String) async {
        let said = ExampleRunner.current?.description ?? "nil"
        if said != name { handed.withLock { $0.append(Handed(started: name, seen: "itself as \(said)")) } }
        await letTheWaitingOneAct()
        let task = TaskLeftRunning(.tellItsRunner)
        task.start()
        waiting.withLock { $0 = (name, task) }
    }

    /// Lets the last task act, and returns what every task saw.
    func finish() async -> [Handed] {
        await letTheWaitingOneAct()
        return handed.current
    }

    private func letTheWaitingOneAct() async {
        guard
            let (started, task) = waiting.withLock({ waiting in
                defer { waiting = nil }
                return waiting
            })
        else { return }
        let seen = await task.letItAct()
        handed.withLock { $0.append(Handed(started: started, seen: seen)) }
    }
}

/// Behaviour#Late-failures-name-their-example under the Swift Testing host: an `#expect` that
/// fails in a task an example left running, while the next example of its
/// group runs and records an issue of its own, is a late failure of the
/// example that started the task; the next example fails with its own issue
/// only. Each is recorded once.
@Suite(.compactMapIssues(ReportedRun.capture))
struct TaskContextReportedTests {
    @Test func anExpectInATaskLeftRunningFailsItsExampleNotTheOneRunningNow() async throws {
        let (go, going) = AsyncStream<Void>.makeStream()
        let (done, finishing) = AsyncStream<Void>.makeStream()
        let run = try await ReportedRun.async("Reported task context") {
            it("leaves a task") {
                Task {
                    for await _ in go { break }
                    #expect(Bool(false))
                    finishing.finish()
                }
            }
            it("lets it fail") {
                going.yield()
                for await _ in done {}
                Issue.record("its own")
            }
            it("runs after") {}
        }
        let late =
            "Expectation failed: Bool(false) (late: after 'Reported task context, leaves a task' had finished, from a "
            + "task it started)"
        #expect(
            run.tree == [
                "Reported task context", "  ✔ leaves a task (t)", "  ✘ leaves a task: \(late)", "  ✘ lets it fail (t)",
                "    Issue recorded - its own", "  ✔ runs after (t)",
            ])
        #expect(run.junit.cases.map(\.failures) == [[late], ["Issue recorded - its own"], []])
        #expect(run.issues.sorted() == ["Expectation failed: Bool(false)", "Issue recorded - its own"])
    }
}
