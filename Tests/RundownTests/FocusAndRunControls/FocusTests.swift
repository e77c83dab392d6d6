import Rundown
import RundownEngine
import RundownTestSupport
import Testing

/// Behaviour#Focus-and-exclusion: focus and exclusion decide what runs within one spec.
@MainActor
@Suite struct FocusTests {
    struct FocusedExample: Scenario {
        @ExampleBuilder<Call> func content<Call: CallKind>(_ log: Log) -> ExampleGroup<Call> {
            beforeAll { log("root beforeAll") }
            beforeEach { log("root beforeEach") }
            it("a") { log("a") }
            context("ctx") {
                beforeEach { log("ctx beforeEach") }
                fIt("b") { log("b") }
                it("c") { log("c") }
            }
            context("other") {
                beforeAll { log("other beforeAll") }
                it("d") { log("d") }
            }
            afterAll { log("root afterAll") }
        }
    }

    @Test func onlyFocusedExamplesRunWithTheHooksOfTheirGroups() async {
        let run = await runEverywhere(FocusedExample())
        #expect(run.log == ["root beforeAll", "root beforeEach", "ctx beforeEach", "b", "root afterAll"])
        #expect(
            Set(run.skips) == [
                "Spec, a: skipped (not focused)",
                "Spec, ctx, c: skipped (not focused)",
                "Spec, other, d: skipped (not focused)",
            ])
        #expect(run.passed == 1 && run.skipped == 3 && !run.everythingSkipped)
    }

    struct FocusedGroup: Scenario {
        @ExampleBuilder<Call> func content<Call: CallKind>(_ log: Log) -> ExampleGroup<Call> {
            it("a") { log("a") }
            fDescribe("focused") {
                it("b") { log("b") }
                context("inner") { it("c") { log("c") } }
            }
            context("also focused", .focused) { it("d") { log("d") } }
        }
    }

    @Test func aFocusedGroupRunsAllOfItsElements() async {
        let run = await runEverywhere(FocusedGroup())
        #expect(run.log == ["b", "c", "d"])
    }

    struct FocusInsideFocus: Scenario {
        @ExampleBuilder<Call> func content<Call: CallKind>(_ log: Log) -> ExampleGroup<Call> {
            fContext("focused") {
                it("a") { log("a") }
                it("b", .focused) { log("b") }
                describe("inner") {
                    it("c") { log("c") }
                }
            }
        }
    }

    @Test func aFocusedGroupWithFocusedElementsRunsOnlyThose() async {
        let run = await runEverywhere(FocusInsideFocus())
        #expect(run.log == ["b"])
    }

    struct ExclusionWinsOverFocus: Scenario {
        @ExampleBuilder<Call> func content<Call: CallKind>(_ log: Log) -> ExampleGroup<Call> {
            it("a") { log("a") }
            it("b", .focused, .excluded) { log("b") }
            xContext("excluded") {
                fIt("c") { log("c") }
            }
            xDescribe("also excluded") { it("d") { log("d") } }
            xIt("e") { log("e") }
        }
    }

    @Test func exclusionWinsOverFocusAndExcludedFocusDoesNotCount() async {
        let run = await runEverywhere(ExclusionWinsOverFocus())
        #expect(run.log == ["a"])
        #expect(
            run.skips == [
                "Spec, b: skipped (excluded)",
                "Spec, excluded, c: skipped (excluded)",
                "Spec, also excluded, d: skipped (excluded)",
                "Spec, e: skipped (excluded)",
            ])
    }

    struct ExcludedFocusInsideAGroup: Scenario {
        @ExampleBuilder<Call> func content<Call: CallKind>(_ log: Log) -> ExampleGroup<Call> {
            context("with an excluded focused example") {
                it("a") { log("a") }
                it("b", .focused, .excluded) { log("b") }
            }
            context("with an excluded group holding focus") {
                xContext("excluded") { fIt("c") { log("c") } }
                it("d") { log("d") }
            }
            it("e") { log("e") }
        }
    }

    @Test func anExcludedFocusedElementInsideAGroupDoesNotFocusTheGroup() async {
        let run = await runEverywhere(ExcludedFocusInsideAGroup())
        #expect(run.log == ["a", "d", "e"])
        #expect(
            run.skips == [
                "Spec, with an excluded focused example, b: skipped (excluded)",
                "Spec, with an excluded group holding focus, excluded, c: skipped (excluded)",
            ])
        #expect(run.passed == 3 && run.skipped == 2)
    }

    struct ExcludedHooks: Scenario {
        @ExampleBuilder<Call> func content<Call: CallKind>(_ log: Log) -> ExampleGroup<Call> {
            beforeAll("setup", .excluded) { log("beforeAll") }
            beforeEach("seed", .excluded) { log("beforeEach") }
            beforeEach { log("kept beforeEach") }
            it("a") { log("a") }
            afterEach("cleanup", .excluded) { log("afterEach") }
            afterAll(nil, .excluded) { log("afterAll") }
        }
    }

    @Test func excludedHooksDoNotRun() async {
        let run = await runEverywhere(ExcludedHooks())
        #expect(run.log == ["kept beforeEach", "a"])
    }

    struct UnnamedExcludedHooks: Scenario {
        @ExampleBuilder<Call> func content<Call: CallKind>(_ log: Log) -> ExampleGroup<Call> {
            beforeAll(.excluded) { log("beforeAll") }
            beforeEach(.excluded) { log("beforeEach") }
            beforeEach(HookName(nil)) { log("kept beforeEach") }
            it("a") { log("a") }
            afterEach(.excluded) { log("afterEach") }
            afterAll(.excluded) { log("afterAll") }
        }
    }

    @Test func anUnnamedHookIsExcludedWithExcludedInPlaceOfItsName() async {
        let run = await runEverywhere(UnnamedExcludedHooks())
        #expect(run.log == ["kept beforeEach", "a"])
    }

    @Test func anUnnamedAroundEachIsExcludedWithExcludedInPlaceOfItsName() throws {
        let log = Log()
        try spec("Spec") {
            aroundEach(.excluded) { run in
                log("around")
                try run()
            }
            aroundEach { run in
                log("kept around")
                try run()
            }
            it("a") { log("a") }
        }
        #expect(log.entries == ["kept around", "a"])
    }

    @Test func aHookNameMayComeFromAVariable() throws {
        let log = Log()
        let name = "seed"
        try spec("Spec") {
            beforeEach(HookName(name)) { log(ExampleRunner.current!.description) }
            beforeEach("\(name) again") { log(ExampleRunner.current!.description) }
            it("a") {}
        }
        #expect(log.entries == ["Spec, a, seed", "Spec, a, seed again"])
    }

    struct EverythingExcluded: Scenario {
        @ExampleBuilder<Call> func content<Call: CallKind>(_ log: Log) -> ExampleGroup<Call> {
            beforeAll { log("beforeAll") }
            xIt("a") { log("a") }
        }
    }

    @Test func aSpecWhoseExamplesAreAllExcludedIsEntirelySkipped() async {
        let run = await runEverywhere(EverythingExcluded())
        #expect(run.log.isEmpty)
        #expect(run.everythingSkipped)
    }

    @Test func focusIsPerSpec() throws {
        let log = Log()
        SpecEngine.run(root { fIt("focused") { log("focused") } })
        SpecEngine.run(root { it("unfocused") { log("unfocused") } })
        #expect(log.entries == ["focused", "unfocused"])
    }
}
