#if canImport(Testing)
import RundownTestSupport
import Testing
@testable import RundownConcurrency

/// Behaviour#Waits-always-end: a wait that is answered (the last caller parks, the gate opens, the
/// last tracked task ends) before its deadline is checked succeeds, however late its own task runs.
///
/// On a loaded machine the deadline's task and the waiting task are both late, in either order.
/// Each test holds the waiting task on a ``HeldExecutor`` until its deadline has passed and its
/// answer has come, then runs the deadline's job first: the order in which the wait used to fail
/// with a message that contradicted itself ("waited for 1 parked caller(s), but 1 parked").
@Suite("Deadlines against late answers", .timeLimit(.minutes(1)))
struct DeadlineRaceTests {
    @available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, *)
    @Test("a caller that parks after a wait's deadline passed, but before it was checked, answers the wait")
    func lastArrivalBeforeTheDeadlinesCheck() async throws {
        let gate = Gate("first spec holds the window")
        let held = HeldExecutor()
        let waiter = Task(executorPreference: held) { try await gate.waitUntilParked(within: .milliseconds(20)) }
        try await Self.holdUntilItsDeadlineIsQueued(held)

        let caller = Task { try await gate.arrive(within: patience) }
        try await eventually("the caller parked and resumed the waiter", within: patience) {
            gate.parkedCount == 1 && held.pending == 2
        }
        held.runUntilIdle()

        let result = await waiter.result
        #expect(throws: Never.self) { try result.get() }
        gate.open()
        try await caller.value
    }

    @available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, *)
    @Test("a gate opened after an arrival's deadline passed, but before it was checked, lets it through")
    func openingBeforeTheDeadlinesCheck() async throws {
        for kind in [Gate.Kind.oneShot, .reusable] {
            let gate = Gate("response", kind: kind)
            let held = HeldExecutor()
            let arrival = Task(executorPreference: held) { try await gate.arrive(within: .milliseconds(20)) }
            try await Self.holdUntilItsDeadlineIsQueued(held)
            #expect(gate.parkedCount == 1)

            gate.open()
            #expect(held.pending == 2)
            held.runUntilIdle()

            let result = await arrival.result
            #expect(throws: Never.self, "\(kind)") { try result.get() }
        }
    }

    @available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, *)
    @Test("the last tracked task ending after waitForAll's deadline passed, but before it was checked, answers it")
    func lastTaskEndingBeforeTheDeadlinesCheck() async throws {
        let tasks = TrackingTaskStarter()
        let gate = Gate("upload")
        tasks.start(name: "upload") { try? await gate.arrive(within: patience) }
        try await gate.waitUntilParked(within: patience)
        let held = HeldExecutor()
        let waiter = Task(executorPreference: held) { try await tasks.waitForAll(within: .milliseconds(20)) }
        try await Self.holdUntilItsDeadlineIsQueued(held)

        gate.open()
        try await eventually("the upload ended and resumed the waiter", within: patience) {
            tasks.runningTasks.isEmpty && held.pending == 2
        }
        held.runUntilIdle()

        let result = await waiter.result
        #expect(throws: Never.self) { try result.get() }
    }

    @available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, *)
    @Test("a deadline checked before the answer still fails the wait, describing what it saw")
    func aDeadlineCheckedFirstStillFires() async throws {
        let gate = Gate("prompt")
        let held = HeldExecutor()
        let waiter = Task(executorPreference: held) { try await gate.waitUntilParked(within: .milliseconds(20)) }
        try await Self.holdUntilItsDeadlineIsQueued(held)
        held.runUntilIdle()

        let result = await waiter.result
        #expect(
            throws: GateError.notReached(gate: "prompt", expected: 1, parked: 0, arrivals: 0, waited: .milliseconds(20))
        ) {
            try result.get()
        }
        #expect(gate.parkedCount == 0)
    }

    /// Runs the waiting task until it is parked, then lets its deadline pass: returns once the
    /// deadline's job is queued, unrun.
    @available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, *)
    private static func holdUntilItsDeadlineIsQueued(_ held: HeldExecutor) async throws {
        try await eventually("the waiting task was enqueued", within: patience) { held.pending > 0 }
        held.runUntilIdle()
        try await eventually("the deadline's job was enqueued", within: patience) { held.pending == 1 }
    }
}
#endif
