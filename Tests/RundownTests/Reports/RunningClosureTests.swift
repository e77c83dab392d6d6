import Foundation
import Rundown
import RundownEngine
import RundownTestSupport
import Testing

/// Behaviour#The-running-element, for the context the drivers bind around
/// each closure (RunContext.swift): what a closure, an `aroundEach` hook
/// around its body, and the tasks they start see as `ExampleRunner.current`,
/// and that no runner outlives its spec.
@Suite(.failsWhenCancelled) struct RunningClosureTests {
    @Test func aClosureSeesOneRunnerThroughout() async throws {
        let log = Log()
        try await spec("Spec") {
            it("waits") {
                let before = ExampleRunner.current
                await Task.yield()
                log(before != nil && before === ExampleRunner.current ? "same" : "changed")
            }
        }
        #expect(log.entries == ["same"])
    }

    @Test func anAroundEachHookSeesItselfAgainAfterItsBodyInASynchronousSpec() throws {
        let log = Log()
        try spec("Spec") {
            aroundEach("wrap") { body in
                let before = ExampleRunner.current
                log("before: \(before?.description ?? "nil")")
                try body()
                log("after: \(ExampleRunner.current?.description ?? "nil")")
                log(before === ExampleRunner.current ? "same" : "changed")
            }
            beforeEach { log(ExampleRunner.current?.description ?? "nil") }
            it("runs") { log(ExampleRunner.current?.description ?? "nil") }
        }
        #expect(
            log.entries == [
                "before: Spec, runs, wrap", "Spec, runs, beforeEach", "Spec, runs", "after: Spec, runs, wrap", "same",
            ])
    }

    @Test func anAroundEachHookSeesItselfAgainAfterItsBodyInAnAsynchronousSpec() async throws {
        let log = Log()
        try await spec("Spec") {
            aroundEach("wrap") { body in
                let before = ExampleRunner.current
                log("before: \(before?.description ?? "nil")")
                try await body()
                log("after: \(ExampleRunner.current?.description ?? "nil")")
                log(before === ExampleRunner.current ? "same" : "changed")
            }
            it("runs") {
                await Task.yield()
                log(ExampleRunner.current?.description ?? "nil")
            }
        }
        #expect(log.entries == ["before: Spec, runs, wrap", "Spec, runs", "after: Spec, runs, wrap", "same"])
    }

    @Test func aFailureAnAroundEachHookRecordsAfterItsBodyIsTheHooks() async throws {
        let check = SharedResource("running closure: after the body")
        let report = await SpecEngine.run(
            asyncRoot {
                aroundEach("wrap") { body in
                    try await body()
                    check.expectHeld()
                }
                it("runs") {}
            })
        #expect(report.failures.map { $0.path } == [["Spec", "runs", "wrap"]])
    }

    @Test func aTaskOfABeforeAllSeesTheBeforeAllWhileTheExamplesRun() async throws {
        let log = Log()
        let task = TaskLeftRunning(.tellItsRunner)
        try await spec("Spec") {
            beforeAll { task.start() }
            it("asks the task") { log(await task.letItAct()) }
        }
        #expect(log.entries == ["Spec, beforeAll"])
    }

    /// The closure that started it, for as long as it lives: its element's
    /// `beforeEach`, while the example runs.
    @Test func aTaskOfABeforeEachThatOutlivesItSeesItsHook() async throws {
        let log = Log()
        let task = TaskLeftRunning(.tellItsRunner)
        try await spec("Spec") {
            context("an element") {
                beforeEach { task.start() }
                it("asks the task") { log(await task.letItAct()) }
            }
        }
        #expect(log.entries == ["Spec, an element, asks the task, beforeEach"])
    }

    /// Contract section 6: a failure recorded after its example ended is late, naming the example that
    /// started the task, whichever of its closures that was.
    @Test(arguments: ["beforeEach", "example"])
    func aTaskThatFailsAfterItsExampleEndedNamesTheExample(startedIn closure: String) async {
        let task = TaskLeftRunning(.fail)
        let report = await SpecEngine.run(
            asyncRoot("Spec") {
                context("leaking") {
                    beforeEach { if closure == "beforeEach" { task.start() } }
                    it("starts a task") { if closure == "example" { task.start() } }
                    afterEach {}
                }
                it("lets it fail") { await task.letItAct() }
            })
        #expect(
            report.failures.map(\.description) == [
                "Spec, leaking, starts a task: too late (late: after 'Spec, leaking, starts a task' had finished, from a task it started)"
            ])
        #expect((report.passedCount, report.failedCount) == (1, 1))
    }

    @Test func noRunnerOutlivesItsSynchronousSpec() throws {
        let kept = WeakRunners()
        try spec("Spec") {
            beforeEach { kept.add(ExampleRunner.current) }
            it("one") { kept.add(ExampleRunner.current) }
            it("two") { kept.add(ExampleRunner.current) }
        }
        #expect(kept.made == 4)
        #expect(kept.allGone())
    }

    @Test func noRunnerOutlivesItsAsynchronousSpec() async throws {
        let kept = WeakRunners()
        try await spec("Spec") {
            beforeAll { kept.add(ExampleRunner.current) }
            it("one") {
                await Task.yield()
                kept.add(ExampleRunner.current)
            }
            afterEach { kept.add(ExampleRunner.current) }
        }
        #expect(kept.made == 3)
        #expect(kept.allGone())
    }
}

