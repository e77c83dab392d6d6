import Foundation
import RundownTestSupport
import Testing

@testable import Rundown

/// Behaviour#One-test-case-per-example: a spec as a value, whose examples are the arguments of a
/// parameterized Swift Testing test.

let loggedStackSpec = Spec.synchronous("A stack") {
    var items: [Int] = []
    beforeEach { items.append(1) }
    context("when empty") {
        it("pops nothing") {
            // A fresh tree for each run: the beforeEach above ran once.
            #expect(items == [1])
        }
    }
    it("pushes") {
        #expect(items == [1])
        items.append(2)
    }
}

let failingSpec = Spec.synchronous("Cart") {
    it("adds") {}
    it("saves") { throw Boom("disk full") }  // line: saves
}

let asyncSpec = Spec("Async") {
    it("yields") { await Task.yield() }
}

@Suite struct SpecValueTests {
    /// Each example its own test case, run in parallel.
    @Test(arguments: loggedStackSpec.examples)
    func eachExampleIsItsOwnTestCase(_ example: Spec.Example) throws {
        try example.run()
    }

    @Test(arguments: asyncSpec.examples)
    func anAsyncExampleRunsAwaited(_ example: Spec.Example) async throws {
        try await example.run()
    }

    @Test func theExamplesAreListedInDeclarationOrderNamedByTheirPaths() {
        let examples = loggedStackSpec.examples
        #expect(examples.map(\.description) == ["A stack, when empty, pops nothing", "A stack, pushes"])
        #expect(examples.map { $0.testDescription } == ["A stack, when empty, pops nothing", "A stack, pushes"])
        #expect(examples.map(\.id) == ["A stack, when empty, pops nothing", "A stack, pushes"])
    }

    /// Behaviour#One-test-case-per-example: an example's id is its path, so inserting an example
    /// above it leaves it unchanged (a test runner reruns one argument by its
    /// id); a path that repeats gets an occurrence suffix, so ids stay unique.
    @Test func anExampleKeepsItsIdWhenAnotherIsInsertedAboveIt() {
        func ids(inserting: Bool) -> [String] {
            Spec.synchronous("Cart") {
                if inserting { it("is new") {} }
                context("when empty") {
                    if inserting { it("is new too") {} }
                    it("has no total") {}
                }
                it("adds") {}
                it("adds") {}
                it("adds (2)") {}
            }.examples.map(\.id)
        }
        #expect(
            ids(inserting: false) == [
                "Cart, when empty, has no total", "Cart, adds", "Cart, adds (2)", "Cart, adds (2) (2)",
            ])
        #expect(
            ids(inserting: true) == [
                "Cart, is new", "Cart, when empty, is new too", "Cart, when empty, has no total", "Cart, adds",
                "Cart, adds (2)", "Cart, adds (2) (2)",
            ])
        #expect(Set(ids(inserting: true)).count == 6)
    }

    @Test func anExampleRunsAloneWithTheHooksOfItsGroups() async throws {
        let log = Log()
        let spec = Spec.synchronous("Log") {
            beforeAll { log("beforeAll") }
            context("ctx") {
                beforeAll { log("ctx beforeAll") }
                it("a") { log("a") }
                afterAll { log("ctx afterAll") }
            }
            it("b") { log("b") }
            afterAll { log("afterAll") }
        }
        for example in spec.examples { try await example.run() }
        #expect(
            log.entries == [
                "beforeAll", "ctx beforeAll", "a", "ctx afterAll", "afterAll",
                "beforeAll", "b", "afterAll",
            ])
    }

    /// Behaviour#One-test-case-per-example: examples that share a path, in one group or in twin
    /// groups, are told apart by their occurrence; each argument runs exactly its own body.
    @Test func anExampleThatSharesItsPathRunsOnlyItsOwnBody() async throws {
        let log = Log()
        let spec = Spec.synchronous("Twins") {
            it("same") { log("first") }
            it("same") { log("second") }
            context("group") { it("x") { log("group 1") } }
            context("group") { it("x") { log("group 2") } }
            context("group") {
                it("x") { log("group 3") }
                it("x") { log("group 3 again") }
            }
        }
        let examples = spec.examples
        #expect(
            examples.map(\.id) == [
                "Twins, same", "Twins, same (2)", "Twins, group, x", "Twins, group, x (2)", "Twins, group, x (3)",
                "Twins, group, x (4)",
            ])
        var ran: [[String]] = []
        for example in examples {
            let before = log.entries.count
            try await example.run()
            ran.append(Array(log.entries[before...]))
        }
        #expect(ran == [["first"], ["second"], ["group 1"], ["group 2"], ["group 3"], ["group 3 again"]])
    }

    /// Behaviour#One-test-case-per-example: of two examples with one path, the one that throws
    /// fails its own run alone, with its line; the other passes.
    @Test func aFailingTwinFailsOnlyItsOwnRun() async {
        let examples = Spec.synchronous("Twins") {
            it("same") {}
            it("same") { throw Boom("only the second") }  // line: twin throws
        }.examples
        // A detached task sees no Swift Testing test: the failure is thrown.
        let outcomes = await Task.detached { () -> [String] in
            var outcomes: [String] = []
            for example in examples {
                do {
                    try example.run()
                    outcomes.append("\(example.id): passed")
                } catch let failure as SpecFailure {
                    outcomes.append("\(example.id): \(failure) at line \(failure.location.line)")
                } catch {
                    outcomes.append("\(example.id): \(error)")
                }
            }
            return outcomes
        }.value
        #expect(
            outcomes == [
                "Twins, same: passed",
                "Twins, same (2): Twins, same: Boom(only the second) at line \(SourceLine.marked("twin throws"))",
            ])
    }

    @Test func theWholeDefinitionRunsAsSpecDoes() async throws {
        let log = Log()
        let whole = Spec.synchronous("Log") {
            beforeAll { log("beforeAll") }
            it("a") { log("a") }
            it("b") { log("b") }
        }
        try await spec(whole)
        try runSynchronously(whole)
        #expect(log.entries == ["beforeAll", "a", "b", "beforeAll", "a", "b"])
    }

    private func runSynchronously(_ whole: Spec) throws {
        try spec(whole)
    }

    @Test func aSynchronousTestRunsAnExampleOfASynchronousSpec() throws {
        for example in loggedStackSpec.examples { try example.run() }
    }

    @Test func aFailingExampleFailsWithItsPathAndLine() async {
        let examples = failingSpec.examples
        // A detached task sees no Swift Testing test: the failure is thrown.
        let outcomes = await Task.detached { () -> [String] in
            var outcomes: [String] = []
            for example in examples {
                do {
                    try example.run()
                    outcomes.append("passed")
                } catch let failure as SpecFailure {
                    outcomes.append("\(failure) at line \(failure.location.line)")
                } catch {
                    outcomes.append("\(error)")
                }
            }
            return outcomes
        }.value
        #expect(outcomes == ["passed", "Cart, saves: Boom(disk full) at line \(SourceLine.marked("saves"))"])
    }

    // reaches: AsyncSpecNeedsAwait
    @Test func theSynchronousFormRefusesAnAsyncSpec() throws {
        let example = try #require(asyncSpec.examples.first)
        #expect(throws: AsyncSpecNeedsAwait.self) { try example.run() }
        #expect(
            AsyncSpecNeedsAwait(specName: "Async").description
                == "the spec 'Async' may have async closures: run it with 'try await', or make it with 'Spec.synchronous'"
        )
        #expect(throws: AsyncSpecNeedsAwait.self) { try runSynchronously(asyncSpec) }
    }
}
