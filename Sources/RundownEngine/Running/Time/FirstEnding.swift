// What ends first under a time limit: the closure or a timer (see TimeLimit.swift).

/// What ends first: the body, or a timer. The driver waits for the first
/// ending, and after a cancellation for a second one.
final class FirstEnding: Sendable {
    enum Ending: Sendable {
        case body(Outcome)
        case timer
    }

    /// The endings so far, in the order they came; how many waits have taken
    /// one; the wait that has started and not yet been answered.
    private struct State {
        var endings: [Ending] = []
        var taken = 0
        var waiter: CheckedContinuation<Ending, Never>?
    }

    private let state = Protected(State())

    func end(_ ending: Ending) {
        let resume: (CheckedContinuation<Ending, Never>, Ending)? = state.withLock { state in
            // Kept even when it goes straight to a waiter, so that `taken`
            // indexes `endings`: an ending that comes before the next wait
            // starts is then found there, not lost.
            state.endings.append(ending)
            guard let waiter = state.waiter else { return nil }
            state.waiter = nil
            state.taken += 1
            return (waiter, ending)
        }
        if let (waiter, value) = resume { waiter.resume(returning: value) }
    }

    /// Whether a wait for an ending has started and not yet been answered.
    var isWaiting: Bool { state.withLock { $0.waiter != nil } }

    /// The first ending.
    func first() async -> Ending { await next() }

    /// The next ending after the first, ignoring further timer endings of the first wait.
    func second() async -> Ending { await next() }

    private func next() async -> Ending {
        await withCheckedContinuation { continuation in
            let ready: Ending? = state.withLock { state in
                if state.taken < state.endings.count {
                    defer { state.taken += 1 }
                    return state.endings[state.taken]
                }
                state.waiter = continuation
                return nil
            }
            if let ready { continuation.resume(returning: ready) }
        }
    }
}
