import Foundation
import RundownEngine
import RundownTestSupport
import Testing

@testable import Rundown

/// Behaviour#Time-limits: `.timeLimit` on the examples and groups of asynchronous specs.
@Suite struct TimeLimitTests {
    // reaches: TimeLimitExceeded
    @Test func anExampleOverItsLimitIsCancelledAndFailsNamingItsPathAndLimitWhileTeardownRuns() async {
        let line = SourceLine.marked("waits")
        // "cancelled" in the log says the limit cut the minute's sleep short, however late it fired.
        let (rung, (log, report)) = await LimitRung.climb { rung in
            let log = Log()
            let report = await SpecEngine.run(
                asyncRoot("Sync") {
                    it("waits", .timeLimit(rung.limit)) {  // line: waits
                        log("waits")
                        do {
                            try await Task.sleep(for: patience)
                        } catch {
                            log("cancelled")
                            throw error
                        }
                    }
                    it("goes on") { log("goes on") }
                    afterEach { log("afterEach") }
                })
            return (log, report)
        } keptUp: {
            !LimitRung.leftSomethingBehind($0.1)
        }
        #expect(log.entries == ["waits", "cancelled", "afterEach", "goes on", "afterEach"])
        // The report made when the limit expired names the closure that ran (Behaviour#Progress-reports).
        #expect(
            report.failures.map { ReportTimes.masked($0.description) } == [
                "Sync, waits: the time limit of \(rung.written) of Sync, waits expired; it was cancelled; find what takes so long, or give it a longer '.timeLimit(_:)'\nwhen the limit expired: Sync, waits: its body (TimeLimitTests.swift:\(line)), running for N s"
            ])
        #expect(report.failures.first?.location.line == line)
        #expect(report.passedCount == 1 && report.failedCount == 1)
    }

    @Test func anExampleIgnoringCancellationIsLeftBehindAndTheSpecGoesOn() async {
        let line = SourceLine.marked("hangs past its grace")
        let log = Log()
        let parked = Parked()
        // Were the spec to wait for the example, the watchdog would let it go on, and the log would say so.
        let watchdog = Task {
            try await Task.sleep(for: patience)
            parked.resume()
        }
        let report = await SpecEngine.run(
            asyncRoot("Sync") {
                it("hangs", .timeLimit(.milliseconds(200))) {  // line: hangs past its grace
                    await withCheckedContinuation { parked.park($0) }
                    log("hangs resumed")
                }
                it("goes on") { log("goes on") }
                afterAll { log("afterAll") }
            })
        watchdog.cancel()
        #expect(log.entries == ["goes on", "afterAll"])
        // The report made when the grace period ended says what still ran.
        #expect(
            report.failures.map { ReportTimes.masked($0.description) } == [
                "Sync, hangs: the time limit of 0.2 seconds of Sync, hangs expired; it was cancelled and was still running 0.2 seconds later, so the spec went on without it; find what takes so long, or give it a longer '.timeLimit(_:)'\nwhen the limit expired: Sync, hangs: its body (TimeLimitTests.swift:\(line)), running for N s"
            ])
        parked.resume()
    }

    @Test func aGroupsLimitCoversItsElementsAndItsAfterAllStillRuns() async {
        // The machine kept up when "a" ended within the limit and "b"'s cancelled sleep returned in time.
        let (rung, (log, report)) = await LimitRung.climb { rung in
            let log = Log()
            let report = await SpecEngine.run(
                asyncRoot("Sync") {
                    describe("batch", .timeLimit(rung.limit)) {
                        it("a") { log("a") }
                        it("b") { try await Task.sleep(for: patience) }  // line: b sleeps
                        it("c") { log("c") }
                        afterAll { log("batch afterAll") }
                    }
                    it("after") { log("after") }
                })
            return (log, report)
        } keptUp: {
            $0.0.entries.first == "a" && !LimitRung.leftSomethingBehind($0.1)
        }
        #expect(log.entries == ["a", "batch afterAll", "after"])
        // The report names the closure that ran ("b"), not the group whose limit it was; "c" never ran, so has none.
        #expect(
            report.failures.map { ReportTimes.masked($0.description) } == [
                "Sync, batch, b: the time limit of \(rung.written) of Sync, batch expired; it was cancelled; find what takes so long, or give it a longer '.timeLimit(_:)'\nwhen the limit expired: Sync, batch, b: its body (TimeLimitTests.swift:\(SourceLine.marked("b sleeps"))), running for N s",
                "Sync, batch, c: the time limit of \(rung.written) of Sync, batch expired before this could start; find what takes so long, or give it a longer '.timeLimit(_:)'",
            ])
        #expect(report.passedCount == 2 && report.failedCount == 2)
    }

    @Test func anElementWithinItsLimitPasses() async {
        let report = await SpecEngine.run(
            asyncRoot("Sync") {
                it("is quick", .timeLimit(.seconds(30))) { await Task.yield() }
            })
        #expect(report.failures.isEmpty && report.passedCount == 1)
    }

    @MainActor @Test func aLimitedClosureKeepsTheCallersActor() async throws {
        let witness = IsolationTests.Witness()
        try await spec("Isolation") {
            it("limited", .timeLimit(.seconds(30))) {
                await Task.yield()
                witness.note("limited it")
            }
            describe("limited group", .timeLimit(.seconds(30))) {
                beforeEach { witness.note("beforeEach") }
                it("sync") { witness.note("sync it") }
            }
        }
        #expect(witness.seen == ["limited it: main", "beforeEach: main", "sync it: main"])
    }

    @Test func aSynchronousSpecCannotBeLimited() {
        let report = SpecEngine.run(
            root("Sync") {
                it("waits", .timeLimit(.seconds(1))) {}
            })
        #expect(
            report.failures.map(\.description) == [
                "Sync, waits, time limit: \(ElementScopeNeedsAsynchronousSpec(scope: "time limit"))"
            ])
    }
}

/// A continuation that only the test resumes, for a closure that ignores cancellation.
private final class Parked: Sendable {
    private let continuation = Locked<CheckedContinuation<Void, Never>?>(nil)
    private let resumed = Locked(false)

    func park(_ continuation: CheckedContinuation<Void, Never>) {
        let early = resumed.withLock { $0 }
        if early { continuation.resume() } else { self.continuation.withLock { $0 = continuation } }
    }

    func resume() {
        resumed.withLock { $0 = true }
        continuation.withLock { $0.take() }?.resume()
    }
}
