// What ends first under a time limit: the closure or a timer (see TimeLimit.swift).

/// An ``Outcome`` handed from the body's task to the driver.
///
/// @unchecked Sendable: it is created by that task, handed over once under
/// ``FirstEnding``'s lock, and only read by the driver afterwards; the error
/// inside is `any Error`, which is `Sendable`.
struct UncheckedOutcome: @unchecked Sendable {
    let outcome: Outcome
}

/// What ends first: the body, or a timer. The driver waits for the first
/// ending, and after a cancellation for a second one.
final class FirstEnding: @unchecked Sendable {
    // @unchecked: `endings` and `waiter` are read and written only under `condition`.
    enum Ending {
        case body(Outcome)
        case timer
    }

    private let condition = EngineCondition()
    private var endings: [Ending] = []
    private var waiter: CheckedContinuation<Ending, Never>?
    private var taken = 0

    func end(_ ending: UncheckedOutcomeOrTimer) {
        let resume: (CheckedContinuation<Ending, Never>, Ending)? = condition.withLock {
            let value: Ending =
                switch ending {
                case .body(let handed): .body(handed.outcome)
                case .timer: .timer
                }
            // Kept even when it goes straight to a waiter, so that `taken`
            // indexes `endings`: an ending that comes before the next wait
            // starts is then found there, not lost.
            endings.append(value)
            if let waiter {
                self.waiter = nil
                taken += 1
                return (waiter, value)
            }
            return nil
        }
        if let (waiter, value) = resume { waiter.resume(returning: value) }
    }

    /// Whether a wait for an ending has started and not yet been answered.
    var isWaiting: Bool { condition.withLock { waiter != nil } }

    /// The first ending.
    func first() async -> Ending { await next() }

    /// The next ending after the first, ignoring further timer endings of the first wait.
    func second() async -> Ending { await next() }

    private func next() async -> Ending {
        await withCheckedContinuation { continuation in
            let ready: Ending? = condition.withLock {
                if taken < endings.count {
                    let value = endings[taken]
                    taken += 1
                    return value
                }
                waiter = continuation
                return nil
            }
            if let ready { continuation.resume(returning: ready) }
        }
    }

    enum UncheckedOutcomeOrTimer {
        case body(UncheckedOutcome)
        case timer
    }
}
