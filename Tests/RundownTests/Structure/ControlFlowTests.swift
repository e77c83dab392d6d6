import Rundown
import RundownTestSupport
import Testing

/// Behaviour#Loops-and-conditionals-stand-among-the-elements:
/// loops and conditionals stand anywhere among the elements, nest,
/// and hooks declared inside them belong to the enclosing group.
@MainActor
@Suite struct ControlFlowTests {
    enum Shape {
        case circle
        case square(side: Int)
    }

    struct EveryForm: Scenario {
        let flag: Bool
        let shape: Shape
        let name: String?

        @ExampleBuilder<Call> func content<Call: CallKind>(_ log: Log) -> ExampleGroup<Call> {
            it("first") { log("first") }
            for number in 1...2 {
                it("number \(number)") { log("number \(number)") }
            }
            if flag {
                it("flag on") { log("flag on") }
            }
            if flag {
                it("if branch") { log("if branch") }
            } else {
                it("else branch") { log("else branch") }
            }
            switch shape {
            case .circle:
                it("circle") { log("circle") }
            case .square(let side):
                it("square \(side)") { log("square \(side)") }
            }
            if let name {
                it("named \(name)") { log("named \(name)") }
            }
            if case .square(let side) = shape, side > 2 {
                it("big square") { log("big square") }
            }
            if #available(macOS 10.15, iOS 13, *) {
                it("available") { log("available") }
            }
            it("last") { log("last") }
        }
    }

    @Test func everyFormRunsItsExamplesInPlace() async {
        let on = await runEverywhere(EveryForm(flag: true, shape: .square(side: 3), name: "n"))
        #expect(
            on.log == [
                "first", "number 1", "number 2", "flag on", "if branch", "square 3", "named n", "big square",
                "available", "last",
            ])
        let off = await runEverywhere(EveryForm(flag: false, shape: .circle, name: nil))
        #expect(off.log == ["first", "number 1", "number 2", "else branch", "circle", "available", "last"])
    }

    struct Nested: Scenario {
        @ExampleBuilder<Call> func content<Call: CallKind>(_ log: Log) -> ExampleGroup<Call> {
            for outer in ["a", "b"] {
                if outer == "a" {
                    for inner in 1...2 {
                        switch inner {
                        case 1: it("\(outer)\(inner) one") { log("\(outer)\(inner)") }
                        default:
                            context("ctx \(outer)\(inner)") {
                                if inner > 1 { it("deep") { log("deep \(outer)\(inner)") } }
                            }
                        }
                    }
                } else {
                    it("\(outer) other") { log("\(outer) other") }
                }
            }
        }
    }

    @Test func formsNestInsideEachOtherAndInsideGroups() async {
        let run = await runEverywhere(Nested())
        #expect(run.log == ["a1", "deep a2", "b other"])
        #expect(run.events.contains("Spec, ctx a2, deep: passed"))
    }

    struct HooksInLoopsAndBranches: Scenario {
        @ExampleBuilder<Call> func content<Call: CallKind>(_ log: Log) -> ExampleGroup<Call> {
            beforeEach { log("beforeEach outside") }
            it("first") { log("first") }
            if true {
                beforeAll { log("beforeAll in if") }
                it("in if") { log("in if") }
            }
            context("ctx") {
                it("nested") { log("nested") }
            }
            for number in 1...2 {
                beforeEach { log("beforeEach \(number)") }
                it("number \(number)") { log("number \(number)") }
                afterEach { log("afterEach \(number)") }
            }
            afterAll { log("afterAll") }
        }
    }

    @Test func hooksInsideLoopsAndBranchesBelongToTheEnclosingGroup() async {
        let run = await runEverywhere(HooksInLoopsAndBranches())
        let before = ["beforeEach outside", "beforeEach 1", "beforeEach 2"]
        let after = ["afterEach 1", "afterEach 2"]
        #expect(
            run.log == ["beforeAll in if"]
                + before + ["first"] + after
                + before + ["in if"] + after
                + before + ["nested"] + after
                + before + ["number 1"] + after
                + before + ["number 2"] + after
                + ["afterAll"])
    }

    struct LoopsOfHooksOnly: Scenario {
        @ExampleBuilder<Call> func content<Call: CallKind>(_ log: Log) -> ExampleGroup<Call> {
            for number in 1...3 {
                beforeEach { log("beforeEach \(number)") }
            }
            it("a") { log("a") }
            if Bool.random() || true {
                afterAll { log("afterAll in if") }
            } else {
                afterAll { log("afterAll in else") }
            }
        }
    }

    @Test func aLoopOrBranchOfHooksCountsAsItsLastHook() async {
        let run = await runEverywhere(LoopsOfHooksOnly())
        #expect(run.log == ["beforeEach 1", "beforeEach 2", "beforeEach 3", "a", "afterAll in if"])
    }
}
