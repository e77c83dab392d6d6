import Foundation

/// State that several tasks or threads read and write, kept behind a mutex.
///
/// The toolkit's primitives hand work between tasks from synchronous places such as
/// cancellation handlers, `open()` calls and `defer` blocks, and the hosts take failures from
/// any thread, where an actor hop is impossible. A short critical section under a mutex is the
/// one tool that works in all of them. An `NSLock`, not `Mutex`: the package supports macOS 13,
/// and Thread Sanitizer sees through pthread locks.
///
/// `@unchecked Sendable` is safe because `state` is only ever touched inside `withLock`, under
/// the lock. Nothing in `body` may suspend, and only a caller that says why may call out of the
/// module while it holds the lock.
package final class Protected<State>: @unchecked Sendable {
    private let mutex = NSLock()
    private var state: State

    package init(_ state: State) {
        self.state = state
    }

    package func withLock<Result>(_ body: (inout State) throws -> Result) rethrows -> Result {
        mutex.lock()
        defer { mutex.unlock() }
        return try body(&state)
    }
}
