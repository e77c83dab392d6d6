import Rundown
import RundownEngine
import RundownTestSupport
import Testing

/// Behaviour#aroundEach-calls-its-body-once and Behaviour#Mistakes-never-crash:
/// what `aroundEach` wraps, and what happens
/// when it misuses its body.
@MainActor
@Suite(.failsWhenCancelled) struct AroundEachTests {
    struct FailureInsideTheBody: Scenario {
        @ExampleBuilder<Call> func content<Call: CallKind>(_ log: Log) -> ExampleGroup<Call> {
            loggingAround(log)
            beforeEach { log("beforeEach") }
            it("a") {
                log("a")
                throw Boom("a")
            }
            afterEach {
                log("afterEach")
                throw Boom("afterEach")
            }
        }
    }

    @Test func failuresInsideTheBodyAreRecordedAndTheBodyReturnsNormally() async {
        let run = await runEverywhere(FailureInsideTheBody())
        #expect(run.log == ["around <", "beforeEach", "a", "afterEach", "around >"])
        #expect(run.failures == ["Spec, a: Boom(a)", "Spec, a, afterEach: Boom(afterEach)"])
    }

    struct NeverCallsItsBody: Scenario {
        @ExampleBuilder<Call> func content<Call: CallKind>(_ log: Log) -> ExampleGroup<Call> {
            loggingAround(log, "outer")
            loggingAround(log, "lazy", named: "lazy wrapper", calls: 0)
            beforeEach { log("beforeEach") }
            it("a") { log("a") }
            afterEach { log("afterEach") }
        }
    }

    // reaches: AroundEachMisuse
    @Test func anAroundEachThatNeverCallsItsBodyFailsTheElementNamingTheHook() async {
        let run = await runEverywhere(NeverCallsItsBody())
        #expect(run.log == ["outer <", "lazy <", "lazy >", "outer >"])
        #expect(
            run.failures == [
                "Spec, a, lazy wrapper: lazy wrapper returned without calling its body, so the element it wraps did not run; "
                    + "call the body once on every path through the hook, or throw Skip(\"why\") to skip the element on purpose"
            ])
        #expect(run.failed == 1)
    }

    struct CallsItsBodyTwice: Scenario {
        @ExampleBuilder<Call> func content<Call: CallKind>(_ log: Log) -> ExampleGroup<Call> {
            loggingAround(log, "twice", calls: 2)
            it("a") { log("a") }
            it("b") { log("b") }
        }
    }

    @Test func anAroundEachThatCallsItsBodyTwiceRunsItOnceAndFails() async {
        let run = await runEverywhere(CallsItsBodyTwice())
        #expect(run.log == ["twice <", "a", "twice >", "twice <", "b", "twice >"])
        #expect(
            run.failures == [
                "Spec, a, aroundEach: aroundEach called its body more than once; the body runs only the first time. "
                    + "Call it exactly once, from the hook itself: not in a loop, and not from 'async let', a task group or a task that outlives the hook",
                "Spec, b, aroundEach: aroundEach called its body more than once; the body runs only the first time. "
                    + "Call it exactly once, from the hook itself: not in a loop, and not from 'async let', a task group or a task that outlives the hook",
            ])
    }

    struct ThrowsAfterItsBody: Scenario {
        @ExampleBuilder<Call> func content<Call: CallKind>(_ log: Log) -> ExampleGroup<Call> {
            loggingAround(log, "outer")
            loggingAround(log, "commit", named: "commit", throwingAfterBody: Boom("commit"))
            it("a") { log("a") }
            afterEach { log("afterEach") }
        }
    }

    @Test func anErrorThrownAfterTheBodyFailsTheElementNamingTheHook() async {
        let run = await runEverywhere(ThrowsAfterItsBody())
        #expect(run.log == ["outer <", "commit <", "a", "afterEach", "commit >", "outer >"])
        #expect(run.failures == ["Spec, a, commit: Boom(commit)"])
        #expect(run.events.contains("Spec, a: failed"))
        #expect(run.passed == 0 && run.failed == 1)
    }

    struct OutermostNeverCallsItsBody: Scenario {
        @ExampleBuilder<Call> func content<Call: CallKind>(_ log: Log) -> ExampleGroup<Call> {
            loggingAround(log, "lazy", named: "lazy wrapper", calls: 0)
            loggingAround(log, "inner")
            beforeEach { log("beforeEach") }
            it("a") { log("a") }
            it("b") { log("b") }
            afterEach { log("afterEach") }
        }
    }

    @Test func anOutermostAroundEachThatNeverCallsItsBodyFailsEachElement() async {
        let run = await runEverywhere(OutermostNeverCallsItsBody())
        #expect(run.log == ["lazy <", "lazy >", "lazy <", "lazy >"])
        #expect(
            run.failures == [
                "Spec, a, lazy wrapper: lazy wrapper returned without calling its body, so the element it wraps did not run; call the body once on every path through the hook, or throw Skip(\"why\") to skip the element on purpose",
                "Spec, b, lazy wrapper: lazy wrapper returned without calling its body, so the element it wraps did not run; call the body once on every path through the hook, or throw Skip(\"why\") to skip the element on purpose",
            ])
        #expect(run.events.filter { $0.hasSuffix(": failed") } == ["Spec, a: failed", "Spec, b: failed"])
        #expect(run.passed == 0 && run.failed == 2 && !run.everythingSkipped)
    }

    @Test func anElementWhoseBodyWasCalledTwiceCountsAsFailedNotPassed() async {
        let run = await runEverywhere(CallsItsBodyTwice())
        #expect(
            run.events.filter { $0.hasPrefix("Spec, a:") || $0.hasPrefix("Spec, b:") } == [
                "Spec, a: failed", "Spec, b: failed",
            ])
        #expect(run.passed == 0 && run.failed == 2)
    }

    struct WrapsANestedGroupOnce: Scenario {
        @ExampleBuilder<Call> func content<Call: CallKind>(_ log: Log) -> ExampleGroup<Call> {
            loggingAround(log)
            context("group") {
                it("x") { log("x") }
                it("y") { log("y") }
            }
        }
    }

    @Test func anAroundEachWrapsANestedGroupOnce() async {
        let run = await runEverywhere(WrapsANestedGroupOnce())
        #expect(run.log == ["around <", "x", "y", "around >"])
    }

    @Test func theDSLsSynchronousAroundEachWrapsItsElement() throws {
        var log: [String] = []
        try spec("Spec") {
            aroundEach("transaction") { run in
                log.append("begin \(ExampleRunner.current!.description)")
                try run()
                log.append("commit")
            }
            it("a") { log.append("a") }
        }
        #expect(log == ["begin Spec, a, transaction", "a", "commit"])
    }

    @Test func theDSLsAsyncAroundEachWrapsItsElement() async throws {
        let log = Log()
        try await spec("Async") {
            aroundEach { run in
                log("begin")
                await Task.yield()
                try await run()
                log("commit")
            }
            it("a") {
                await Task.yield()
                log("a")
            }
            it("b") { log("b") }
        }
        #expect(log.entries == ["begin", "a", "commit", "begin", "b", "commit"])
    }

    @Test func aSkipBeforeTheBodySkipsTheElement() {
        var log: [String] = []
        let report = SpecEngine.run(
            root {
                aroundEach { _ in throw Skip("later") }
                it("a") { log.append("a") }
                afterEach { log.append("afterEach") }
            })
        #expect(log.isEmpty)
        #expect(report.failures.isEmpty)
        #expect(report.skips.map(\.description) == ["Spec, a: skipped (later)"])
    }
}
