/// The examples of a run that repeated (`.repeated(_:)`, `RUNDOWN_REPEAT`),
/// added up: what the run says about them once, however many there were. A
/// run whose repetitions all passed would otherwise say nothing, and one that
/// `until-failure` left without a failure would say so for every example.
package struct RepetitionTally: Sendable, Hashable {
    /// Examples planned to run more than once, that ran at least once.
    package var examples = 0
    /// Repetitions those examples ran, in all.
    package var repetitions = 0
    /// Those that stopped at a failing repetition (or failed late).
    package var failed = 0
    /// Those that `until-failure` stopped at its cap without a failure, and the cap.
    package var reachedCap = 0
    package var cap = 0
    /// Those that `until-failure` stopped at its time limit without a failure, and the limit.
    package var reachedTimeLimit = 0
    package var timeLimit = Duration.zero

    package init() {}

    /// Counts one example that has finished repeating.
    mutating func add(repetitions ran: Int, failed: Bool, stop: UntilFailureStop?) {
        examples += 1
        repetitions += ran
        if failed { self.failed += 1 }
        switch stop {
        case .capReached(let cap):
            reachedCap += 1
            self.cap = cap
        case .timeLimitReached(let limit):
            reachedTimeLimit += 1
            timeLimit = limit
        case nil:
            break
        }
    }

    /// Adds what another walk counted (an element of a concurrent group).
    mutating func add(_ other: RepetitionTally) {
        examples += other.examples
        repetitions += other.repetitions
        failed += other.failed
        reachedCap += other.reachedCap
        reachedTimeLimit += other.reachedTimeLimit
        if other.reachedCap > 0 { cap = other.cap }
        if other.reachedTimeLimit > 0 { timeLimit = other.timeLimit }
    }
}

/// Why `until-failure` stopped repeating an example that had not failed.
enum UntilFailureStop: Hashable {
    /// It ran as many repetitions as the cap allows.
    case capReached(Int)
    /// Its time was up.
    case timeLimitReached(Duration)
}
