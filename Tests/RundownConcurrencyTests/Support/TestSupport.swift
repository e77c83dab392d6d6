import RundownConcurrency

/// Resources declared the way users declare them.
extension SharedResource {
    static let contended = SharedResource("contended test resource")
    static let printer = SharedResource("printer")
    static let scanner = SharedResource("scanner")
    static let enforcementDemo = SharedResource("enforcement demo")
}

/// A test double that checks it is used under the lock, as a real helper would.
struct HostWindowDouble {
    let resource: SharedResource

    func show(_ screen: String) {
        resource.expectHeld()
    }
}

/// Counts how many tasks are inside a critical region at once and remembers the worst overlap.
///
/// The overlap is the bug the exclusivity tools exist to prevent, so tests assert on it directly.
final class OverlapDetector: Sendable {
    private struct Counts {
        var inside = 0
        var maximum = 0
        var visits: [String] = []
    }

    private let counts = LockedBox(Counts())

    func enter(_ who: String) {
        counts.access { counts in
            counts.inside += 1
            counts.maximum = max(counts.maximum, counts.inside)
            counts.visits.append(who)
        }
    }

    func leave() {
        counts.access { $0.inside -= 1 }
    }

    var maximumOverlap: Int { counts.access { $0.maximum } }
    var visits: [String] { counts.access { $0.visits } }
}

/// A tiny mutex box for test bookkeeping; the library's own is internal on purpose.
///
/// `@unchecked Sendable` is sound because `value` is private and only touched inside `access`,
/// under `mutex`, and `access` never lets a reference to it escape the critical section.
final class LockedBox<Value>: @unchecked Sendable {
    private let mutex = NSLockShim()
    private var value: Value

    init(_ value: Value) {
        self.value = value
    }

    func access<Result>(_ body: (inout Value) throws -> Result) rethrows -> Result {
        mutex.lock()
        defer { mutex.unlock() }
        return try body(&value)
    }

    var current: Value { access { $0 } }
}

/// An ordered record of events, appended from many tasks.
final class EventLog: Sendable {
    private let entries = LockedBox<[String]>([])

    func append(_ entry: String) {
        entries.access { $0.append(entry) }
    }

    var all: [String] { entries.current }
}

#if canImport(Foundation)
import Foundation
typealias NSLockShim = NSLock
#endif

/// Runs `operation` and returns the error it throws, or `nil` if it succeeds.
func caughtError(
    isolation: isolated (any Actor)? = #isolation,
    _ operation: () async throws -> Void
) async -> (any Error)? {
    do {
        try await operation()
        return nil
    } catch {
        return error
    }
}

/// A test waited longer than its bound; a regression that hangs fails with this instead.
struct TestTimeout: Error, CustomStringConvertible {
    let description: String
}

/// The value of `task`, or `TestTimeout` after `limit`, in which case the task is cancelled.
///
/// A bare `await task.value` cannot be cancelled, so a deadlocked task would hang the suite.
func value<Success: Sendable>(
    of task: Task<Success, any Error>,
    within limit: Duration = .seconds(5),
    _ what: String
) async throws -> Success {
    try await withThrowingTaskGroup(of: Success?.self) { group in
        group.addTask { try await task.value }
        group.addTask {
            try? await Task.sleep(for: limit)
            return nil
        }
        defer { group.cancelAll() }
        if let first = try await group.next(), let value = first {
            return value
        }
        task.cancel()
        throw TestTimeout(description: "\(what) did not finish within \(limit)")
    }
}

/// How long `operation` took on the continuous clock, along with its error, if any.
func timed(
    isolation: isolated (any Actor)? = #isolation,
    _ operation: () async throws -> Void
) async -> (elapsed: Duration, error: (any Error)?) {
    let clock = ContinuousClock()
    let start = clock.now
    let error = await caughtError(operation)
    return (clock.now - start, error)
}

/// A deadline of 50 ms must fire well before this: a wait that ignored its deadline (10 s default)
/// or fired 50 times late fails. Generous, because other builds share the machine.
let lateDeadlineBound: Duration = .seconds(2)
