#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// Decides, for one call of an `aroundEach` hook, which call of its body may
/// drive the walk: only the first, and only until the hook has returned.
///
/// The walk is not thread-safe, and the body is the one door through which
/// user code can reach it from another task or thread: in Swift 5 language
/// mode a hook can call its body from two `async let` child tasks at once.
/// So every call of the body asks the gate first, under a lock, and only the
/// call that wins touches the walk; every other call is counted here as a
/// misuse and returns at once, without touching the walk.
///
/// When the hook returns, ``close()`` waits while a winning call is still
/// driving the walk (possible only if the body ran on a task or thread that
/// outlives the hook), so the walk never has two drivers at once. A call that
/// comes after the hook returned goes to the run's ``FailureInbox``.
final class AroundBodyGate: @unchecked Sendable {
    // @unchecked: every stored `var` is read and written only while
    // `condition` is locked, and the `let`s are immutable Sendable values.
    private enum State {
        /// The hook runs and has not called its body.
        case waiting
        /// A call of the body is driving the walk.
        case running
        /// The body has run.
        case ran
        /// The hook has returned; the walk has moved on.
        case closed
    }

    /// What the hook did with its body, as seen when it returned.
    struct Calls {
        /// Whether the body ran.
        var ran: Bool
        /// The calls refused because the body had already been called.
        var refused: Int
    }

    private let condition = EngineCondition()
    private let inbox: FailureInbox
    private let lateFailure: SpecFailure
    private var state = State.waiting
    private var refused = 0
    private var closer: CheckedContinuation<Void, Never>?

    /// - Parameters:
    ///   - inbox: Where a call after the hook returned is reported.
    ///   - lateFailure: What such a call is reported as.
    init(inbox: FailureInbox, lateFailure: SpecFailure) {
        self.inbox = inbox
        self.lateFailure = lateFailure
    }

    /// Called first thing by every call of the body. Returns whether this call
    /// may drive the walk; if it does, it must call ``leave()`` when done.
    func enter() -> Bool {
        let (entered, late) = condition.withLock { () -> (Bool, Bool) in
            switch state {
            case .waiting:
                state = .running
                return (true, false)
            case .running, .ran:
                refused += 1
                return (false, false)
            case .closed:
                return (false, true)
            }
        }
        // Posted outside the gate's lock: a closed inbox hands it on to the host.
        if late { inbox.post(.made(lateFailure)) }
        return entered
    }

    /// The call that won ``enter()`` has finished driving the walk.
    func leave() {
        let closer = condition.withLock {
            state = .ran
            condition.broadcast()
            defer { self.closer = nil }
            return self.closer
        }
        closer?.resume()
    }

    /// The hook has returned: waits, blocking the thread, until no call of the
    /// body is driving the walk, then refuses every later call.
    func close() -> Calls {
        condition.withLock {
            while state == .running {
                condition.wait()
            }
            return closeLocked()
        }
    }

    /// The hook has returned: waits, suspending, until no call of the body is
    /// driving the walk, then refuses every later call.
    nonisolated(nonsending) func close() async -> Calls {
        await withCheckedContinuation { (closer: CheckedContinuation<Void, Never>) in
            let bodyIsRunning = condition.withLock {
                guard state == .running else { return false }
                self.closer = closer
                return true
            }
            if !bodyIsRunning { closer.resume() }
        }
        return condition.withLock { closeLocked() }
    }

    private func closeLocked() -> Calls {
        let ran = state == .ran
        state = .closed
        return Calls(ran: ran, refused: refused)
    }
}

/// A mutex with a condition variable, for macOS 13 (no `Mutex`) and without
/// Foundation. Thread Sanitizer understands pthread mutexes.
final class EngineCondition: @unchecked Sendable {
    // @unchecked: the pthread objects are allocated once, never move, and are
    // only used through pthread calls, which are thread-safe by contract.
    private let mutex = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)
    private let cond = UnsafeMutablePointer<pthread_cond_t>.allocate(capacity: 1)

    init() {
        mutex.initialize(to: pthread_mutex_t())
        cond.initialize(to: pthread_cond_t())
        pthread_mutex_init(mutex, nil)
        pthread_cond_init(cond, nil)
    }

    deinit {
        pthread_cond_destroy(cond)
        pthread_mutex_destroy(mutex)
        cond.deinitialize(count: 1)
        mutex.deinitialize(count: 1)
        cond.deallocate()
        mutex.deallocate()
    }

    func withLock<Result>(_ body: () throws -> Result) rethrows -> Result {
        pthread_mutex_lock(mutex)
        defer { pthread_mutex_unlock(mutex) }
        return try body()
    }

    /// Waits for ``broadcast()``; call it with the lock held, in a loop that checks the condition.
    func wait() {
        pthread_cond_wait(cond, mutex)
    }

    /// Wakes every ``wait()``; call it with the lock held.
    func broadcast() {
        pthread_cond_broadcast(cond)
    }
}
