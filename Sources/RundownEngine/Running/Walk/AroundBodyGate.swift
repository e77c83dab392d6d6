import Dispatch

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
/// outlives the hook), so the walk never has two drivers at once: the state
/// is behind the gate's lock, and the closer waits outside it, on a
/// semaphore (a thread) or a continuation (a task) that the winning call
/// signals as it leaves. A call that
/// comes after the hook returned goes to the run's ``FailureInbox``.
final class AroundBodyGate: Sendable {
    private enum Phase {
        /// The hook runs and has not called its body.
        case waiting
        /// A call of the body is driving the walk.
        case running
        /// The body has run.
        case ran
        /// The hook has returned; the walk has moved on.
        case closed
    }

    /// Who waits in ``close()`` for the call driving the walk to leave.
    private enum Closer {
        /// A thread, blocked (the synchronous driver).
        case thread(DispatchSemaphore)
        /// A task, suspended (the asynchronous driver).
        case task(CheckedContinuation<Void, Never>)
    }

    private struct State {
        var phase = Phase.waiting
        var refused = 0
        var closer: Closer?
    }

    /// What the hook did with its body, as seen when it returned.
    struct Calls {
        /// Whether the body ran.
        var ran: Bool
        /// The calls refused because the body had already been called.
        var refused: Int
    }

    private let state = Protected(State())
    private let inbox: FailureInbox
    private let lateFailure: SpecFailure

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
        let (entered, late) = state.withLock { state -> (Bool, Bool) in
            switch state.phase {
            case .waiting:
                state.phase = .running
                return (true, false)
            case .running, .ran:
                state.refused += 1
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
        let closer = state.withLock { state in
            state.phase = .ran
            defer { state.closer = nil }
            return state.closer
        }
        switch closer {
        case .thread(let semaphore): semaphore.signal()
        case .task(let continuation): continuation.resume()
        case nil: break
        }
    }

    /// The hook has returned: waits, blocking the thread, until no call of the
    /// body is driving the walk, then refuses every later call.
    func close() -> Calls {
        let semaphore: DispatchSemaphore? = state.withLock { state in
            guard state.phase == .running else { return nil }
            let semaphore = DispatchSemaphore(value: 0)
            state.closer = .thread(semaphore)
            return semaphore
        }
        semaphore?.wait()
        return state.withLock(Self.close)
    }

    /// The hook has returned: waits, suspending, until no call of the body is
    /// driving the walk, then refuses every later call.
    nonisolated(nonsending) func close() async -> Calls {
        await withCheckedContinuation { (closer: CheckedContinuation<Void, Never>) in
            let bodyIsRunning = state.withLock { state in
                guard state.phase == .running else { return false }
                state.closer = .task(closer)
                return true
            }
            if !bodyIsRunning { closer.resume() }
        }
        return state.withLock(Self.close)
    }

    private static func close(_ state: inout State) -> Calls {
        let ran = state.phase == .ran
        state.phase = .closed
        return Calls(ran: ran, refused: state.refused)
    }
}
