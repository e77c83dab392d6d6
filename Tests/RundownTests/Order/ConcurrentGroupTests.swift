import Foundation
import RundownEngine
import RundownSettings
import RundownTestSupport
import Testing

@testable import Rundown
@testable import RundownEngine

/// Behaviour#Concurrent-groups: `.concurrent` runs a group's elements concurrently, at most
/// `parallelism` at a time, each with its own each-hooks, and every rule of a
/// spec holds per element; the reports see them in declaration order.
@Suite struct ConcurrentGroupTests {
    /// Lets `count` callers through together: each waits until `count` have
    /// arrived, so it returns only if that many ran at once. A caller still
    /// waiting after 20 seconds throws instead of hanging the suite.
    final class Rendezvous: Sendable {
        private let waiting = Locked<[CheckedContinuation<Bool, Never>]>([])
        private let count: Int

        init(_ count: Int) { self.count = count }

        func arrive() async throws {
            let watchdog = Task {
                try await Task.sleep(for: .seconds(20))
                self.giveUp()
            }
            defer { watchdog.cancel() }
            let met = await withCheckedContinuation { (continuation: CheckedContinuation<Bool, Never>) in
                let batch: [CheckedContinuation<Bool, Never>] = waiting.withLock { waiting in
                    waiting.append(continuation)
                    guard waiting.count == count else { return [] }
                    defer { waiting = [] }
                    return waiting
                }
                for member in batch { member.resume(returning: true) }
            }
            if !met { throw Boom("rendezvous of \(count) never met") }
        }

        private func giveUp() {
            let all = waiting.withLock { waiting in
                defer { waiting = [] }
                return waiting
            }
            for member in all { member.resume(returning: false) }
        }
    }

    /// How many run at once, and the most that ever did.
    final class Overlap: Sendable {
        private let state = Locked((now: 0, most: 0))
        func enter() {
            state.withLock {
                $0.now += 1
                $0.most = max($0.most, $0.now)
            }
        }
        func leave() { state.withLock { $0.now -= 1 } }
        var most: Int { state.withLock { $0.most } }
    }

    @Test func theElementsOverlapAtMostParallelismAtATimeAndAllRun() async {
        let meet = Rendezvous(2)
        let overlap = Overlap()
        let log = Log()
        let report = await SpecEngine.run(
            asyncRoot("Downloads") {
                describe("files", .concurrent) {
                    for name in ["a", "b", "c", "d", "e", "f"] {
                        it(name) {
                            overlap.enter()
                            defer { overlap.leave() }
                            // Two must be here at once to get past this.
                            try await meet.arrive()
                            log(name)
                        }
                    }
                }
            }, controls: RunControls(parallelism: 2))
        #expect(report.failures.isEmpty, "\(report.failures)")
        #expect(report.passedCount == 6)
        #expect(overlap.most == 2)
        #expect(Set(log.entries) == ["a", "b", "c", "d", "e", "f"])
    }

    @Test func eachElementHasItsOwnEachHooksAndTheGroupsAllHooksRunOnceAroundThemAll() async {
        let log = Log()
        let report = await SpecEngine.run(
            asyncRoot("Spec") {
                describe("group", .concurrent) {
                    beforeAll { log("beforeAll") }
                    aroundEach { body in
                        let name = ExampleRunner.current?.path.dropLast().last ?? "?"
                        log("around \(name) in")
                        try await body()
                        log("around \(name) out")
                    }
                    beforeEach { log("beforeEach \(ExampleRunner.current?.path.dropLast().last ?? "?")") }
                    it("one") {
                        await Task.yield()
                        log("one")
                    }
                    it("two") { log("two") }
                    context("three") {
                        it("inner") { log("inner") }
                    }
                    afterEach { log("afterEach \(ExampleRunner.current?.path.dropLast().last ?? "?")") }
                    afterAll { log("afterAll") }
                }
            })
        #expect(report.failures.isEmpty)
        let entries = log.entries
        #expect(entries.first == "beforeAll")
        #expect(entries.last == "afterAll")
        #expect(entries.count == 17)
        for name in ["one", "two", "three"] {
            let own = entries.filter {
                $0.hasSuffix(" \(name)") || $0.hasSuffix(" \(name) in") || $0.hasSuffix(" \(name) out")
            }
            #expect(own == ["around \(name) in", "beforeEach \(name)", "afterEach \(name)", "around \(name) out"])
        }
    }

