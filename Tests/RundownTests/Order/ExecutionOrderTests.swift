import Rundown
import RundownTestSupport
import Testing

/// Behaviour#Groups-declare-in-a-fixed-order (repeats run in declaration order),
/// Behaviour#Hooks-run-around-each-element and Behaviour#A-nested-group-is-one-element: the order hooks and
/// elements run in, recorded as an event log.
@MainActor
@Suite struct ExecutionOrderTests {
    struct EveryHookAroundTwoExamples: Scenario {
        @ExampleBuilder<Call> func content<Call: CallKind>(_ log: Log) -> ExampleGroup<Call> {
            beforeAll { log("beforeAll 1") }
            beforeAll { log("beforeAll 2") }
            loggingAround(log, "around 1")
            loggingAround(log, "around 2")
            beforeEach { log("beforeEach 1") }
            beforeEach { log("beforeEach 2") }
            it("a") { log("a") }
            it("b") { log("b") }
            afterEach { log("afterEach 1") }
            afterEach { log("afterEach 2") }
            afterAll { log("afterAll 1") }
            afterAll { log("afterAll 2") }
        }
    }

    @Test func hooksRunInTheirOrderAndRepeatsInDeclarationOrder() async {
        let run = await runEverywhere(EveryHookAroundTwoExamples())
        let perExample = { (name: String) in
            [
                "around 1 <", "around 2 <", "beforeEach 1", "beforeEach 2", name, "afterEach 1", "afterEach 2",
                "around 2 >", "around 1 >",
            ]
        }
        #expect(
            run.log == ["beforeAll 1", "beforeAll 2"] + perExample("a") + perExample("b") + [
                "afterAll 1", "afterAll 2",
            ])
        #expect(run.passed == 2 && run.failed == 0 && run.failures.isEmpty)
    }

    struct NestedGroupIsOneElement: Scenario {
        @ExampleBuilder<Call> func content<Call: CallKind>(_ log: Log) -> ExampleGroup<Call> {
            loggingAround(log, "outer around")
            beforeEach { log("outer beforeEach") }
            it("first") { log("first") }
            context("inner") {
                beforeAll { log("inner beforeAll") }
                beforeEach { log("inner beforeEach") }
                it("x") { log("x") }
                it("y") { log("y") }
                afterAll { log("inner afterAll") }
            }
            afterEach { log("outer afterEach") }
        }
    }

    @Test func aNestedGroupIsOneElementOfItsParent() async {
        let run = await runEverywhere(NestedGroupIsOneElement())
        #expect(
            run.log == [
                "outer around <", "outer beforeEach", "first", "outer afterEach", "outer around >",
                "outer around <", "outer beforeEach",
                "inner beforeAll",
                "inner beforeEach", "x",
                "inner beforeEach", "y",
                "inner afterAll",
                "outer afterEach", "outer around >",
            ])
    }

    struct EmptyGroups: Scenario {
        @ExampleBuilder<Call> func content<Call: CallKind>(_ log: Log) -> ExampleGroup<Call> {
            beforeAll { log("root beforeAll") }
            context("nothing runs here") {
                beforeAll { log("beforeAll") }
                loggingAround(log, "aroundEach")
                beforeEach { log("beforeEach") }
                xIt("excluded") { log("excluded example") }
                xContext("excluded") {
                    beforeAll { log("excluded beforeAll") }
                    it("a") { log("a") }
                }
                afterEach { log("afterEach") }
                afterAll { log("afterAll") }
            }
            it("runs") { log("runs") }
        }
    }

    @Test func aGroupWithNothingToRunRunsNoHooks() async {
        let run = await runEverywhere(EmptyGroups())
        #expect(run.log == ["root beforeAll", "runs"])
    }

    struct NothingAtAll: Scenario {
        @ExampleBuilder<Call> func content<Call: CallKind>(_ log: Log) -> ExampleGroup<Call> {
            beforeAll { log("beforeAll") }
            xContext("off") {
                it("a") { log("a") }
            }
            afterAll { log("afterAll") }
        }
    }

    @Test func aSpecWithNothingToRunRunsNoHooks() async {
        let run = await runEverywhere(NothingAtAll())
        #expect(run.log.isEmpty)
        #expect(run.skipped == 1 && run.everythingSkipped)
    }

    @Test func eventsFollowTheTree() async {
        let run = await runEverywhere(NestedGroupIsOneElement())
        #expect(
            run.events == [
                "group Spec {",
                "example Spec, first",
                "Spec, first: passed",
                "group Spec, inner {",
                "example Spec, inner, x",
                "Spec, inner, x: passed",
                "example Spec, inner, y",
                "Spec, inner, y: passed",
                "} Spec, inner",
                "} Spec",
            ])
    }
}
