import RundownEngine
import RundownTestSupport
import Testing

@testable import Rundown

/// A cart whose instances say when they are made and dropped.
final class Cart {
    let id: Int
    private var stored: [String] = []
    /// What was added; reading it tells a documentation sample that it ran.
    var items: [String] {
        SampleUse.record()
        return stored
    }
    private let log: Log?

    init(_ id: Int, log: Log? = nil) {
        self.id = id
        self.log = log
        log?("make \(id)")
    }

    /// A cart for the documentation's samples.
    convenience init() { self.init(0) }

    deinit { log?("drop \(id)") }

    func add(_ item: String) { stored.append(item) }
}

/// Numbers the carts of one run, and counts them.
final class Numbers: Sendable {
    private let next = Locked(0)

    func take() -> Int {
        next.withLock {
            $0 += 1
            return $0
        }
    }

    var count: Int { next.withLock { $0 } }
}

/// Behaviour#Fresh-values: `fresh { … }` is one value per example, made on first use in
/// the example or its each-hooks and discarded after its afterEach hooks; a use
/// where no example runs is a failure naming where.
@MainActor
@Suite struct FreshTests {
    struct OnePerExample: Scenario {
        @ExampleBuilder<Call> func content<Call: CallKind>(_ log: Log) -> ExampleGroup<Call> {
            let numbers = Numbers()
            let cart = fresh { Cart(numbers.take(), log: log) }  // line: fresh cart
            loggingAround(log)
            beforeEach { log("beforeEach \(cart.value.id)") }  // line: root beforeEach
            it("a") {
                cart.value.add("apple")
                log("a \(cart.value.id) \(cart.value.items)")
            }
            it("b") { log("b \(cart.value.id) \(cart.value.items)") }
            context("deeper") {
                beforeEach(.everyExample) { log("deeper beforeEach \(cart.value.id)") }
                it("c") { log("c \(cart.value.id)") }
            }
            afterEach { log("afterEach \(cart.value.id) \(cart.value.items)") }  // line: root afterEach
        }
    }

