import RundownEngine
import RundownTestSupport
import Testing

@testable import Rundown

/// Behaviour#Every-example-hooks: `.everyExample` on `describe`, `context` or the spec's
/// root makes every each-hook declared in that group and below an
/// every-example hook, as if each had the trait.
@MainActor
@Suite struct GroupEveryExampleTests {
    /// The trait on the group.
    struct OnTheGroup: Scenario {
        @ExampleBuilder<Call> func content<Call: CallKind>(_ log: Log) -> ExampleGroup<Call> {
            beforeEach { log("root beforeEach") }
            context("outer", .everyExample) {
                beforeAll { log("outer beforeAll") }
                loggingAround(log, "outer around")
                beforeEach { log("outer beforeEach") }
                it("a") { log("a") }
                context("middle") {
                    beforeEach { log("middle beforeEach") }
                    context("inner") {
                        it("b") { log("b") }
                        it("c", .excluded) { log("c") }
                        afterEach { log("inner afterEach") }
                    }
                    it("d") { log("d") }
                }
                afterEach { log("outer afterEach") }
            }
            afterEach { log("root afterEach") }
        }
    }

    /// The same tree with the trait on each hook of the group and below.
    struct OnEachHook: Scenario {
        @ExampleBuilder<Call> func content<Call: CallKind>(_ log: Log) -> ExampleGroup<Call> {
            beforeEach { log("root beforeEach") }
            context("outer") {
                beforeAll { log("outer beforeAll") }
                loggingAround(log, "outer around", everyExample: true)
                beforeEach(.everyExample) { log("outer beforeEach") }
                it("a") { log("a") }
                context("middle") {
                    beforeEach(.everyExample) { log("middle beforeEach") }
                    context("inner") {
                        it("b") { log("b") }
                        it("c", .excluded) { log("c") }
                        afterEach(.everyExample) { log("inner afterEach") }
                    }
                    it("d") { log("d") }
                }
                afterEach(.everyExample) { log("outer afterEach") }
            }
            afterEach { log("root afterEach") }
        }
    }

    @Test func theTraitOnAGroupIsTheTraitOnEveryEachHookInItAndBelow() async {
        let marked = await runEverywhere(OnTheGroup())
        let each = await runEverywhere(OnEachHook())
        #expect(marked.log == each.log)
        #expect(
            marked.log == [
                "root beforeEach", "outer beforeAll",
                "outer around <", "outer beforeEach", "a", "outer afterEach", "outer around >",
                "outer around <", "outer beforeEach", "middle beforeEach", "b", "inner afterEach", "outer afterEach",
                "outer around >",
                "outer around <", "outer beforeEach", "middle beforeEach", "d", "outer afterEach", "outer around >",
                "root afterEach",
            ], "the root's hooks, outside the group, stay per element")
        #expect(marked.failures.isEmpty && marked.passed == 3 && marked.skipped == 1)
    }

    @Test func focusAndExclusionStillDecideWhatRuns() async {
        struct Focused: Scenario {
            @ExampleBuilder<Call> func content<Call: CallKind>(_ log: Log) -> ExampleGroup<Call> {
                context("group", .everyExample) {
                    beforeEach { log("beforeEach") }
                    beforeEach(.excluded) { log("excluded hook") }
                    context("unfocused") { it("a") { log("a") } }
                    context("focused") { fIt("b") { log("b") } }
                }
            }
        }
        let run = await runEverywhere(Focused())
        #expect(run.log == ["beforeEach", "b"])
        #expect(run.passed == 1 && run.skipped == 1)
    }

    @Test func theSpecRootTakesItToo() throws {
        let log = Log()
        try spec("Root", .everyExample) {
            beforeEach { log("beforeEach") }
            context("inner") {
                it("a") { log("a") }
                it("b") { log("b") }
            }
        }
        #expect(log.entries == ["beforeEach", "a", "beforeEach", "b"])

        let perElement = Log()
        try spec("Root") {
            beforeEach { perElement("beforeEach") }
            context("inner") {
                it("a") { perElement("a") }
                it("b") { perElement("b") }
            }
        }
        #expect(perElement.entries == ["beforeEach", "a", "b"])
    }

    // reaches: EveryExampleOnAnExample
    @Test func onAnExampleItIsAFailureOfThatExample() {
        let report = SpecEngine.run(
            root {
                it("a", .everyExample) {}  // line: every example on it
                it("b") {}
            })
        #expect(
            report.failures.map(\.description) == [
                "Spec, a: '.everyExample' is a trait of 'describe', 'context' and 'spec', not of the example 'a', so the example did not run; put it on the group whose each-hooks should run around every example, or on one hook: 'beforeEach(.everyExample)'"
            ])
        #expect(report.failures.map(\.location.line) == [SourceLine.marked("every example on it")])
        #expect(report.passedCount == 1)
    }
}

