import RundownEngine
import RundownTestSupport
import Testing

@testable import Rundown

/// Behaviour#Failures-in-XCTest: a host can run each closure of a synchronous spec inside a scope
/// of its own (XCTest activities on Apple platforms), told which element runs.
@Suite struct ClosureScopeTests {
    @Test func everyHookAndExampleRunsInsideTheScopeWithItsPath() {
        var log: [String] = []
        SpecEngine.run(
            root("Cart") {
                beforeAll { log.append("beforeAll") }
                aroundEach { run in
                    log.append("around")
                    try run()
                }
                beforeEach { log.append("beforeEach") }
                context("when full") {
                    it("totals") { log.append("totals") }
                }
            },
            scope: { runner, body in
                log.append("enter \(runner.description)")
                body()
                log.append("leave \(runner.description)")
            })
        #expect(
            log == [
                "enter Cart, beforeAll", "beforeAll", "leave Cart, beforeAll",
                "enter Cart, when full, aroundEach", "around",
                "enter Cart, when full, beforeEach", "beforeEach", "leave Cart, when full, beforeEach",
                "enter Cart, when full, totals", "totals", "leave Cart, when full, totals",
                "leave Cart, when full, aroundEach",
            ])
    }

    @Test func failuresAndSkipsInsideTheScopeAreReportedAsUsual() {
        let report = SpecEngine.run(
            root("Cart") {
                it("fails") { throw Boom("x") }
                it("skips") { throw Skip("later") }
            }, scope: { _, body in body() })
        #expect(report.failures.map(\.description) == ["Cart, fails: Boom(x)"])
        #expect(report.skips.map(\.description) == ["Cart, skips: skipped (later)"])
    }

    // reaches: ClosureScopeDidNotRun
    @Test func aScopeThatDoesNotRunTheClosureFailsItsElement() {
        var ran = false
        let report = SpecEngine.run(
            root("Cart") {
                it("totals") { ran = true }
            }, scope: { _, _ in })
        #expect(!ran)
        #expect(
            report.failures.map(\.description) == [
                "Cart, totals: the host's closure scope returned without running the closure; "
                    + "a ClosureScope must call the body it is given exactly once, on the calling thread, before it returns"
            ])
        #expect(report.failedCount == 1)
    }
}