    @Test func eachExampleGetsItsOwnValueMadeOnFirstUseSharedWithItsHooksAndDroppedAfterThem() async {
        let run = await runEverywhere(OnePerExample())
        #expect(
            run.log == [
                "around <", "make 1", "beforeEach 1", "a 1 [\"apple\"]", "afterEach 1 [\"apple\"]", "around >",
                "drop 1",
                "around <", "make 2", "beforeEach 2", "b 2 []", "afterEach 2 []", "around >", "drop 2",
                // The root's per-element beforeEach runs once around "deeper": a misuse (below), with a
                // value that nothing keeps; the example inside gets its own.
                "around <", "make 3", "drop 3", "beforeEach 3",
                "make 4", "deeper beforeEach 4", "c 4", "drop 4",
                "make 5", "drop 5", "make 6", "drop 6", "afterEach 5 []", "around >",
            ])
        let line = SourceLine.marked("fresh cart")
        #expect(
            run.failures == [
                "Spec, deeper, beforeEach: the fresh value declared at FreshTests.swift:\(line) was used in beforeEach, which runs once around the nested group 'deeper', not for each of its examples; give the hook at FreshTests.swift:\(SourceLine.marked("root beforeEach")), or its group 'Spec' (the group it is declared in, not 'deeper'), the '.everyExample' trait, or keep group state in a plain variable",
                "Spec, deeper, afterEach: the fresh value declared at FreshTests.swift:\(line) was used in afterEach, which runs once around the nested group 'deeper', not for each of its examples; give the hook at FreshTests.swift:\(SourceLine.marked("root afterEach")), or its group 'Spec' (the group it is declared in, not 'deeper'), the '.everyExample' trait, or keep group state in a plain variable",
            ])
        #expect(run.passed == 3 && run.failed == 0, "a failure around a nested group fails none of its examples")
    }

    struct DroppedAfterFailures: Scenario {
        @ExampleBuilder<Call> func content<Call: CallKind>(_ log: Log) -> ExampleGroup<Call> {
            let numbers = Numbers()
            let cart = fresh { Cart(numbers.take(), log: log) }
            beforeEach {
                _ = cart.value
                switch ExampleRunner.current!.path[1] {
                case "beforeEach throws": throw Boom("beforeEach")
                case "beforeEach skips": throw Skip("beforeEach")
                default: break
                }
            }
            it("beforeEach throws") {}
            it("beforeEach skips") {}
            it("throws") { throw Boom("example") }
            it("skips") { throw Skip("example") }
            afterEach {
                log("afterEach \(cart.value.id)")
                if ExampleRunner.current!.path[1] == "skips" { throw Boom("afterEach") }
            }
        }
    }

    @Test func theValueIsDroppedWhateverHappenedToItsExample() async {
        let run = await runEverywhere(DroppedAfterFailures())
        #expect(
            run.log == [
                "make 1", "afterEach 1", "drop 1",
                "make 2", "drop 2",
                "make 3", "afterEach 3", "drop 3",
                "make 4", "afterEach 4", "drop 4",
            ])
        #expect(
            run.failures == [
                "Spec, beforeEach throws, beforeEach: Boom(beforeEach)", "Spec, throws: Boom(example)",
                "Spec, skips, afterEach: Boom(afterEach)",
            ])
        #expect(run.failed == 3 && run.skipped == 1)
    }

    struct Counted: Scenario {
        let numbers: Numbers

        @ExampleBuilder<Call> func content<Call: CallKind>(_ log: Log) -> ExampleGroup<Call> {
            let cart = fresh { Cart(numbers.take()) }
            beforeEach(.everyExample) { cart.value.add("x") }
            it("a") { #expect(cart.value.items == ["x"]) }
            xIt("excluded") { log("excluded \(cart.value.id)") }
            context("excluded group", .excluded) { it("b") { log("b \(cart.value.id)") } }
            context("inner") {
                it("c") { cart.value.add("y") }
                it("d") { #expect(cart.value.items == ["x"]) }
            }
        }
    }

    @Test func oneInstancePerExampleThatRunsNoneForExcludedExamples() async {
        let numbers = Numbers()
        let scenario = Counted(numbers: numbers)
        let run = await runEverywhere(scenario)
        #expect(run.failures.isEmpty && run.passed == 3 && run.skipped == 2)
        #expect(run.log.isEmpty)
        #expect(numbers.count == 3 * 4, "three examples ran under each of the four call kinds")
    }

    @Test func noInstanceForFilteredOutOrUnfocusedExamplesNorWhileBuilding() throws {
        let numbers = Numbers()
        let report = SpecEngine.run(
            root {
                let cart = fresh { Cart(numbers.take()) }
                it("selected") { cart.value.add("x") }
                it("filtered out") { cart.value.add("x") }
                context("also") { it("selected") { cart.value.add("x") } }
            }, controls: RunControls(filter: ["selected"]))
        #expect(report.failures.isEmpty && report.passedCount == 2 && report.filteredOutCount == 1)
        #expect(numbers.count == 2)

        let focused = Numbers()
        let focusReport = SpecEngine.run(
            root {
                let cart = fresh { Cart(focused.take()) }
                it("unfocused") { cart.value.add("x") }
                fIt("focused") { cart.value.add("x") }
            })
        #expect(focusReport.failures.isEmpty && focusReport.passedCount == 1)
        #expect(focused.count == 1, "none for the unfocused example")

        let built = Numbers()
        try spec("Built") {
            let cart = fresh { Cart(built.take()) }
            it("a") { cart.value.add("x") }
            context("b") { it("c") { cart.value.add("x") } }
        }
        #expect(built.count == 2, "none while the spec is built")
    }

    @Test func settingTheValueReplacesItForTheRestOfTheExample() async {
        struct Replacing: Scenario {
            @ExampleBuilder<Call> func content<Call: CallKind>(_ log: Log) -> ExampleGroup<Call> {
                let count = fresh { 0 }
                beforeEach { count.value = 10 }
                it("a") {
                    count.value += 1
                    log("a \(count.value)")
                }
                it("b") { log("b \(count.value)") }
                afterEach { log("after \(count.value)") }
            }
        }
        let run = await runEverywhere(Replacing())
        #expect(run.log == ["a 11", "after 11", "b 10", "after 10"])
        #expect(run.failures.isEmpty)
    }

    @Test func aFreshValueMayBeMadeFromOthers() async {
        struct Derived: Scenario {
            @ExampleBuilder<Call> func content<Call: CallKind>(_ log: Log) -> ExampleGroup<Call> {
                let numbers = Numbers()
                let cart = fresh { Cart(numbers.take()) }
                context("with an apple") {
                    let withApple = fresh { () -> Cart in
                        let full = cart.value
                        full.add("apple")
                        return full
                    }
                    it("holds the apple") { log("\(withApple.value.id) \(cart.value.id) \(withApple.value.items)") }
                    it("again") { log("\(withApple.value.id) \(cart.value.items)") }
                }
            }
        }
        let run = await runEverywhere(Derived())
        #expect(run.log == ["1 1 [\"apple\"]", "2 [\"apple\"]"])
    }

    struct InGroupHooks: Scenario {
        @ExampleBuilder<Call> func content<Call: CallKind>(_ log: Log) -> ExampleGroup<Call> {
            let cart = fresh { Cart(0) }  // line: fresh in group hooks
            context("group") {
                beforeAll {  // line: beforeAll uses fresh
                    cart.value.add("a")
                    cart.value.add("b")
                    log("beforeAll \(cart.value.items)")
                }
                it("runs") { log("example \(cart.value.items)") }
                afterAll("close") { cart.value = Cart(9) }  // line: afterAll uses fresh
            }
        }
    }

    // reaches: FreshValueMisuse
    @Test func usingItInBeforeAllOrAfterAllIsAFailureOfThatHookOnceEach() async throws {
        let run = await runEverywhere(InGroupHooks())
        #expect(run.log == ["beforeAll []", "example []"], "each use there got a new value")
        let line = SourceLine.marked("fresh in group hooks")
        let advice =
            "which runs once for its group, not for one example; keep group state in a plain variable declared in the group ('var connection: Connection?'), or read it in an example, its beforeEach, aroundEach or afterEach hooks, or a cleanup they register"
        #expect(
            run.failures == [
                "Spec, group, beforeAll: the fresh value declared at FreshTests.swift:\(line) was used in beforeAll, \(advice)",
                "Spec, group, close: the fresh value declared at FreshTests.swift:\(line) was used in close, \(advice)",
            ])
        #expect(run.passed == 1 && run.failed == 0, "the example itself passed")

        let report = SpecEngine.run(root { InGroupHooks().content(Log()) as ExampleGroup<SyncCall> })
        try #require(report.failures.count == 2)
        #expect(
            report.failures.map(\.location.line) == [
                SourceLine.marked("beforeAll uses fresh"), SourceLine.marked("afterAll uses fresh"),
            ])
        #expect(report.failures.allSatisfy { $0.error is FreshValueMisuse })
    }

    @Test func usingItWhileTheSpecIsBuiltIsAFailureOfTheSpecAtTheDeclaration() throws {
        let issues = Locked<[Issue]>([])
        let numbers = Numbers()
        try withKnownIssue {
            try spec("Building") {
                let cart = fresh { Cart(numbers.take()) }  // line: fresh read while building
                for item in cart.value.items { it(item) {} }
                it("runs") { #expect(cart.value.items.isEmpty) }
            }
        } matching: { issue in
            issues.withLock { $0.append(issue) }
            return true
        }
        let recorded = issues.withLock { $0 }
        try #require(recorded.count == 1)
        let line = SourceLine.marked("fresh read while building")
        #expect(
            recorded[0].comments.map(\.rawValue) == ["Building"],
            "the failure is the spec's, as nothing runs while it is built")
        #expect(recorded[0].sourceLocation?.line == line)
        #expect(
            String(describing: recorded[0].error!)
                == "the fresh value declared at FreshTests.swift:\(line) was used while the spec was being built, where no example runs; read it in an example, its beforeEach, aroundEach or afterEach hooks, or a cleanup they register"
        )
        #expect(numbers.count == 2, "one throwaway value while building, one for the example")
    }

    @Test func aUseAfterItsExampleEndedGetsANewValueAndIsReportedToTheHost() async throws {
        let numbers = Numbers()
        let late = Locked<Task<Int, Never>?>(nil)
        let (ended, end) = AsyncStream.makeStream(of: Void.self)
        let issues = Locked<[String]>([])
        try await withKnownIssue {
            try await spec("Late") {
                let number = fresh { numbers.take() }
                it("starts a task") {
                    _ = number.value
                    late.withLock {
                        $0 = Task {
                            for await _ in ended { break }
                            return number.value
                        }
                    }
                }
                it("waits for it") {
                    end.yield()
                    end.finish()
                    #expect(await late.withLock { $0 }?.value == 2, "a value that nothing keeps")
                }
            }
        } matching: { issue in
            // The one failure channel: a late failure of the example that started the task.
            let text =
                issue.error.map { String(describing: $0) } ?? issue.comments.map(\.rawValue).joined(separator: " ")
            issues.withLock { $0.append(text) }
            return true
        }
        #expect(numbers.count == 2)
        let recorded = issues.withLock { $0 }
        try #require(recorded.count == 1)
        #expect(
            recorded[0].contains(
                "was used after its example had ended, from a task that outlived the example; await such tasks before the example ends"
            ), "\(recorded)")
        #expect(
            recorded[0].hasSuffix("(late: after 'Late, starts a task' had finished, from a task it started)"),
            "\(recorded)")
    }

    /// A detached task inherits no example, so which example's value it
    /// asks for cannot be known: reading it gave a throwaway value and
    /// setting it was lost, silently. It is a failure of the spec that says
    /// so, at the line `fresh` was called on, once per fresh value; the
    /// task's example need not have read the value itself.
    // reaches: FreshValueMisuse
    @Test func aUseFromADetachedTaskIsAFailureThatSaysNoExampleIsKnown() async throws {
        let numbers = Numbers()
        let (mayUse, letUse) = AsyncStream.makeStream(of: Void.self)
        let detached = Locked<Task<Int, Never>?>(nil)
        let issues = Locked<[Issue]>([])
        let line = SourceLine.marked("detached fresh")
        try await withKnownIssue {
            try await spec("Detached") {
                let number = fresh { numbers.take() }  // line: detached fresh
                it("starts a detached task") {
                    detached.withLock {
                        $0 = Task.detached {
                            for await _ in mayUse { break }
                            let read = number.value
                            number.value = 100
                            return read
                        }
                    }
                }
                it("lets it use the value") {
                    letUse.yield()
                    letUse.finish()
                    #expect(await detached.withLock { $0 }?.value == 1, "a value that nothing keeps")
                    #expect(number.value == 2, "the detached task's set reached no example")
                }
            }
        } matching: { issue in
            issues.withLock { $0.append(issue) }
            return true
        }
        let recorded = issues.withLock { $0 }
        try #require(recorded.count == 1, "\(recorded)")
        #expect(recorded[0].sourceLocation?.line == line)
        #expect(recorded[0].comments.map(\.rawValue) == ["Detached"], "the spec's, as no example is known")
        #expect(
            recorded[0].error.map { String(describing: $0) }
                == "the fresh value declared at FreshTests.swift:\(line) was used from a task that no element of the spec started (a detached task), so which example's value it is cannot be known: a read got a new value that nothing keeps, and a value set was lost; read it in the example, or in a task it starts with Task { }, and hand a detached task what it needs"
        )
    }

    @Test func outsideAnySpecItIsANewValueEachTime() {
        let numbers = Numbers()
        let cart = fresh { Cart(numbers.take()) }
        #expect(cart.value.id == 1)
        #expect(cart.value.id == 2)
        cart.value = Cart(0)
        #expect(cart.value.id == 3, "setting it kept nothing")
    }

    @Test func eachArgumentOfASpecValueGetsItsOwn() async throws {
        let numbers = Numbers()
        let definition = Spec("Cart") {
            let cart = fresh { Cart(numbers.take()) }
            it("a") { #expect(cart.value.items.isEmpty) }
            it("b") {
                cart.value.add("x")
                #expect(cart.value.items == ["x"])
            }
        }
        for example in definition.examples { try await example.run() }
        try await spec(definition)
        #expect(numbers.count == 4)
    }
}
