import Foundation

/// State that several tasks read and write, kept behind a mutex.
///
/// The primitives in this module hand work between tasks from synchronous places such as
/// cancellation handlers, `open()` calls and `defer` blocks, where an actor hop is impossible.
/// A short critical section under a mutex is the one tool that works in all of them; no code
/// ever suspends or calls out to user code while the mutex is held.
final class Protected<State>: @unchecked Sendable {
    private let mutex = NSLock()
    private var state: State

    init(_ state: State) {
        self.state = state
    }

    func withLock<Result>(_ body: (inout State) throws -> Result) rethrows -> Result {
        mutex.lock()
        defer { mutex.unlock() }
        return try body(&state)
    }
}
