import RundownConcurrency
import RundownCore
import RundownTestSupport

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

    private let counts = Locked(Counts())

    func enter(_ who: String) {
        counts.withLock { counts in
            counts.inside += 1
            counts.maximum = max(counts.maximum, counts.inside)
            counts.visits.append(who)
        }
    }

    func leave() {
        counts.withLock { $0.inside -= 1 }
    }

    var maximumOverlap: Int { counts.withLock { $0.maximum } }
    var visits: [String] { counts.withLock { $0.visits } }
}

/// An ordered record of events, appended from many tasks.
final class EventLog: Sendable {
    private let entries = Locked<[String]>([])

    func append(_ entry: String) {
        entries.withLock { $0.append(entry) }
    }

    var all: [String] { entries.current }
}

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
    within limit: Duration = patience,
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

/// Keeps every failure posted in its region, before any framework sees it, and takes it: a test
/// that provokes a failure on purpose reads it here instead of failing.
final class FailureCollector: FailureListener {
    private let received = Locked<[ConcurrencyFailure]>([])

    var keepsUnclaimed: Bool { true }

    /// The failures heard so far, in order.
    var failures: [ConcurrencyFailure] {
        received.current
    }

    func hear(_ failure: PostedFailure) {
        let location = failure.location ?? CodeLocation(fileID: "", filePath: "", line: 0, column: 0)
        received.withLock { $0.append(ConcurrencyFailure(failure.message, at: location)) }
    }

    /// The failures posted while `body` runs.
    static func collecting(_ body: () throws -> Void) rethrows -> [ConcurrencyFailure] {
        let collector = FailureCollector()
        try RunContext.listening(collector, body)
        return collector.failures
    }

    /// The failures posted while `body` runs, in the tasks it starts too.
    static func collecting(
        isolation: isolated (any Actor)? = #isolation, _ body: () async throws -> Void
    ) async rethrows -> [ConcurrencyFailure] {
        let collector = FailureCollector()
        try await RunContext.listening(collector) { try await body() }
        return collector.failures
    }
}

extension RunningTest {
    /// The Swift Testing test named `name`, as the toolkit names the test that runs a check.
    static func swiftTesting(_ name: String) -> RunningTest {
        RunningTest(framework: .swiftTesting, testName: name, specPath: nil)
    }
}
