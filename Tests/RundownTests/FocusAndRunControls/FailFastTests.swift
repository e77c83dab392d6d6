import Foundation
import RundownEngine
import RundownSettings
import RundownTestSupport
import Testing

@testable import Rundown

/// Behaviour#Fail-fast, in process: with a fail-fast latch (what
/// `RUNDOWN_FAIL_FAST=1` gives every spec of a process), nothing starts after
/// the first failing example: the rest of its spec is skipped with the
/// reason, the hooks of what started still end it, and a spec that starts
/// later is skipped whole. Each run gets a latch of its own, so that these
/// tests stop nothing else in this process.
@Suite struct FailFastTests {
    static let reason = "skipped: an earlier example failed, RUNDOWN_FAIL_FAST"

    /// Five examples, the second of which fails, between all-hooks and each-hooks that log.
    static func fiveExamples(_ log: Log) -> GroupNode<Synchronous> {
        root {
            beforeAll { log("beforeAll") }
            it("one") { log("one") }
            it("two") {
                log("two")
                throw Boom("two")
            }
            it("three") { log("three") }
            it("four") { log("four") }
            it("five") { log("five") }
            afterEach { log("afterEach") }
            afterAll { log("afterAll") }
        }
    }

    @Test func afterTheFirstFailureTheExamplesNotYetStartedAreSkippedWithTheReason() {
        let log = Log()
        let latch = FailFastLatch()
        var finished: [(path: String, result: ExampleResult)] = []
        let report = SpecEngine.run(Self.fiveExamples(log), controls: RunControls(failFast: latch)) { event in
            if case .exampleFinished(let path, let result, _) = event {
                finished.append((path.joined(separator: ", "), result))
            }
        }
        #expect(log.entries == ["beforeAll", "one", "afterEach", "two", "afterEach", "afterAll"])
        #expect(report.passedCount == 1 && report.failedCount == 1 && report.skippedCount == 3)
        #expect(report.failures.map(\.path) == [["Spec", "two"]])
        #expect(report.skips.map(\.path) == [["Spec", "three"], ["Spec", "four"], ["Spec", "five"]])
        #expect(report.skips.allSatisfy { $0.reason == Self.reason })
        #expect(finished.map(\.path) == ["Spec, one", "Spec, two", "Spec, three", "Spec, four", "Spec, five"])
        #expect(finished.dropFirst(2).allSatisfy { $0.result == .skipped(reason: Self.reason) })
        #expect(latch.tripped)
    }

