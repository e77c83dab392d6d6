/// Which run of its example a runner's closure belongs to, when the example
/// repeats or retries: what a failure's message says (`repetition 7 of 100`),
/// and whether a failure now may still be followed by another attempt.
///
/// Immutable: the walk makes a new one for each run.
package final class AttemptNote: Sendable, CustomStringConvertible {
    /// Which repetition, from 1.
    package let repetition: Int
    /// How many repetitions are planned: 1 for none, `nil` until the first failure.
    package let repetitions: Int?
    /// Which attempt of this repetition, from 1.
    package let attempt: Int
    /// How many attempts the repetition may take: 1 for no retries.
    package let attempts: Int

    init(repetition: Int, repetitions: Int?, attempt: Int, attempts: Int) {
        self.repetition = repetition
        self.repetitions = repetitions
        self.attempt = attempt
        self.attempts = attempts
    }

    /// Whether the example retries: the walk holds its failures until an
    /// attempt has ended, then reports them (as warnings if a later attempt
    /// passed), so a framework must not record them itself. The last
    /// attempt's too, so that every attempt's failures are reported alike and
    /// in their order.
    package var isHeldByTheWalk: Bool { attempts > 1 }

    /// `repetition 7 of 100`, `attempt 1 of 3`, `repetition 2 of 5, attempt 1 of 3`,
    /// `repetition 40 (until-failure)`.
    package var description: String {
        var parts: [String] = []
        if let repetitions {
            if repetitions > 1 { parts.append("repetition \(repetition) of \(repetitions)") }
        } else {
            parts.append("repetition \(repetition) (until-failure)")
        }
        if attempts > 1 { parts.append("attempt \(attempt) of \(attempts)") }
        return parts.joined(separator: ", ")
    }
}
