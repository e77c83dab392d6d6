import RundownEngine
import RundownTestSupport
import Testing

@testable import Rundown

/// Behaviour#Every-example-hooks: an each-hook with `.everyExample` runs
/// around every example at any depth below its group; §3–§4 for its errors and
/// skips; §5 for focus and exclusion.
@MainActor
@Suite struct EveryExampleTests {
    /// Per-element and every-example hooks at three levels.
    struct ThreeLevels: Scenario {
        @ExampleBuilder<Call> func content<Call: CallKind>(_ log: Log) -> ExampleGroup<Call> {
            beforeAll { log("root beforeAll") }
            loggingAround(log, "root around")
            loggingAround(log, "root every around", everyExample: true)
            beforeEach { log("root beforeEach") }
            beforeEach("reset", .everyExample) { log("root every beforeEach") }
            it("a") { log("a") }
            context("outer") {
                beforeAll { log("outer beforeAll") }
                loggingAround(log, "outer around")
                beforeEach(.everyExample) { log("outer every beforeEach") }
                beforeEach { log("outer beforeEach") }
                it("b") { log("b") }
                context("inner") {
                    beforeEach { log("inner beforeEach") }
                    it("c") { log("c") }
                    afterEach { log("inner afterEach") }
                }
                afterEach(.everyExample) { log("outer every afterEach") }
                afterAll { log("outer afterAll") }
            }
            afterEach(.everyExample) { log("root every afterEach") }
            afterEach { log("root afterEach") }
            afterAll { log("root afterAll") }
        }
    }