/// A task that a closure starts and leaves running: it waits until another
/// closure, later, lets it act, then acts through `ExampleRunner.current`.
struct TaskLeftRunning: Sendable {
    /// What the task does when it is let go on; what it says is the answer.
    enum Act: Sendable {
        /// Says which runner it sees.
        case tellItsRunner
        /// Posts a failure to its runner, and says nothing.
        case fail
    }

    private let act: Act
    private let go: AsyncStream<Void>
    private let going: AsyncStream<Void>.Continuation
    private let answers: AsyncStream<String>
    private let answering: AsyncStream<String>.Continuation

    init(_ act: Act) {
        self.act = act
        (go, going) = AsyncStream.makeStream()
        (answers, answering) = AsyncStream.makeStream()
    }

    func start() {
        Task {
            for await _ in go { break }
            switch act {
            case .tellItsRunner:
                answering.yield(ExampleRunner.current?.description ?? "nil")
            case .fail:
                let location = CodeLocation(
                    fileID: "RundownTests/RunningClosureTests.swift", filePath: #filePath, line: 1, column: 1)
                _ = ExampleRunner.current?.post("too late", at: location)
            }
            answering.finish()
        }
    }

    /// Lets the task act, and returns what it said once it has acted.
    @discardableResult func letItAct() async -> String {
        going.yield()
        var said: [String] = []
        for await answer in answers { said.append(answer) }
        return said.joined(separator: " | ")
    }
}

/// Runners held weakly, to see whether any is still alive.
private final class WeakRunners: @unchecked Sendable {
    // @unchecked: `runners` is read and written only under `lock`.
    private struct Weak {
        weak var runner: ExampleRunner?
    }
    private let lock = NSLock()
    private var runners: [Weak] = []

    func add(_ runner: ExampleRunner?) {
        lock.withLock { runners.append(Weak(runner: runner)) }
    }

    var made: Int { lock.withLock { runners.count } }
    var alive: Int { lock.withLock { runners.filter { $0.runner != nil }.count } }

    /// Whether every runner is gone, given a few seconds: where progress
    /// reports are on (`CI` set), the board's thread may hold a runner for
    /// the moment it takes to stamp it, and lets go then; a runner a spec
    /// leaked is never gone.
    func allGone() -> Bool {
        let deadline = ContinuousClock.now + .seconds(10)
        while alive > 0, ContinuousClock.now < deadline { Thread.sleep(forTimeInterval: 0.01) }
        return alive == 0
    }
}