    @Test func withoutTheLatchEveryExampleRuns() {
        let log = Log()
        let report = SpecEngine.run(Self.fiveExamples(log))
        #expect(
            log.entries.filter { !$0.hasPrefix("after") && $0 != "beforeAll" } == [
                "one", "two", "three", "four", "five",
            ])
        #expect(report.passedCount == 4 && report.failedCount == 1 && report.skippedCount == 0)
    }

    @Test func aSpecThatStartsAfterTheFailureIsSkippedWholeAndItsHooksDoNotRun() {
        let log = Log()
        let latch = FailFastLatch()
        SpecEngine.run(Self.fiveExamples(log), controls: RunControls(failFast: latch))
        let later = Log()
        let junit = JUnitCollector(seed: nil)
        let report = SpecEngine.run(
            root("Later") {
                beforeAll { later("beforeAll") }
                it("a") { later("a") }
                context("group") { it("b") { later("b") } }
                afterAll { later("afterAll") }
            }, controls: RunControls(failFast: latch), observer: junit.receive)
        #expect(later.entries.isEmpty)
        #expect(report.failures.isEmpty && report.passedCount == 0 && report.skippedCount == 2)
        #expect(report.skips.map(\.path) == [["Later"]])
        #expect(report.skips.first?.reason == Self.reason)
        #expect(report.skips.first?.location == scenarioLocation)
        let xml = junit.suite(specName: "Later", testName: nil, time: .zero).xml
        #expect(xml.contains(#"tests="2""#) && xml.contains(#"skipped="2""#), "\(xml)")
        #expect(xml.contains(Self.reason), "\(xml)")
    }

    @Test func aFailureInANestedGroupSkipsTheRestOfEveryGroupWhileTheirAfterAllHooksRun() async {
        let log = Log()
        let latch = FailFastLatch()
        let report = await SpecEngine.run(
            asyncRoot {
                context("outer") {
                    beforeAll { log("outer beforeAll") }
                    context("inner") {
                        it("fails") { throw Boom("fails") }
                        it("after, inner") { log("after, inner") }
                        afterAll { log("inner afterAll") }
                    }
                    context("next") {
                        beforeAll { log("next beforeAll") }
                        it("never") { log("never") }
                    }
                    afterAll { log("outer afterAll") }
                }
                it("last") { log("last") }
            }, controls: RunControls(failFast: latch))
        #expect(log.entries == ["outer beforeAll", "inner afterAll", "outer afterAll"])
        #expect(report.failedCount == 1 && report.skippedCount == 3)
        #expect(
            report.skips.map(\.path) == [
                ["Spec", "outer", "inner", "after, inner"], ["Spec", "outer", "next"], ["Spec", "last"],
            ])
        #expect(report.skips.allSatisfy { $0.reason == Self.reason })
    }

    /// Elements of a concurrent group that wait for a slot when a sibling fails never start.
    @Test func elementsOfAConcurrentGroupStillQueuedAreSkipped() async {
        let log = Log()
        let latch = FailFastLatch()
        let report = await SpecEngine.run(
            asyncRoot {
                describe("group", .concurrent) {
                    it("fails") { throw Boom("fails") }
                    it("queued") { log("queued") }
                    context("queued group") { it("inner") { log("inner") } }
                }
            }, controls: RunControls(parallelism: 1, failFast: latch))
        #expect(log.entries.isEmpty)
        #expect(report.failedCount == 1 && report.skippedCount == 2)
        #expect(report.skips.map(\.path) == [["Spec", "group", "queued"], ["Spec", "group", "queued group"]])
        #expect(report.skips.allSatisfy { $0.reason == Self.reason })
    }

    /// A failing `beforeAll` fails the examples of its group: that is the first failure too.
    @Test func aFailingBeforeAllStopsTheRunAndItsAfterAllStillRuns() {
        let log = Log()
        let latch = FailFastLatch()
        let report = SpecEngine.run(
            root {
                context("broken") {
                    beforeAll { throw Boom("setup") }
                    it("a") { log("a") }
                    afterAll { log("broken afterAll") }
                }
                it("after") { log("after") }
            }, controls: RunControls(failFast: latch))
        #expect(latch.tripped)
        #expect(log.entries == ["broken afterAll"])
        #expect(report.failedCount == 1 && report.skippedCount == 1)
        #expect(report.skips.map(\.path) == [["Spec", "after"]])
        #expect(report.skips.first?.reason == Self.reason)
    }

    @Test func anExampleThatPassesOnARetryDoesNotStopTheRun() {
        let log = Log()
        let latch = FailFastLatch()
        let attempts = Locked(0)
        let report = SpecEngine.run(
            root {
                it("flaky") {
                    let attempt = attempts.withLock { count in
                        count += 1
                        return count
                    }
                    if attempt == 1 { throw Boom("first attempt") }
                }
                it("next") { log("next") }
            }, controls: RunControls(retries: 1, failFast: latch))
        #expect(log.entries == ["next"])
        #expect(!latch.tripped)
        #expect(report.failedCount == 0 && report.skippedCount == 0)
    }

    /// A task an example started fails after the example passed: the example
    /// has failed (late), and what had not started by then does not start.
    @Test func aLateFailureStopsTheRunToo() async {
        let log = Log()
        let latch = FailFastLatch()
        let task = TaskLeftRunning(.fail)
        let report = await SpecEngine.run(
            asyncRoot("Spec") {
                it("starts a task") { task.start() }
                it("lets it fail") { await task.letItAct() }
                it("runs after") { log("runs after") }
                afterAll { log("afterAll") }
            }, controls: RunControls(failFast: latch))
        #expect(latch.tripped)
        #expect(log.entries == ["afterAll"])
        #expect(report.failures.map(\.path) == [["Spec", "starts a task"]])
        #expect(report.skips.map(\.path) == [["Spec", "runs after"]])
        #expect(report.skips.first?.reason == Self.reason)
    }

    // reaches: SettingsWarning.failFastNotKnown
    @Test func theSettingIsOneOrZeroAndAnyOtherValueIsAWarningListingBoth() {
        func read(_ value: String) -> (RunSettings, [String]) {
            var warnings: [String] = []
            let settings = RunSettings(environment: ["RUNDOWN_FAIL_FAST": value]) { warnings.append($0) }
            return (settings, warnings)
        }
        #expect(read("1").0.controls.failFast != nil && read("1").1.isEmpty)
        #expect(read("0").0.controls.failFast == nil && read("0").1.isEmpty)
        #expect(read("1").0.controls.failFast === read("1").0.controls.failFast, "one latch per process")
        let (settings, warnings) = read("yes")
        #expect(settings.controls.failFast == nil)
        #expect(
            warnings == [
                "RUNDOWN_FAIL_FAST=yes is not a value Rundown knows; valid forms: RUNDOWN_FAIL_FAST=1, RUNDOWN_FAIL_FAST=0"
            ])
    }
}
