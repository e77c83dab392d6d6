import Foundation
import RundownDSL
import RundownEngine
import RundownSettings
import RundownTestSupport
import Testing

@testable import Rundown

/// Behaviour#One-test-case-per-example, cost: a `Spec.Example` run builds only what lies on its path,
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
        try #require(examples.count == 3)
        try await examples[1].run()
        #expect(Array(log.entries.dropFirst(listed)) == ["built two", "two beforeEach", "b"])
    }

    @Test func thePrunedTreeHoldsNoExampleOffThePathAtAnyLevel() throws {
        @ExampleBuilder<SyncCall> func tree() -> ExampleGroup<SyncCall> {
            it("at the root") {}
            context("one") { it("a") {} }
            context("two") {
                it("b") {}
                it("c") {}
            }
        }
        let pruned = PrunedBuild(path: ["Tree", "two", "b"])
        let root = PrunedBuild.$current.withValue(pruned) { tree() }.content.elements
        // Off the path, an example adds nothing, as a group's closure is never called: the run's plan
        // then has nothing to filter out, as if only the path had been written.
        #expect(root.map(\.description) == ["two"])
        let two = try #require(root.first)
        guard case .group(let group) = two else {
            Issue.record("'two' is no group")
            return
        }
        #expect(group.content.elements.map(\.description) == ["b"])
    }

    /// Behaviour#One-test-case-per-example: each of the examples that share a path runs alone.
    @Test func examplesSharingAPathRunAloneAndAGroupOfThatPathStaysOut() async throws {
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
        try #require(examples.count == 3)
        try await examples[0].run()
        #expect(log.entries == ["first x"])
        try await examples[1].run()
        #expect(log.entries == ["first x", "inner"])
        try await examples[2].run()
        #expect(log.entries == ["first x", "inner", "second x"])
    }

    /// An empty group stands for an example with its path, so it is one of the twins: the example
    /// before it runs alone, and the group's own run fails as the empty group.
    @Test func anEmptyGroupCountsAsOneOfTheExamplesThatShareItsPath() async throws {
        let log = Log()
        let examples = Spec.synchronous("Holes") {
            it("hole") { log("example") }
            context("hole") {}
        }.examples
        #expect(examples.map(\.id) == ["Holes, hole", "Holes, hole (2)"])
        try #require(examples.count == 2)
        let outcomes = await Task.detached { () -> [String] in
            examples.map { example in
                do {
                    try example.run()
                    return "passed"
                } catch {
                    return "\(error)"
                }
            }
        }.value
        #expect(log.entries == ["example"])
        #expect(outcomes.first == "passed")
        #expect(outcomes.last?.contains("holds no example and no group") == true, "\(outcomes)")
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

    @Test func aRunThatForbidsFocusReportsTheFocusOfTheWholeSpecNotJustOfItsPath() {
        let root = GroupNode<Synchronous>(
            description: "Cart", location: here(1),
            content: GroupContent(
                element: .example(ExampleNode(description: "adds", location: here(2), body: Synchronous.Body {}))))
        let elsewhere = FocusedElementLeftIn(path: ["Cart", "saving", "writes"], location: here(3))
        let report = SpecEngine.run(
            root, controls: RunControls(forbidFocus: true, example: ["Cart", "adds"], knownFocus: [elsewhere]))
        #expect(report.failures.map(\.path) == [["Cart", "saving", "writes"]])
        #expect(report.passedCount == 1)
    }

    @Test func aFocusedElementOffThePathStillFailsARunThatForbidsFocus() async throws {
        let spec = Spec.synchronous("Cart") {
            it("adds") {}
            context("saving") { fIt("writes") {} }
        }
        let examples = spec.examples
        try #require(examples.count == 2)
        // A detached task sees no Swift Testing test: the failure is thrown.
        let outcome = await Task.detached { () -> String in
            do {
                try examples[0].run()
                return "passed"
            } catch {
                return "\(error)"
            }
        }.value
        if RunSettings.current.forbidFocus {
            #expect(outcome.hasPrefix("Cart, saving, writes: focused element left in: Cart, saving, writes"))
        } else {
            #expect(outcome == "passed")
        }
    }

    @Test func aPrunedBuildPrunesOnlyTheBuildItBelongsTo() throws {
        // A pruned build is bound to the task that builds (a build never suspends). Here a pruned
        // build and a whole one are held inside the same group's closure at once, on two threads:
        // the whole build must still see every example, and the pruned run only its own.
        let log = Log()
        let meeting = Meeting(parties: 2)
        let spec = Spec.synchronous("Tree") {
            context("one") {
                let _ = meeting.attend()
                it("a") { log("a") }
                it("b") { log("b") }
            }
            context("two") {
                for index in 0..<50 { it("c\(index)") {} }
            }
        }
        let examples = spec.examples
        try #require(examples.count == 52)
        meeting.open()
        let done = DispatchGroup()
        let listed = Protected<Int?>(nil)
        let ran = Protected<String?>(nil)
        done.enter()
        Thread {
            do {
                try examples[1].run()
                ran.withLock { $0 = "passed" }
            } catch {
                ran.withLock { $0 = "\(error)" }
            }
            done.leave()
        }.start()
        done.enter()
        Thread {
            let count = spec.examples.count
            listed.withLock { $0 = count }
            done.leave()
        }.start()
        #expect(done.wait(timeout: .now() + 30) == .success)
        #expect(meeting.met)
        #expect(listed.withLock { $0 } == 52)
        #expect(ran.withLock { $0 } == "passed")
        #expect(log.entries == ["b"])
    }

    /// Holds the builds that reach it, once opened, until `parties` of them are there (or a few
    /// seconds have passed: then `met` is false).
    private final class Meeting: @unchecked Sendable {
        // @unchecked Sendable: every field is read and written under `lock`, or is a semaphore.
        private let lock = NSLock()
        private let parties: Int
        private var isOpen = false
        private var arrived = 0
        private var allMet = false
        private let everyone = DispatchSemaphore(value: 0)

        init(parties: Int) { self.parties = parties }

        func open() { lock.withLock { isOpen = true } }

        var met: Bool { lock.withLock { allMet } }

        func attend() -> Bool {
            let last: Bool? = lock.withLock {
                guard isOpen else { return nil }
                arrived += 1
                return arrived == parties
            }
            guard let last else { return false }
            if last {
                lock.withLock { allMet = true }
                for _ in 1..<parties { everyone.signal() }
                return true
            }
            return everyone.wait(timeout: .now() + 10) == .success
        }
    }

    private func here(_ line: Int) -> CodeLocation {
        CodeLocation(fileID: "Rundown/Cart.swift", filePath: "/Cart.swift", line: line, column: 1)
    }
}