    @Test func everyExampleHooksRunAroundEveryExampleAtAnyDepthInTheirPlace() async {
        let run = await runEverywhere(ThreeLevels())
        #expect(
            run.log == [
                "root beforeAll",
                // An example of the root: the root's each-hooks in declaration order.
                "root around <", "root every around <", "root beforeEach", "root every beforeEach",
                "a",
                "root every afterEach", "root afterEach", "root every around >", "root around >",
                // The nested group is one element: only the root's per-element hooks wrap it.
                "root around <", "root beforeEach",
                "outer beforeAll",
                // An example of "outer": the root's every-example layer, then outer's each-hooks.
                "root every around <", "root every beforeEach",
                "outer around <", "outer every beforeEach", "outer beforeEach",
                "b",
                "outer every afterEach", "outer around >",
                "root every afterEach", "root every around >",
                // "inner" is one element of "outer": outer's per-element hooks wrap it once.
                "outer around <", "outer beforeEach",
                // An example of "inner": root's layer, outer's layer, inner's own hooks.
                "root every around <", "root every beforeEach",
                "outer every beforeEach",
                "inner beforeEach",
                "c",
                "inner afterEach",
                "outer every afterEach",
                "root every afterEach", "root every around >",
                "outer around >",
                "outer afterAll",
                "root afterEach", "root around >",
                "root afterAll",
            ])
        #expect(run.passed == 3 && run.failed == 0 && run.failures.isEmpty)
    }

    /// The every-example hook runs as part of each example: its runner's path
    /// is the example's path and the hook's name.
    struct Paths: Scenario {
        @ExampleBuilder<Call> func content<Call: CallKind>(_ log: Log) -> ExampleGroup<Call> {
            beforeEach("reset", .everyExample) { log(ExampleRunner.current!.description) }
            context("when empty") {
                context("and closed") {
                    it("refuses") {}
                }
            }
        }
    }

    @Test func anEveryExampleHookRunsUnderTheExamplesPath() async {
        let run = await runEverywhere(Paths())
        #expect(run.log == ["Spec, when empty, and closed, refuses, reset"])
    }

    // MARK: Errors (§3)

    struct AncestorBeforeEachThrows: Scenario {
        @ExampleBuilder<Call> func content<Call: CallKind>(_ log: Log) -> ExampleGroup<Call> {
            beforeEach("reset", .everyExample) {
                log("reset")
                if ExampleRunner.current!.path.contains("x") { throw Boom("reset") }
            }
            beforeEach("second", .everyExample) { log("second") }
            context("ctx") {
                loggingAround(log, "ctx around")
                beforeEach { log("ctx beforeEach") }
                it("x") { log("x") }
                it("y") { log("y") }
                afterEach { log("ctx afterEach") }
            }
            afterEach(.everyExample) { log("root every afterEach") }
        }
    }

    @Test func aFailingEveryExampleBeforeEachSkipsTheRestButRunsEveryAfterEach() async {
        let run = await runEverywhere(AncestorBeforeEachThrows())
        #expect(
            run.log == [
                "reset", "ctx afterEach", "root every afterEach",
                "reset", "second", "ctx around <", "ctx beforeEach", "y", "ctx afterEach", "ctx around >",
                "root every afterEach",
            ])
        #expect(run.failures == ["Spec, ctx, x, reset: Boom(reset)"])
        #expect(run.failed == 1 && run.passed == 1)
    }

    struct AfterEachAndExampleThrow: Scenario {
        @ExampleBuilder<Call> func content<Call: CallKind>(_ log: Log) -> ExampleGroup<Call> {
            context("ctx") {
                it("x") {
                    log("x")
                    throw Boom("x")
                }
                it("y") { log("y") }
                afterEach { log("ctx afterEach") }
            }
            afterEach("check", .everyExample) {
                log("check")
                throw Boom("check")
            }
            afterEach("cleanup", .everyExample) { log("cleanup") }
        }
    }

    @Test func aFailingExampleOrEveryExampleAfterEachLetsEverythingElseRun() async {
        let run = await runEverywhere(AfterEachAndExampleThrow())
        #expect(
            run.log == [
                "x", "ctx afterEach", "check", "cleanup",
                "y", "ctx afterEach", "check", "cleanup",
            ])
        #expect(
            run.failures == [
                "Spec, ctx, x: Boom(x)",
                "Spec, ctx, x, check: Boom(check)",
                "Spec, ctx, y, check: Boom(check)",
            ])
        #expect(run.failed == 2 && run.passed == 0)
    }

    struct AroundThrowsBeforeItsBody: Scenario {
        @ExampleBuilder<Call> func content<Call: CallKind>(_ log: Log) -> ExampleGroup<Call> {
            beforeEach(.everyExample) { log("root every beforeEach") }
            context("ctx") {
                loggingAround(
                    log, "ctx every around", named: "transaction", throwing: Boom("begin"), everyExample: true)
                beforeEach { log("ctx beforeEach") }
                context("deep") {
                    it("x") { log("x") }
                }
                afterEach { log("ctx afterEach") }
            }
            afterEach(.everyExample) { log("root every afterEach") }
        }
    }

    @Test func anEveryExampleAroundEachThrowingBeforeItsBodySkipsWhatItWrapsOnly() async {
        let run = await runEverywhere(AroundThrowsBeforeItsBody())
        #expect(
            run.log == [
                "ctx beforeEach",
                "root every beforeEach", "ctx every around <", "root every afterEach",
                "ctx afterEach",
            ])
        #expect(run.failures == ["Spec, ctx, deep, x, transaction: Boom(begin)"])
        #expect(run.failed == 1)
    }

    struct AroundNeverCallsItsBody: Scenario {
        @ExampleBuilder<Call> func content<Call: CallKind>(_ log: Log) -> ExampleGroup<Call> {
            loggingAround(log, "every around", named: "lazy", calls: 0, everyExample: true)
            context("ctx") {
                it("x") { log("x") }
            }
        }
    }

    @Test func anEveryExampleAroundEachThatNeverCallsItsBodyFailsTheExampleNamingTheHook() async {
        let run = await runEverywhere(AroundNeverCallsItsBody())
        #expect(run.log == ["every around <", "every around >"])
        #expect(
            run.failures == [
                "Spec, ctx, x, lazy: lazy returned without calling its body, so the element it wraps did not run; "
                    + "call the body once on every path through the hook, or throw Skip(\"why\") to skip the element on purpose"
            ])
        #expect(run.failed == 1)
    }

    @Test func aFailureInAnEveryExampleHookIsAtTheHooksLocation() throws {
        let line = SourceLine.marked("reset")
        let hook: BeforeEach<SyncCall> = beforeEach("reset", .everyExample) { throw Boom("reset") }  // line: reset
        let group: Examples<SyncCall> = context("ctx") { it("x") {} }
        let root = GroupNode(
            description: "Spec", location: scenarioLocation, content: hook.content.appending(group.content))
        let report = SpecEngine.run(root, recognizers: HostChoice.skipRecognizers) { _ in }
        let failure = try #require(report.failures.first)
        #expect(report.failures.count == 1)
        #expect(failure.description == "Spec, ctx, x, reset: Boom(reset)")
        #expect(failure.location.line == line)
        #expect(failure.location.fileID == #fileID)
    }

    // MARK: Skips (§4)

    struct SkipInEveryExampleBeforeEach: Scenario {
        let kind: SkipTests.Kind
        @ExampleBuilder<Call> func content<Call: CallKind>(_ log: Log) -> ExampleGroup<Call> {
            loggingAround(log, "root around")
            beforeEach("needs GPU", .everyExample) {
                log("needs GPU")
                if ExampleRunner.current!.path.contains("x") { throw kind.skip("no GPU") }
            }
            context("ctx") {
                beforeEach { log("ctx beforeEach") }
                it("x") { log("x") }
                it("y") { log("y") }
                afterEach { log("ctx afterEach") }
            }
            afterEach(.everyExample) { log("root every afterEach") }
        }
    }

    @Test(arguments: SkipTests.Kind.allCases)
    func aSkipInAnEveryExampleBeforeEachSkipsTheExampleAndItsAfterEach(kind: SkipTests.Kind) async {
        let run = await runEverywhere(SkipInEveryExampleBeforeEach(kind: kind))
        #expect(
            run.log == [
                "root around <",
                "needs GPU",
                "needs GPU", "ctx beforeEach", "y", "ctx afterEach", "root every afterEach",
                "root around >",
            ])
        #expect(run.failures.isEmpty)
        #expect(run.skips == ["Spec, ctx, x: skipped (no GPU)"])
        #expect(run.skipped == 1 && run.passed == 1)
    }

    struct SkipInExample: Scenario {
        @ExampleBuilder<Call> func content<Call: CallKind>(_ log: Log) -> ExampleGroup<Call> {
            context("ctx") {
                it("x") {
                    log("x")
                    throw Skip("later")
                }
                afterEach { log("ctx afterEach") }
            }
            afterEach(.everyExample) { log("root every afterEach") }
        }
    }

    @Test func aSkipInAnExampleStillRunsTheEveryExampleAfterEach() async {
        let run = await runEverywhere(SkipInExample())
        #expect(run.log == ["x", "ctx afterEach", "root every afterEach"])
        #expect(run.skipped == 1 && run.everythingSkipped)
    }

    struct SkipInEveryExampleAround: Scenario {
        @ExampleBuilder<Call> func content<Call: CallKind>(_ log: Log) -> ExampleGroup<Call> {
            beforeEach(.everyExample) { log("root every beforeEach") }
            context("ctx") {
                loggingAround(log, "ctx every around", throwing: Skip("offline"), everyExample: true)
                context("deep") { it("x") { log("x") } }
                afterEach { log("ctx afterEach") }
            }
            afterEach(.everyExample) { log("root every afterEach") }
        }
    }

    @Test func aSkipInAnEveryExampleAroundEachBeforeItsBodySkipsTheExampleAndEveryAfterEach() async {
        let run = await runEverywhere(SkipInEveryExampleAround())
        #expect(run.log == ["root every beforeEach", "ctx every around <", "ctx afterEach"])
        #expect(run.skips == ["Spec, ctx, deep, x: skipped (offline)"])
        #expect(run.failures.isEmpty && run.everythingSkipped)
    }

    // MARK: Focus and exclusion (§5)

    struct Focused: Scenario {
        @ExampleBuilder<Call> func content<Call: CallKind>(_ log: Log) -> ExampleGroup<Call> {
            beforeEach(.everyExample) {
                log("every \(ExampleRunner.current!.path.dropFirst().dropLast().joined(separator: "/"))")
            }
            beforeEach("excluded", .everyExample, .excluded) { log("excluded hook") }
            context("off") {
                it("a") { log("a") }
            }
            context("on") {
                it("b") { log("b") }
                fIt("c") { log("c") }
                xContext("gone") { fIt("d") { log("d") } }
            }
        }
    }

    @Test func focusAndExclusionLeaveEveryExampleHooksOutWhereNoExampleRuns() async {
        let run = await runEverywhere(Focused())
        #expect(run.log == ["every on/c", "c"])
        #expect(run.passed == 1 && run.skipped == 3)
    }

    // MARK: The DSL's own forms

    struct AsyncForms: AsyncScenario {
        @ExampleBuilder<Call> func content<Call: AsyncCallKind>(_ log: Log) -> ExampleGroup<Call> {
            aroundEach("transaction", .everyExample) { run in
                log("begin")
                await Task.yield()
                try await run()
                log("rollback")
            }
            beforeEach("reset", .everyExample) {
                await Task.yield()
                log("reset")
            }
            context("ctx") {
                aroundEach { run in
                    log("ctx <")
                    try await run()
                    log("ctx >")
                }
                it("x") {
                    await Task.yield()
                    log("x")
                }
            }
            afterEach("flush", .everyExample) {
                await Task.yield()
                log("flush")
            }
        }
    }

    @Test func asyncEveryExampleHooksWrapNestedExamples() async {
        let run = await runEverywhere(AsyncForms())
        #expect(run.log == ["begin", "reset", "ctx <", "x", "ctx >", "flush", "rollback"])
        #expect(run.passed == 1)
    }

    @Test func syncSpecWithEveryExampleHooks() throws {
        let log = Log()
        try spec("Stack") {
            aroundEach(.everyExample) { run in
                log("<")
                try run()
                log(">")
            }
            beforeEach(.everyExample) { log("reset") }
            context("when empty") {
                it("a") { log("a") }
                it("b") { log("b") }
            }
        }
        #expect(log.entries == ["<", "reset", "a", ">", "<", "reset", "b", ">"])
    }
}

/// The main-actor forms take the trait too.
@MainActor
@Suite struct EveryExampleMainActorTests: MainActorSuite {
    final class Entries { var list: [String] = [] }

    @Test func mainActorEveryExampleHooks() throws {
        let entries = Entries()
        try spec {
            aroundEach(.everyExample) { run in
                entries.list.append("<")
                try run()
                entries.list.append(">")
            }
            beforeEach("reset", .everyExample) { entries.list.append("reset") }
            context("ctx") { it("x") { entries.list.append("x") } }
            afterEach(.everyExample) { entries.list.append("after") }
        }
        #expect(entries.list == ["<", "reset", "x", "after", ">"])
    }

    @Test func asyncMainActorEveryExampleHooks() async throws {
        let entries = Entries()
        try await spec {
            aroundEach(.everyExample) { run in
                entries.list.append("<")
                try await run()
                entries.list.append(">")
            }
            beforeEach("reset", .everyExample) {
                await Task.yield()
                entries.list.append("reset")
            }
            context("ctx") { it("x") { entries.list.append("x") } }
            afterEach(.everyExample) {
                await Task.yield()
                entries.list.append("after")
            }
        }
        #expect(entries.list == ["<", "reset", "x", "after", ">"])
    }
}
