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
        resource.assertHeld()
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