/// The issues of the spec named "Shared cart", by path, suppressed here so
/// that the test can pin them.
private let sharedCartIssues = Locked<[String]>([])

private func captureSharedCartIssues(_ issue: Issue) -> Issue? {
    guard let path = issue.comments.first(where: { $0.rawValue.hasPrefix("Shared cart") }) else { return issue }
    sharedCartIssues.withLock { $0.append(path.rawValue) }
    return nil
}

/// The new user's Cart spec (Behaviour#Fresh-values): state per example needs no reset.
@Suite(.compactMapIssues(captureSharedCartIssues)) struct CartSpecTests {
    final class Cart {
        var items: [String: Int] = [:]
        func add(_ item: String, count: Int = 1) { items[item, default: 0] += count }
        var total: Int { items.values.reduce(0, +) }
    }

    /// With `fresh` and no `beforeEach`: every example starts with its own cart.
    @Test(.specs) func withFreshAndNoBeforeEachItPasses() throws {
        try spec("Cart") {
            let cart = fresh { Cart() }
            it("starts empty") { #expect(cart.value.total == 0) }
            context("with an apple") {
                let apple = fresh { () -> Cart in
                    cart.value.add("apple")
                    return cart.value
                }
                it("holds one") { #expect(apple.value.total == 1) }
                it("adds another") {
                    apple.value.add("apple")
                    #expect(cart.value.items == ["apple": 2])
                }
                context("and a pear") {
                    it("holds two") {
                        apple.value.add("pear")
                        #expect(cart.value.total == 2)
                    }
                    it("lists both") {
                        apple.value.add("pear")
                        #expect(cart.value.items.keys.sorted() == ["apple", "pear"])
                    }
                }
            }
            it("is empty again") { #expect(cart.value.total == 0) }
        }
    }

    /// The same spec with one cart shared by the examples and a per-element
    /// `beforeEach`: the root's reset runs once around "with an apple", so its
    /// examples see each other's apples.
    @Test(.specs) func withASharedVariableAndAPerElementBeforeEachItFailsAsBefore() throws {
        try spec("Shared cart") {
            var cart = Cart()
            beforeEach { cart = Cart() }
            it("starts empty") { #expect(cart.total == 0) }
            context("with an apple") {
                beforeEach { cart.add("apple") }
                it("holds one") { #expect(cart.total == 1) }
                it("adds another") {
                    cart.add("apple")
                    #expect(cart.items == ["apple": 2])
                }
                context("and a pear") {
                    it("holds two") {
                        cart.add("pear")
                        #expect(cart.total == 2)
                    }
                    it("lists both") {
                        cart.add("pear")
                        #expect(cart.items.keys.sorted() == ["apple", "pear"])
                    }
                }
            }
            it("is empty again") { #expect(cart.total == 0) }
        }
        let recorded = sharedCartIssues.withLock { $0 }
        // "adds another" finds the apple of "holds one" (3, not 2); "and a pear" gets a third apple
        // from its parent's beforeEach, run once around it, so "holds two" counts 5.
        try #require(recorded.count == 2, "\(recorded)")
        #expect(
            recorded == [
                "Shared cart, with an apple, adds another", "Shared cart, with an apple, and a pear, holds two",
            ])
    }
}
