import Foundation

/// A value guarded by an `NSLock`, for test bookkeeping written from several tasks.
///
/// Why not `Mutex`: it needs macOS 15 / iOS 18, and the package declares macOS 13 / iOS 16.
/// Linux never checks Apple availability, so a `Mutex` here builds on Linux and breaks the
/// Apple build (`.ci/run` greps for it). `NSLock` exists on every platform the package
/// supports, and Thread Sanitizer understands it.
///
/// `@unchecked Sendable` is sound: `value` is private and only touched inside `withLock`, under
/// `lock`, and only `Sendable` values go in and come out.
package final class Locked<Value: Sendable>: @unchecked Sendable {
    private let lock = NSLock()
    private var value: Value

    package init(_ value: Value) {
        self.value = value
    }

    /// Runs `body` with the value while holding the lock, like `Mutex.withLock`.
    package func withLock<Result>(_ body: (inout Value) throws -> Result) rethrows -> Result {
        lock.lock()
        defer { lock.unlock() }
        return try body(&value)
    }

    /// The value now, read under the lock.
    package var current: Value { withLock { $0 } }
}
