#if canImport(Testing)
import RundownTestSupport
import Testing
@testable import RundownConcurrency

/// Behaviour#Waits-always-end: `eventually` polls until its condition holds or its deadline passes.
@Suite("eventually", .timeLimit(.minutes(1)))
struct EventuallyTests {
    @Test("retries a condition until it holds")
    func conditionEventuallyHolds() async throws {
        let checks = Locked(0)
        try await eventually("third check succeeds", within: patience) {
            checks.withLock {
                $0 += 1
                return $0 >= 3
            }
        }
        #expect(checks.current == 3)
    }

    @Test("an async condition works too")
    func asyncCondition() async throws {
        let counter = Counter()
        try await eventually(within: patience) { await counter.increment() >= 2 }
        #expect(await counter.value == 2)
    }

    @Test("the optional form returns the first non-nil value")
    func firstNonNilValue() async throws {
        let checks = Locked(0)
        let value = try await eventually("a value is loaded", within: patience) { () -> String? in
            checks.withLock {
                $0 += 1
                return $0 == 4 ? "loaded" : nil
            }
        }
        #expect(value == "loaded")
        #expect(checks.current == 4)
    }

    @Test("errors thrown by the closure count as not yet")
    func errorsAreRetried() async throws {
        struct NotReady: Error {}
        let checks = Locked(0)
        let value = try await eventually(within: patience) { () throws -> Int? in
            try checks.withLock { count in
                count += 1
                if count < 3 { throw NotReady() }
                return count
            }
        }
        #expect(value == 3)
    }

    @Test("the predicate form returns the first satisfying value")
    func predicateForm() async throws {
        let counter = Counter()
        let value = try await eventually(within: patience) {
            await counter.increment()
        } satisfies: {
            $0 >= 5
        }
        #expect(value == 5)
    }

    // reaches: EventuallyError
    @Test("a timeout names the condition, the call site and the last value seen")
    func timeoutMessage() async throws {
        let line = SourceLine.marked("eventually")
        let error = await caughtError {
            try await eventually("the cache is warm", within: .milliseconds(50)) { false }  // line: eventually
        }
        let timeout = try #require(error as? EventuallyError)
        #expect(timeout.timeout == .milliseconds(50))
        #expect(timeout.location.line == line)
        #expect(timeout.location.fileID.hasSuffix("EventuallyTests.swift"))
        let text = String(describing: timeout)
        #expect(text.contains("eventually(\"the cache is warm\")"))
        #expect(text.contains("EventuallyTests.swift:"))
        #expect(text.contains("last seen: false"))
        // It ran under its own 50 ms, not the 2-second default, whatever the machine's speed: the checks
        // come at once, then no sooner than 1, 3, 7, 15 and 31 ms, and at the deadline, so at most 7 (a
        // wait of 2 seconds makes dozens). How punctually it gives up is pinned on a stepping clock below.
        #expect((1...7).contains(timeout.attempts))
    }

    @Test("a timeout of the predicate form quotes the last value")
    func timeoutQuotesLastValue() async throws {
        let error = await caughtError {
            _ = try await eventually("seven items", within: .milliseconds(20)) {
                6
            } satisfies: {
                $0 == 7
            }
        }
        #expect(String(describing: try #require(error as? EventuallyError)).contains("last seen: 6"))
    }

    @Test("a timeout after errors quotes the last error")
    func timeoutQuotesLastError() async throws {
        struct Offline: Error, CustomStringConvertible { var description: String { "server offline" } }
        let error = await caughtError {
            _ = try await eventually(within: .milliseconds(20)) { () throws -> Int? in throw Offline() }
        }
        #expect(
            String(describing: try #require(error as? EventuallyError)).contains(
                "last seen: an error: server offline"))
    }

    @Test("cancellation ends the wait with CancellationError")
    func cancellation() async throws {
        let polling = Gate("first check happened", timeout: patience)
        let waiter = Task {
            try await eventually(within: .seconds(600)) {
                polling.open()
                return false
            }
        }
        try await polling.arrive(within: patience)
        waiter.cancel()
        let error = await caughtError { try await waiter.value }
        #expect(error is CancellationError)
    }
}

actor Counter {
    private(set) var value = 0

    func increment() -> Int {
        value += 1
        return value
    }
}
#endif

#if canImport(Testing)
/// When `eventually` checks, pinned without timing anything: the loop runs on a clock that moves
/// only when the loop sleeps, so the times of its checks are exact, however loaded the machine.
@Suite("eventually's schedule")
struct EventuallyScheduleTests {
    @Test("the last check is at the deadline, and the wait gives up right after it")
    func givesUpAtItsDeadline() async throws {
        let clock = SteppingClock()
        let checks = Locked<[Duration]>([])
        let site = try PollSite(
            description: "never", timeout: .milliseconds(200), fileID: #fileID, filePath: #filePath, line: #line,
            column: #column)
        let error = await caughtError {
            try await poll(site, clock: clock, isolation: nil) { () async throws -> (Void?, String) in
                checks.withLock { $0.append(clock.now.offset) }
                return (nil, "false")
            }
        }
        // At once, after pauses of 1, 2, 4, … ms capped at 50, and once more at the deadline.
        #expect(checks.current == [0, 1, 3, 7, 15, 31, 63, 113, 163, 200].map { Duration.milliseconds($0) })
        #expect(clock.now.offset == .milliseconds(200))
        #expect((error as? EventuallyError)?.attempts == 10)
    }

    @Test("a condition that holds at the deadline's check is a success")
    func theCheckAtTheDeadlineCounts() async throws {
        let clock = SteppingClock()
        let site = try PollSite(
            description: "at the end", timeout: .milliseconds(100), fileID: #fileID, filePath: #filePath, line: #line,
            column: #column)
        let seenAt = try await poll(site, clock: clock, isolation: nil) { () async throws -> (Duration?, String) in
            let now = clock.now.offset
            return now >= .milliseconds(100) ? (now, "") : (nil, "too early")
        }
        #expect(seenAt == .milliseconds(100))
    }
}

/// A clock whose time moves only when a task sleeps on it: the sleep returns at once, and its
/// deadline is the new time.
struct SteppingClock: Clock {
    struct Instant: InstantProtocol {
        var offset: Duration

        func advanced(by duration: Duration) -> Instant { Instant(offset: offset + duration) }
        func duration(to other: Instant) -> Duration { other.offset - offset }
        static func < (lhs: Instant, rhs: Instant) -> Bool { lhs.offset < rhs.offset }
    }

    private let time = Locked(Duration.zero)

    var now: Instant { Instant(offset: time.current) }
    var minimumResolution: Duration { .nanoseconds(1) }

    func sleep(until deadline: Instant, tolerance: Duration?) async throws {
        try Task.checkCancellation()
        time.withLock { $0 = max($0, deadline.offset) }
    }
}
#endif
