#if canImport(Testing)
import RundownTestSupport
import Testing
@testable import RundownConcurrency

/// Behaviour#Waits-always-end: a gate no one opens fails at its deadline, naming the gate.
@Suite("Gate", .timeLimit(.minutes(1)))
struct GateTests {
    @Test("several callers park, and one open() lets them all through")
    func severalArrivals() async throws {
        let gate = Gate("batch", timeout: patience)
        let log = EventLog()
        try await withThrowingTaskGroup(of: Void.self) { group in
            for caller in 1...3 {
                group.addTask {
                    try await gate.arrive()
                    log.append("through \(caller)")
                }
            }
            try await gate.waitUntilParked(count: 3)
            #expect(log.all.isEmpty)
            #expect(gate.parkedCount == 3)
            gate.open()
            try await group.waitForAll()
        }
        #expect(Set(log.all) == ["through 1", "through 2", "through 3"])
        #expect(gate.parkedCount == 0)
        #expect(gate.arrivalCount == 3)
    }

    @Test("a one-shot gate stays open: later callers pass without parking")
    func oneShotStaysOpen() async throws {
        let gate = Gate("one-shot", timeout: patience)
        let early = Task { try await gate.arrive() }
        try await gate.waitUntilParked()
        gate.open()
        try await early.value
        #expect(gate.isOpen)

        try await gate.arrive()
        #expect(gate.parkedCount == 0)
        #expect(gate.arrivalCount == 2)
    }

    @Test("a reusable gate closes again behind each batch it releases")
    func reusableClosesAgain() async throws {
        let gate = Gate("reusable", kind: .reusable, timeout: patience)
        let log = EventLog()
        let worker = Task {
            for round in 1...3 {
                try await gate.arrive()
                log.append("round \(round)")
            }
        }
        for round in 1...3 {
            try await gate.waitUntilParked()
            // The worker is held at the gate, so it has finished exactly the earlier rounds.
            #expect(log.all.count == round - 1)
            #expect(!gate.isOpen)
            gate.open()
        }
        try await worker.value
        #expect(log.all == ["round 1", "round 2", "round 3"])
    }

    @Test("opening a gate before anyone parks is the same as opening it later, for a one-shot gate")
    func oneShotOpenedEarly() async throws {
        let gate = Gate("opened early", timeout: patience)
        gate.open()
        try await gate.arrive()
        #expect(gate.arrivalCount == 1)
    }

    @Test("a gate that is never reached fails with its name and what was awaited")
    func notReachedMessage() async throws {
        let gate = Gate("load-more response", timeout: patience)
        let caller = Task { try await gate.arrive() }
        try await gate.waitUntilParked(count: 1)

        let error = await caughtError {
            try await gate.waitUntilParked(count: 2, within: .milliseconds(20))
        }
        let gateError = try #require(error as? GateError)
        let text = String(describing: gateError)
        #expect(text.contains("Gate 'load-more response' was not reached"))
        #expect(text.contains("for 2 parked caller(s), but 1 parked"))

        gate.open()
        try await caller.value
    }

    // reaches: GateError
    @Test("a gate that is never opened releases its caller with an error naming it")
    func neverOpenedMessage() async throws {
        let gate = Gate("refresh finished", timeout: patience)
        let error = await caughtError { try await gate.arrive(within: .milliseconds(20)) }
        let gateError = try #require(error as? GateError)
        #expect(gateError == .neverOpened(gate: "refresh finished", waited: .milliseconds(20)))
        #expect(String(describing: gateError).contains("Gate 'refresh finished' was never opened"))
        #expect(gate.parkedCount == 0)
    }

    @Test("cancelling a parked caller unparks it")
    func cancelledArrival() async throws {
        let gate = Gate("cancelled arrival", timeout: patience)
        let caller = Task { try await gate.arrive() }
        try await gate.waitUntilParked()
        caller.cancel()
        let error = await caughtError { try await caller.value }
        #expect(error is CancellationError)
        #expect(gate.parkedCount == 0)
    }

    @Test("cancelling the test's wait ends it with CancellationError")
    func cancelledWait() async throws {
        let gate = Gate("cancelled wait", timeout: patience)
        let signal = Gate("waiter started", timeout: patience)
        let waiter = Task {
            signal.open()
            try await gate.waitUntilParked()
        }
        try await signal.arrive()
        waiter.cancel()
        let error = await caughtError { try await waiter.value }
        #expect(error is CancellationError)
    }
}
#endif