    @Test func errorsAndSkipsStayWithTheirElementAndTeardownStillRuns() async {
        let log = Log()
        let report = await SpecEngine.run(
            asyncRoot("Spec") {
                describe("group", .concurrent) {
                    beforeEach {
                        if ExampleRunner.current?.path.contains("needs setup") == true { throw Boom("setup") }
                    }
                    it("throws") { throw Boom("example") }
                    it("skips") { throw Skip("not today") }
                    it("needs setup") { log("needs setup ran") }
                    it("passes") { log("passes") }
                    afterEach { log("afterEach \(ExampleRunner.current?.path.dropLast().last ?? "?")") }
                    afterAll { log("afterAll") }
                }
            })
        #expect(
            report.failures.map(\.description) == [
                "Spec, group, throws: Boom(example)",
                "Spec, group, needs setup, beforeEach: Boom(setup)",
            ])
        #expect(report.skips.map(\.description) == ["Spec, group, skips: skipped (not today)"])
        #expect(report.passedCount == 1 && report.failedCount == 2 && report.skippedCount == 1)
        #expect(!log.entries.contains("needs setup ran"))
        #expect(
            Set(log.entries.filter { $0.hasPrefix("afterEach") })
                == ["afterEach throws", "afterEach skips", "afterEach needs setup", "afterEach passes"])
        #expect(log.entries.last == "afterAll")
    }

    @Test func theEventsComeInDeclarationOrderEachElementsTogether() async {
        let meet = Rendezvous(3)
        var events: [String] = []
        await SpecEngine.run(
            asyncRoot("Spec") {
                describe("group", .concurrent) {
                    for name in ["a", "b", "c"] {
                        it(name) {
                            try await meet.arrive()
                            if name == "b" { throw Boom("b") }
                        }
                    }
                }
            }, controls: RunControls(parallelism: 3)
        ) { event in
            switch event {
            case .exampleStarted(let path, _): events.append("start \(path.last!)")
            case .exampleFinished(let path, let result, _): events.append("end \(path.last!) \(result)")
            case .failed(let failure): events.append("failed \(failure.path.last!)")
            default: break
            }
        }
        #expect(
            events == [
                "start a", "end a passed", "start b", "failed b", "end b failed", "start c", "end c passed",
            ])
    }

    @Test func eachElementSeesItsOwnRunnerAlsoInTheTasksItStarts() async {
        let seen = Log()
        await SpecEngine.run(
            asyncRoot("Spec") {
                describe("group", .concurrent) {
                    for name in ["a", "b", "c", "d"] {
                        it(name) {
                            await Task.yield()
                            let inTask = await Task { ExampleRunner.current?.description }.value
                            seen("\(name): \(ExampleRunner.current?.description ?? "nil") / \(inTask ?? "nil")")
                        }
                    }
                }
            })
        #expect(
            Set(seen.entries) == Set(["a", "b", "c", "d"].map { "\($0): Spec, group, \($0) / Spec, group, \($0)" }))
    }

    @Test func aTimeLimitCancelsItsElementAloneAndTheOthersGoOn() async throws {
        let log = Log()
        let report = await SpecEngine.run(
            asyncRoot("Spec") {
                describe("group", .concurrent) {
                    it("hangs", .timeLimit(.milliseconds(200))) { try await Task.sleep(for: .seconds(30)) }
                    it("passes") { log("passes") }
                    afterEach { log("afterEach") }
                }
            })
        // On a loaded machine the cancelled sleep may take longer than the grace period to return: then
        // the message goes on to say the spec went on without it. Either way the element failed alone.
        try #require(report.failures.count == 1, "\(report.failures)")
        #expect(
            report.failures[0].description.hasPrefix(
                "Spec, group, hangs: the time limit of 0.2 seconds of Spec, group, hangs expired; it was cancelled"))
        #expect(report.passedCount == 1 && report.failedCount == 1)
        #expect(log.entries.contains("passes"))
        // The other element's teardown ran; the hanging one's too, unless it was left behind.
        #expect(log.entries.filter { $0 == "afterEach" }.count >= 1)
    }

    @Test func focusExclusionAndTheFilterApplyInsideAConcurrentGroup() async {
        let log = Log()
        let report = await SpecEngine.run(
            asyncRoot("Spec") {
                describe("group", .concurrent) {
                    it("kept one") { log("kept one") }
                    xIt("parked") { log("parked") }
                    it("kept two") { log("kept two") }
                    it("other") { log("other") }
                }
            }, controls: RunControls(filter: ["kept", "parked"]))
        #expect(Set(log.entries) == ["kept one", "kept two"])
        #expect(report.passedCount == 2 && report.skippedCount == 1 && report.filteredOutCount == 1)
    }

    @Test func aSeedFixesTheOrderTheElementsStartIn() async {
        func starts(_ seed: UInt64) async -> [String] {
            var started: [String] = []
            await SpecEngine.run(
                asyncRoot("Spec") {
                    describe("group", .concurrent) {
                        for name in ["a", "b", "c", "d", "e", "f"] { it(name) {} }
                    }
                }, controls: RunControls(seed: seed, parallelism: 1)
            ) { event in
                if case .exampleStarted(let path, _) = event { started.append(path.last!) }
            }
            return started
        }
        let first = await starts(7)
        #expect(await starts(7) == first)
        #expect(Set(first) == ["a", "b", "c", "d", "e", "f"])
        #expect(first == SeededOrder.shuffled(["a", "b", "c", "d", "e", "f"], seed: 7, path: ["Spec", "group"]))
    }

    @MainActor @Test func onTheMainActorEveryClosureStaysThereAndTheElementsOverlapWhereTheySuspend() async throws {
        final class Model {
            var loaded: [String] = []
        }
        let model = Model()
        let meet = Rendezvous(2)
        try await spec("Model") {
            describe("loads", .concurrent) {
                beforeEach { MainActor.assertIsolated() }
                it("first") {
                    MainActor.assertIsolated()
                    try await meet.arrive()
                    model.loaded.append("first")
                }
                it("second") {
                    MainActor.assertIsolated()
                    try await meet.arrive()
                    model.loaded.append("second")
                }
            }
        }
        #expect(Set(model.loaded) == ["first", "second"])
    }

    // reaches: ConcurrentGroupNeedsAsynchronousSpec
    @Test func inASynchronousSpecTheGroupFailsNamingItAndItsElementsRunOneAfterAnother() {
        let log = Log()
        let line = SourceLine.marked("sync concurrent")
        let report = SpecEngine.run(
            root("Spec") {
                describe("group", .concurrent) {  // line: sync concurrent
                    it("a") { log("a") }
                    it("b") { log("b") }
                }
            })
        #expect(log.entries == ["a", "b"])
        #expect(
            report.failures.map(\.description) == [
                "Spec, group: 'group' is marked '.concurrent', but a synchronous spec runs one closure at a time, so its elements ran one after another; use 'try await spec { … }' in an async test, or remove the trait"
            ])
        #expect(report.failures.first?.location.line == line)
        #expect(report.passedCount == 2)
    }

    // reaches: SettingsWarning.parallelNotKnown
    @Test func theSettingIsAWholeNumberFromOne() {
        var warnings: [String] = []
        #expect(RunSettings(environment: ["RUNDOWN_PARALLEL": "3"]) { warnings.append($0) }.controls.parallelism == 3)
        #expect(warnings.isEmpty)
        #expect(
            RunSettings(environment: ["RUNDOWN_PARALLEL": "0"]) { warnings.append($0) }.controls.parallelism
                == RunControls.cores)
        #expect(
            warnings == [
                "RUNDOWN_PARALLEL=0 is not a limit Rundown knows; valid forms: RUNDOWN_PARALLEL=<a whole number from 1>, such as RUNDOWN_PARALLEL=4 (how many elements of a '.concurrent' group run at once; \(RunControls.cores) by default, one per core)"
            ])
    }

    @Test func underSwiftTestingEachElementsFailureIsOneIssueWithItsPath() async throws {
        let issues = Locked<[String]>([])
        try await withKnownIssue {
            try await spec("Downloads") {
                describe("files", .concurrent) {
                    it("slow") {  // line: concurrent slow
                        try await Task.sleep(for: .milliseconds(20))
                        throw Boom("slow")
                    }
                    it("expects") { #expect(Bool(false), "fast") }  // line: concurrent expect
                    it("passes") {}
                }
            }
        } matching: { issue in
            let comments = issue.comments.map(\.rawValue).joined(separator: " | ")
            issues.withLock { $0.append("\(comments) @\(issue.sourceLocation?.line ?? 0)") }
            return true
        }
        let recorded = issues.withLock { $0 }
        try #require(recorded.count == 2, "\(recorded)")
        // (Inside `withKnownIssue` the matcher sees an `#expect` before the spec adds its path.)
        #expect(recorded.contains("Downloads, files, slow @\(SourceLine.marked("concurrent slow"))"))
        #expect(recorded.contains { $0.hasSuffix("fast @\(SourceLine.marked("concurrent expect"))") })
    }

    // MARK: The one failure channel, per element

    static let location = CodeLocation(fileID: "M/F.swift", filePath: "/F.swift", line: 7, column: 1)

    @Test func aFailureAnElementsTaskPostsFailsThatElementOnlyWhileTheOthersRun() async {
        let meet = Rendezvous(3)
        let report = await SpecEngine.run(
            asyncRoot("Spec") {
                describe("group", .concurrent) {
                    for name in ["a", "b", "c"] {
                        it(name) {
                            try await meet.arrive()
                            // Posted from a task the element started, while all three run.
                            if name != "b" {
                                await Task { _ = ExampleRunner.current?.post("broken \(name)", at: Self.location) }
                                    .value
                            }
                        }
                    }
                }
            }, controls: RunControls(parallelism: 3))
        #expect(
            report.failures.map(\.description).sorted() == ["Spec, group, a: broken a", "Spec, group, c: broken c"])
        #expect((report.passedCount, report.failedCount) == (1, 2))
    }

    @Test func aFailurePostedAfterItsElementEndedIsThatExamplesLateFailure() async {
        let runner = Locked<ExampleRunner?>(nil)
        let report = await SpecEngine.run(
            asyncRoot("Spec") {
                describe("group", .concurrent) {
                    it("a") { runner.withLock { $0 = ExampleRunner.current } }
                    it("b") {}
                }
                it("after") { runner.withLock { $0 }?.post("late", at: Self.location) }
            })
        #expect(
            report.failures.map(\.description) == [
                "Spec, group, a: late (late: after 'Spec, group, a' had finished, from a task it started)"
            ])
        #expect((report.passedCount, report.failedCount) == (2, 1))
    }

    @Test func aFailurePostedAfterTheRunIsHandedOnAsLate() async throws {
        let runner = Locked<ExampleRunner?>(nil)
        let handedOn = Locked<[String]>([])
        let inbox = FailureInbox { late in handedOn.withLock { $0.append(late.description) } }
        let report = await SpecEngine.run(
            asyncRoot("Spec") {
                describe("group", .concurrent) {
                    it("a") { runner.withLock { $0 = ExampleRunner.current } }
                    it("b") {}
                }
            }, inbox: inbox)
        #expect(report.failures.isEmpty)
        let late = try #require(runner.withLock { $0 })
        late.post("too late", at: Self.location)
        #expect(
            handedOn.withLock { $0 } == [
                "Spec, group, a: too late (late: after 'Spec, group, a' had finished, from a task it started)"
            ])
    }

    @Test func eachConcurrentExampleHasItsOwnFreshValue() async throws {
        final class Cart: @unchecked Sendable {
            // @unchecked: each instance is used by one example only, which is what this test checks.
            var items: [String] = []
        }
        let made = Locked(0)
        // `spec` runs as many at once as the machine has cores (or RUNDOWN_PARALLEL says).
        let meet = Rendezvous(min(2, RunSettings.current.controls.parallelism))
        let seen = Log()
        try await spec("Carts") {
            let cart = fresh {
                made.withLock { $0 += 1 }
                return Cart()
            }
            describe("shoppers", .concurrent) {
                beforeEach { cart.value.items.append("welcome") }
                for name in ["a", "b", "c", "d"] {
                    it(name) {
                        try await meet.arrive()
                        cart.value.items.append(name)
                        seen("\(name): \(cart.value.items)")
                    }
                }
            }
        }
        #expect(made.withLock { $0 } == 4)
        #expect(Set(seen.entries) == Set(["a", "b", "c", "d"].map { "\($0): [\"welcome\", \"\($0)\"]" }))
    }
}
