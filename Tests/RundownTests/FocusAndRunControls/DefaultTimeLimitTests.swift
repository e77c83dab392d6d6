import Foundation
import RundownConcurrency
import RundownEngine
import RundownSettings
import RundownTestSupport
import Testing

@testable import Rundown

/// Behaviour#Default-time-limit, in process: `RUNDOWN_TIME_LIMIT` and
/// `RUNDOWN_GRACE_PERIOD` as the engine applies them (its controls).
@Suite struct DefaultTimeLimitTests {
    @Test func anAsyncExampleStuckOnAGateIsCancelledNamingItsPathAndTheSettingAndTheNextRuns() async {
        let line = SourceLine.marked("stuck on gate")
        let (rung, (log, report)) = await LimitRung.climb { rung in
            let log = Log()
            let gate = Gate("never opened")
            let report = await SpecEngine.run(
                asyncRoot("Sync") {
                    it("waits") {  // line: stuck on gate
                        log("waits")
                        try await gate.arrive(within: patience)
                    }
                    it("goes on") { log("goes on") }
                }, controls: RunControls(timeLimit: rung.limit))
            return (log, report)
        } keptUp: {
            !LimitRung.leftSomethingBehind($0.1)
        }
        #expect(log.entries == ["waits", "goes on"])
        // The report made when the limit expired: the closure, and the gate it waited on, by name.
        #expect(
            report.failures.map { ReportTimes.masked($0.description) } == [
                "Sync, waits: the time limit of \(rung.written) (RUNDOWN_TIME_LIMIT) of Sync, waits expired; it was cancelled; find what takes so long, or give it a '.timeLimit(_:)' of its own, or raise RUNDOWN_TIME_LIMIT\nwhen the limit expired: Sync, waits: its body (DefaultTimeLimitTests.swift:\(line)), running for N s\n  waits on Gate \"never opened\" (not opened; 1 parked: 1. \"Sync, waits\")"
            ])
        #expect(report.failures.first?.location.line == line)
        #expect(report.passedCount == 1 && report.failedCount == 1)
    }

    @Test func eachHookHasALimitOfItsOwnNamedByItsPath() async {
        let (rung, (log, report)) = await LimitRung.climb { rung in
            let log = Log()
            let report = await SpecEngine.run(
                asyncRoot("Sync") {
                    beforeEach {  // line: limited beforeEach
                        log("beforeEach")
                        try await Task.sleep(for: patience)
                    }
                    it("never runs") { log("example") }
                    afterEach { log("afterEach") }
                }, controls: RunControls(timeLimit: rung.limit))
            return (log, report)
        } keptUp: {
            !LimitRung.leftSomethingBehind($0.1)
        }
        // The hook's limit is its own: the afterEach, a closure of its own, runs under a fresh one.
        #expect(log.entries == ["beforeEach", "afterEach"])
        #expect(
            report.failures.map { ReportTimes.masked($0.description) } == [
                "Sync, never runs, beforeEach: the time limit of \(rung.written) (RUNDOWN_TIME_LIMIT) of Sync, never runs, beforeEach expired; it was cancelled; find what takes so long, or give it a '.timeLimit(_:)' of its own, or raise RUNDOWN_TIME_LIMIT\nwhen the limit expired: Sync, never runs: its beforeEach hook (DefaultTimeLimitTests.swift:\(SourceLine.marked("limited beforeEach"))), running for N s"
            ])
    }

    @Test func anElementsOwnTimeLimitWinsOverTheSetting() async {
        // Under the setting's 50 ms the sleep would always fail; under its own 10 minutes it always passes.
        let report = await SpecEngine.run(
            asyncRoot("Sync") {
                it("sleeps", .timeLimit(.seconds(600))) { try await Task.sleep(for: .milliseconds(200)) }
                describe("group", .timeLimit(.seconds(600))) {
                    it("sleeps too") { try await Task.sleep(for: .milliseconds(200)) }
                }
            }, controls: RunControls(timeLimit: .milliseconds(50)))
        #expect(report.failures.isEmpty && report.passedCount == 2)
    }

    @Test func theGracePeriodSettingReplacesTheDefaultGrace() async {
        let parked = Locked<CheckedContinuation<Void, Never>?>(nil)
        let report = await SpecEngine.run(
            asyncRoot("Sync") {
                it("hangs", .timeLimit(.milliseconds(100))) {  // line: hangs under the grace setting
                    await withCheckedContinuation { continuation in parked.withLock { $0 = continuation } }
                }
            }, controls: RunControls(gracePeriod: .milliseconds(300)))
        #expect(
            report.failures.map { ReportTimes.masked($0.description) } == [
                "Sync, hangs: the time limit of 0.1 seconds of Sync, hangs expired; it was cancelled and was still running 0.3 seconds later, so the spec went on without it; find what takes so long, or give it a longer '.timeLimit(_:)'\nwhen the limit expired: Sync, hangs: its body (DefaultTimeLimitTests.swift:\(SourceLine.marked("hangs under the grace setting"))), running for N s"
            ])
        // The body parked before the limit could expire, so its continuation is there to resume.
        parked.withLock { $0?.resume() }
    }

    // reaches: TimeLimitOverrun
    @Test func aSynchronousExampleThatEndsPastTheLimitFailsSayingByHowMuch() throws {
        let line = SourceLine.marked("sync sleeper")
        let log = Log()
        let report = SpecEngine.run(
            root("Sync") {
                it("sleeps") {  // line: sync sleeper
                    Thread.sleep(forTimeInterval: 0.2)
                    log("slept")
                }
                it("goes on") { log("goes on") }
            }, controls: RunControls(timeLimit: .milliseconds(50)))
        #expect(log.entries == ["slept", "goes on"])
        let failure = try #require(report.failures.first)
        #expect(report.failures.count == 1 && failure.location.line == line)
        // `Sync, sleeps: Sync, sleeps ran 0.203 seconds, 0.153 seconds past the time limit of 0.05 seconds …`.
        let text = failure.description
        let numbers = text.matches(of: /ran ([0-9.]+) seconds?, ([0-9.]+) seconds? past/).first
        let ran = try #require(numbers.flatMap { Double($0.output.1) })
        let over = try #require(numbers.flatMap { Double($0.output.2) })
        #expect(ran >= 0.2 && abs(over - (ran - 0.05)) < 0.0015)
        #expect(text.hasPrefix("Sync, sleeps: Sync, sleeps ran "))
        #expect(
            text.hasSuffix(
                " past the time limit of 0.05 seconds (RUNDOWN_TIME_LIMIT); a synchronous spec cannot be interrupted, so it failed when it ended; find what takes so long, or raise RUNDOWN_TIME_LIMIT; an asynchronous spec ('try await spec') can cancel it at the limit"
            ))
    }

    @Test func aSynchronousExampleWithinTheLimitPassesAndAFailureKeepsItsOwnText() {
        let report = SpecEngine.run(
            root("Sync") {
                it("quick") {}
                it("fails") { throw Boom("own") }
            }, controls: RunControls(timeLimit: .seconds(600)))
        #expect(report.passedCount == 1)
        #expect(report.failures.map(\.description) == ["Sync, fails: Boom(own)"])
    }

    // reaches: SettingsWarning.durationNotKnown
    @Test func theSettingsAreDurationsInMillisecondsSecondsOrMinutes() {
        var warnings: [String] = []
        func read(_ value: String) -> (Duration?, Duration?) {
            let settings = RunSettings(environment: ["RUNDOWN_TIME_LIMIT": value, "RUNDOWN_GRACE_PERIOD": value]) {
                warnings.append($0)
            }
            return (settings.controls.timeLimit, settings.controls.gracePeriod)
        }
        #expect(read("500ms") == (.milliseconds(500), .milliseconds(500)))
        #expect(read("90s") == (.seconds(90), .seconds(90)))
        #expect(read("5m") == (.seconds(300), .seconds(300)))
        #expect(read(" 1.5s ") == (.milliseconds(1500), .milliseconds(1500)))
        #expect(warnings.isEmpty)
        for bad in ["0s", "90", "-1s", "1h", "ms", "1.5.2s", "s5"] {
            #expect(read(bad) == (nil, nil), "\(bad)")
        }
        #expect(
            warnings.first
                == "RUNDOWN_TIME_LIMIT=0s is not a duration Rundown knows, and it is not set; valid forms: RUNDOWN_TIME_LIMIT=<a number above 0 with ms, s or m>, such as RUNDOWN_TIME_LIMIT=500ms, RUNDOWN_TIME_LIMIT=90s, RUNDOWN_TIME_LIMIT=5m, RUNDOWN_TIME_LIMIT=1.5s"
        )
        #expect(warnings.count == 14 && warnings.filter { $0.hasPrefix("RUNDOWN_GRACE_PERIOD=") }.count == 7)
    }
}
