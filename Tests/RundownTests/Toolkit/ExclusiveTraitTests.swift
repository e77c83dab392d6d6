import RundownEngine
import RundownTestSupport
import Testing

@testable import Rundown
@testable import RundownConcurrency

extension SharedResource {
    static let specWindow = SharedResource("spec window")
    static let specPrinter = SharedResource("spec printer")
}

/// Behaviour#Exclusive-elements: `.exclusive` holds a shared resource while a group or an example
/// of a spec runs, so specs that share it never overlap.
@Suite(.failsWhenCancelled) struct ExclusiveTraitTests {
    @Test func aGroupHoldsTheResourceForItsWholeRun() async throws {
        let log = Log()
        try await spec("Screen") {
            describe("settings", .exclusive(.specWindow)) {
                beforeAll { log("beforeAll holds: \(SharedResource.specWindow.isHeldByCurrentTask)") }
                it("shows the title") { log("example holds: \(SharedResource.specWindow.isHeldByCurrentTask)") }
                afterAll { log("afterAll holds: \(SharedResource.specWindow.isHeldByCurrentTask)") }
            }
            it("outside") { log("outside holds: \(SharedResource.specWindow.isHeldByCurrentTask)") }
        }
        #expect(
            log.entries == [
                "beforeAll holds: true", "example holds: true", "afterAll holds: true", "outside holds: false",
            ])
    }

    @Test func anExampleHoldsTheResourceAroundItsEachHooks() async throws {
        let log = Log()
        try await spec("Printer") {
            aroundEach { run in
                log("aroundEach holds: \(SharedResource.specPrinter.isHeldByCurrentTask)")
                try await run()
            }
            beforeEach { log("beforeEach holds: \(SharedResource.specPrinter.isHeldByCurrentTask)") }
            it("prints", .exclusive(.specPrinter)) { log("runner: \(ExampleRunner.current!.description)") }
        }
        #expect(log.entries == ["aroundEach holds: true", "beforeEach holds: true", "runner: Printer, prints"])
    }

    @Test func twoSpecsSharingAResourceNeverOverlap() async throws {
        let log = Log()
        let parked = Gate("first spec holds the window", timeout: patience)
        let first = Task {
            try await spec("First") {
                it("uses the window", .exclusive(.specWindow)) {
                    log("first in")
                    try await parked.arrive()
                    log("first out")
                }
            }
        }
        try await parked.waitUntilParked()
        let second = Task {
            try await spec("Second") {
                it("uses the window", .exclusive(.specWindow)) { log("second in") }
            }
        }
        // The second spec is now queued behind the first, which still holds the window.
        try await SharedResource.specWindow.lock.waitUntilQueued(count: 1, within: patience)
        #expect(log.entries == ["first in"])
        parked.open()
        try await first.value
        try await second.value
        #expect(log.entries == ["first in", "first out", "second in"])
    }

    // reaches: ElementScopeNeedsAsynchronousSpec
    @Test func aSynchronousSpecCannotWaitForAResource() {
        var ran = false
        let report = SpecEngine.run(
            root {
                it("prints", .exclusive(.specPrinter)) { ran = true }
            })
        #expect(!ran)
        #expect(
            report.failures.map(\.description) == [
                "Spec, prints, exclusive access to spec printer: 'exclusive access to spec printer' needs an asynchronous spec, because waiting for it may suspend, so the element did not run; "
                    + "use 'try await spec { … }' in an async test, or remove the trait"
            ])
    }
}
