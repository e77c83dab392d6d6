import Dispatch
import RundownDSL
import Testing

@testable import Rundown

/// Behaviour#Closures-run-where-spec-is-called: every closure of a spec runs in the isolation of the code that
/// called `spec`. These specs are written with the global DSL (not a
/// `MainActorSuite`), so the compiler lets their closures touch the caller's
/// main-actor state without `await`; the run must keep that promise.
@MainActor
@Suite struct IsolationTests {
    /// Main-actor state that the closures touch without `await`, as the
    /// compiler allows in a `@MainActor` test.
    @MainActor final class Witness {
        var seen: [String] = []

        func note(_ what: String) {
            seen.append("\(what): \(MainActorCheck.isOnMainActor ? "main" : "off")")
        }
    }

    @Test func everyClosureOfAnAsyncSpecRunsOnTheCallersMainActor() async throws {
        let witness = Witness()
        try await spec("Isolation") {
            beforeAll { witness.note("beforeAll") }
            aroundEach { run in
                witness.note("around before")
                try await run()
                witness.note("around after")
            }
            beforeEach { witness.note("beforeEach") }
            it("sync") { witness.note("sync it") }
            it("async") {
                await Task.yield()
                witness.note("async it")
            }
            context("nested") {
                beforeEach {
                    await Task.yield()
                    witness.note("nested beforeEach")
                }
                it("deep") { witness.note("deep it") }
            }
            afterEach { witness.note("afterEach") }
            afterAll { witness.note("afterAll") }
        }
        let offActor = witness.seen.filter { $0.hasSuffix("off") }
        #expect(offActor == [], "closures ran off the main actor")
        #expect(witness.seen.count == 18, "every closure ran: \(witness.seen)")
    }

    @Test func aSynchronousSpecRunsOnTheCallersMainActor() throws {
        let witness = Witness()
        try spec {
            aroundEach { run in
                witness.note("around")
                try run()
            }
            it("sync") { witness.note("it") }
            afterAll { witness.note("afterAll") }
        }
        #expect(witness.seen == ["around: main", "it: main", "afterAll: main"])
    }

    @Test func anExclusiveElementStaysOnTheCallersMainActor() async throws {
        let witness = Witness()
        try await spec {
            describe("shared", .exclusive(SharedResource("isolation-tests"))) {
                it("holds") { witness.note("it") }
            }
        }
        #expect(witness.seen == ["it: main"])
    }
}

/// Runs an actor's jobs on a queue that marks them, so a test can tell,
/// without trapping, whether code runs on that actor.
///
/// `ExecutorJob`, `UnownedJob(_:)` and the default `asUnownedSerialExecutor()`
/// are macOS 14 / iOS 17 API, newer than the platforms the package declares.
@available(macOS 14.0, iOS 17.0, tvOS 17.0, watchOS 10.0, *)
final class MarkedExecutor: SerialExecutor, @unchecked Sendable {
    // @unchecked: the only stored property is a serial DispatchQueue, which
    // is safe to use from any thread.
    private let queue = DispatchQueue(label: "rundown.tests.marked-actor")
    private static let mark = DispatchSpecificKey<Bool>()

    init() {
        queue.setSpecific(key: Self.mark, value: true)
    }

    /// Whether code running now runs on an actor of this executor.
    static var isRunningHere: Bool {
        DispatchQueue.getSpecific(key: mark) == true
    }

    func enqueue(_ job: consuming ExecutorJob) {
        let job = UnownedJob(job)
        queue.async { job.runSynchronously(on: self.asUnownedSerialExecutor()) }
    }
}

/// The same from an actor: closures run on the actor that called `spec`.
@available(macOS 14.0, iOS 17.0, tvOS 17.0, watchOS 10.0, *)
actor IsolatedRunner {
    private let executor = MarkedExecutor()
    nonisolated var unownedExecutor: UnownedSerialExecutor { executor.asUnownedSerialExecutor() }
    var seen: [String] = []

    func note(_ what: String) {
        seen.append("\(what): \(MarkedExecutor.isRunningHere ? "actor" : "off")")
    }

    func run() async throws -> [String] {
        try await spec {
            beforeAll { self.note("beforeAll") }
            aroundEach { run in
                self.note("around")
                try await run()
            }
            it("touches the actor's state without await") { self.note("it") }
            it("awaits") {
                await Task.yield()
                self.note("async it")
            }
            afterAll { self.note("afterAll") }
        }
        return seen
    }

    /// Cleanups and fresh values keep the actor's isolation too.
    func runWithCleanups() async throws -> [String] {
        try await spec {
            let number = fresh { 1 }
            beforeAll { deferCleanup { self.note("beforeAll's cleanup") } }
            it("registers") {
                deferCleanup { self.note("cleanup \(number.value)") }
                deferCleanup {
                    await Task.yield()
                    self.note("async cleanup")
                }
            }
        }
        return seen
    }
}

@Suite struct ActorIsolationTests {
    @available(macOS 14.0, iOS 17.0, tvOS 17.0, watchOS 10.0, *)
    @Test func closuresRunOnTheActorThatCalledSpec() async throws {
        #expect(
            try await IsolatedRunner().run() == [
                "beforeAll: actor", "around: actor", "it: actor", "around: actor", "async it: actor", "afterAll: actor",
            ])
    }

    @Test func cleanupsRunOnTheActorThatCalledSpec() async throws {
        #expect(
            try await IsolatedRunner().runWithCleanups() == [
                "async cleanup: actor", "cleanup 1: actor", "beforeAll's cleanup: actor",
            ])
    }
}
