import Rundown
import RundownEngine
import RundownTestSupport
import Testing

/// Behaviour#The-running-element: `ExampleRunner.current` is the runner of the element or hook
/// now running, per task.
@MainActor
@Suite(.failsWhenCancelled) struct PathTests {
    struct Paths: Scenario {
        @ExampleBuilder<Call> func content<Call: CallKind>(_ log: Log) -> ExampleGroup<Call> {
            beforeAll { log(ExampleRunner.current!.description) }
            beforeAll("open database") { log(ExampleRunner.current!.description) }
            loggingAround(log, "around", named: "in a transaction")
            beforeEach { log(ExampleRunner.current!.description) }
            describe("a parser") {
                context("in a context") {
                    it("does a thing") { log(ExampleRunner.current!.description) }
                }
            }
            afterEach("reset") { log(ExampleRunner.current!.description) }
            afterAll { log(ExampleRunner.current!.description) }
        }
    }

    @Test func pathsRunFromTheOutermostGroupToTheElementOrHook() async {
        let run = await runEverywhere(Paths())
        #expect(
            run.log == [
                "Spec, beforeAll",
                "Spec, open database",
                "around <",
                "Spec, a parser, beforeEach",
                "Spec, a parser, in a context, does a thing",
                "Spec, a parser, reset",
                "around >",
                "Spec, afterAll",
            ])
    }

    @Test func theRunnerDescribesItsElement() throws {
        var seen: [ExampleRunner] = []
        let line = SourceLine.marked("runs")
        SpecEngine.run(
            root {
                beforeEach("seed") { seen.append(ExampleRunner.current!) }
                it("runs") { seen.append(ExampleRunner.current!) }  // line: runs
            })
        let hook = try #require(seen.first)
        let example = try #require(seen.last)
        #expect(hook.path == ["Spec", "runs", "seed"])
        #expect(hook.role == .hook(.beforeEach))
        #expect(example.path == ["Spec", "runs"])
        #expect(example.role == .example)
        #expect(example.location.line == line)
        #expect(example.description == "Spec, runs")
    }

    @Test func thereIsNoRunnerOutsideASpec() throws {
        #expect(ExampleRunner.current == nil)
        var inside: ExampleRunner?
        try spec("Outer") { it("x") { inside = ExampleRunner.current } }
        #expect(inside?.description == "Outer, x")
        #expect(ExampleRunner.current == nil)
    }

    @Test func aTaskStartedInsideAnExampleSeesItsExample() async throws {
        let log = Log()
        try await spec("Concurrent") {
            context("with a task") {
                it("sees its path") {
                    let fromTask = await Task { ExampleRunner.current?.description }.value
                    log(fromTask ?? "nil")
                    await withTaskGroup(of: String?.self) { group in
                        group.addTask { ExampleRunner.current?.description }
                        for await path in group { log(path ?? "nil") }
                    }
                }
            }
        }
        #expect(log.entries == ["Concurrent, with a task, sees its path", "Concurrent, with a task, sees its path"])
    }

    @Test func specsRunningAtOnceEachSeeTheirOwnPaths() async throws {
        let results = await withTaskGroup(of: [String].self) { group in
            for index in 0..<8 {
                group.addTask {
                    let log = Log()
                    try? await spec("Spec \(index)") {
                        for step in 0..<5 {
                            it("step \(step)") {
                                await Task.yield()
                                log(ExampleRunner.current?.description ?? "nil")
                            }
                        }
                    }
                    return log.entries
                }
            }
            var all: [[String]] = []
            for await entries in group { all.append(entries) }
            return all
        }
        #expect(results.count == 8)
        for entries in results {
            let name = try #require(entries.first?.split(separator: ",").first)
            #expect(entries == (0..<5).map { "\(name), step \($0)" })
        }
    }
}
