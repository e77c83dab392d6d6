import Foundation
import Rundown
import RundownEngine
import RundownTestSupport
import Testing

/// Behaviour#The-running-element, for the context each closure runs in
/// (RunContext.swift): sibling examples see themselves, and a task that
/// outlives its example still sees that example (or the hook that started it)
/// while its siblings run, in both drivers.
@Suite(.failsWhenCancelled) struct TaskContextTests {
    @Test func siblingExamplesSeeThemselvesInASynchronousSpec() throws {
        let log = Log()
        try spec("Spec") {
            beforeEach { log(ExampleRunner.current?.description ?? "nil") }
            it("one") { log(ExampleRunner.current?.description ?? "nil") }
            it("two") { log(ExampleRunner.current?.description ?? "nil") }
            it("three") { log(ExampleRunner.current?.description ?? "nil") }
        }
        #expect(
            log.entries == [
                "Spec, one, beforeEach", "Spec, one", "Spec, two, beforeEach", "Spec, two", "Spec, three, beforeEach",
                "Spec, three",
            ])
    }

    @Test func siblingExamplesSeeThemselvesInAnAsynchronousSpec() async throws {
        let log = Log()
        try await spec("Spec") {
            it("one") {
                await Task.yield()
                log(ExampleRunner.current?.description ?? "nil")
            }
            it("two") { log(ExampleRunner.current?.description ?? "nil") }
            afterEach { log(ExampleRunner.current?.description ?? "nil") }
        }
        #expect(log.entries == ["Spec, one", "Spec, one, afterEach", "Spec, two", "Spec, two, afterEach"])
    }

    /// The task keeps the context it started in, and goes on seeing the
    /// example that started it while the next ones run.
    @Test func aTaskLeftRunningSeesItsExampleWhileTheNextOneRuns() async throws {
        let log = Log()
        let task = TaskLeftRunning(.tellItsRunner)
        try await spec("Spec") {
            it("starts a task") {
                log(ExampleRunner.current?.description ?? "nil")
                task.start()
            }
            it("asks the task") {
                log(ExampleRunner.current?.description ?? "nil")
                log("the task sees: \(await task.letItAct())")
            }
            it("runs after") { log(ExampleRunner.current?.description ?? "nil") }
        }
        #expect(
            log.entries == [
                "Spec, starts a task", "Spec, asks the task", "the task sees: Spec, starts a task", "Spec, runs after",
            ])
    }

    /// The task keeps the runner of the hook that started it, which names the hook's example.
    @Test func aTaskLeftRunningByAHookSeesItsHookWhileTheNextOneRuns() async throws {
        let log = Log()
        let task = TaskLeftRunning(.tellItsRunner)
        let started = Protected(false)
        try await spec("Spec") {
            beforeEach {
                let first = started.withLock { started in
                    defer { started = true }
                    return !started
                }
                if first { task.start() }
            }
            it("one") {}
            it("two") { log("the task sees: \(await task.letItAct())") }
        }
        #expect(log.entries == ["the task sees: Spec, one, beforeEach"])
    }

    @Test func aTaskLeftRunningInASynchronousSpecKeepsItsExample() async throws {
        let log = Log()
        let task = TaskLeftRunning(.tellItsRunner)
        // From a synchronous function, so that the synchronous `spec` runs.
        func run() throws {
            try spec("Spec") {
                it("starts a task") {
                    log(ExampleRunner.current?.description ?? "nil")
                    task.start()
                }
                it("runs after") { log(ExampleRunner.current?.description ?? "nil") }
            }
        }
        try run()
        #expect(log.entries == ["Spec, starts a task", "Spec, runs after"])
        #expect(await task.letItAct() == "Spec, starts a task")
    }

    /// Contract section 6: a failure recorded after its example ended is late and names the example
    /// that started the task; the sibling running when it is recorded still passes.
    @Test func aTaskThatFailsWhileASiblingRunsIsItsOwnExamplesLateFailure() async {
        let task = TaskLeftRunning(.fail)
        let report = await SpecEngine.run(
            asyncRoot("Spec") {
                it("starts a task") { task.start() }
                it("lets it fail") { await task.letItAct() }
                it("runs after") {}
            })
        #expect(
            report.failures.map(\.description) == [
                "Spec, starts a task: too late (late: after 'Spec, starts a task' had finished, from a task it started)"
            ])
        #expect((report.passedCount, report.failedCount) == (2, 1))
    }

    /// A nested group between two examples: the examples after it still see themselves.
    @Test func examplesAroundANestedGroupSeeThemselves() async throws {
        let log = Log()
        try await spec("Spec") {
            it("before") { log(ExampleRunner.current?.description ?? "nil") }
            context("nested") {
                it("inside") { log(ExampleRunner.current?.description ?? "nil") }
            }
            it("after") { log(ExampleRunner.current?.description ?? "nil") }
            afterAll { log(ExampleRunner.current?.description ?? "nil") }
        }
        #expect(log.entries == ["Spec, before", "Spec, nested, inside", "Spec, after", "Spec, afterAll"])
    }
}
