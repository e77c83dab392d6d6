import Foundation
import RundownEngine
import Testing

@testable import Rundown

/// Issue 10, cost: a `Spec.Example` run builds only what lies on its path,
/// and runs exactly what a run of the whole tree would have selected.
@Suite struct PrunedExampleRunTests {
    @Test func aRunBuildsOnlyTheGroupsOnItsPath() async throws {
        let log = Log()
        let spec = Spec.synchronous("Tree") {
            context("one") {
                let _ = log("built one")
                it("a") { log("a") }
            }
            context("two") {
                let _ = log("built two")
                beforeEach { log("two beforeEach") }
                it("b") { log("b") }
                it("c") { log("c") }
            }
        }
        let examples = spec.examples
        let listed = log.entries.count
        try await examples[1].run()
        // Where focus is forbidden (CI), the whole tree is built, so that every focused element is seen.
        let built = RunSettings.current.forbidFocus ? ["built one", "built two"] : ["built two"]
        #expect(Array(log.entries.dropFirst(listed)) == built + ["two beforeEach", "b"])
    }

    @Test func examplesSharingAPathRunTogetherAndAGroupOfThatPathStaysOut() async throws {
        let log = Log()
        let spec = Spec.synchronous("Same") {
            it("x") { log("first x") }
            context("x") {
                it("inner") { log("inner") }
            }
            it("x") { log("second x") }
        }
        let examples = spec.examples
        #expect(examples.map(\.description) == ["Same, x", "Same, x, inner", "Same, x"])
        try await examples[0].run()
        #expect(log.entries == ["first x", "second x"])
        try await examples[1].run()
        #expect(log.entries == ["first x", "second x", "inner"])
    }

    @Test func anEmptyGroupStillFailsAsTheExampleThatStandsForIt() async {
        let spec = Spec.synchronous("Holes") {
            context("empty") {}
            it("fine") {}
        }
        let examples = spec.examples
        #expect(examples.map(\.description) == ["Holes, empty", "Holes, fine"])
        // A detached task sees no Swift Testing test: the failure is thrown.
        let outcomes = await Task.detached { () -> [String] in
            var outcomes: [String] = []
            for example in examples {
                do {
                    try example.run()
                    outcomes.append("passed")
                } catch {
                    outcomes.append("\(error)")
                }
            }
            return outcomes
        }.value
        #expect(outcomes.count == 2)
        #expect(outcomes.first?.hasPrefix("Holes, empty: the group 'empty' holds no example") == true)
        #expect(outcomes.last == "passed")
    }
}
