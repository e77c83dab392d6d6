// How an example runs more than once: repetitions and retries.
//
// Invariants. Only examples repeat or retry; a group's beforeAll and afterAll
// run once around all runs of its examples. One run of an example (one
// repetition's one attempt) is the whole of its element frame: its scopes,
// aroundEach, beforeEach, the body, afterEach. When the frame has unwound it
// either restarts from its first stage (the next attempt, or the next
// repetition) or finishes, so the example starts and finishes once in the
// reports and is counted once.
//
// A repetition must pass: the first failing one (after its retries, if any)
// ends the example, and its failures say which repetition it was. An attempt
// may be followed by another while it fails and attempts are left; the walk
// cannot know that until the attempt has ended, so the failures of an
// example that has retries are held until then: recorded as failures if no
// attempt passes, or reported with a notice (flaky) if a later one does. A
// skip ends the example; it is never retried.
//
// Every closure of a run carries that run's note in its runner, and so do
// the tasks it starts. A failure posted from a run that has ended is that
// run's late failure, never one of the run going on (contract section 13):
// a run that was retried had failed, so its late failure joins its
// repetition's (held while that repetition goes on, a warning once it passed
// on a later attempt); any other run had passed its repetition, or was the
// example's last, so the example fails and repeats no more (`failedLate`).
//
// Cost. An example with neither repetitions nor retries has no
// ExampleAttempts (its frame's is nil): the walk pays one nil check where an
// example ends and where a runner is made.

/// How the examples below a group run beyond once, as its traits and the
/// run's settings say; the innermost element that says wins, for each of the two.
struct AttemptPlan: Hashable {
    /// The repetitions of each example; `nil` is once.
    var repetitions: RepeatSetting?
    /// How many more attempts a failing run gets; `nil` is none.
    var retries: Int?

    /// The plan of the run's settings, or `nil` if they ask for nothing.
    init?(_ controls: RunControls) {
        guard controls.repetitions != nil || controls.retries != nil else { return nil }
        repetitions = controls.repetitions
        retries = controls.retries
    }

    private init(repetitions: RepeatSetting?, retries: Int?) {
        self.repetitions = repetitions
        self.retries = retries
    }

    /// `plan`, with what `marks` say instead where they say it (a value
    /// out of range is left out: its element fails, see ``InvalidAttemptTrait``).
    static func merging(_ plan: AttemptPlan?, _ marks: (repetitions: Int?, retries: Int?)) -> AttemptPlan? {
        guard marks.repetitions != nil || marks.retries != nil else { return plan }
        var merged = plan ?? AttemptPlan(repetitions: nil, retries: nil)
        if let times = marks.repetitions, times >= 1 { merged.repetitions = .times(times) }
        if let count = marks.retries, count >= 0 { merged.retries = count }
        return merged
    }

    /// Whether an example with this plan may run more than once.
    var runsMoreThanOnce: Bool {
        switch repetitions {
        case .times(let times) where times > 1: return true
        case .untilFailure: return true
        default: return (retries ?? 0) > 0
        }
    }
}

/// How many times each example of a run repeats (`RUNDOWN_REPEAT`).
package enum RepeatSetting: Sendable, Hashable {
    /// Exactly this many times, each of which must pass.
    case times(Int)
    /// Until the first failure, at most `max` repetitions and for at most `limit`.
    case untilFailure(max: Int, limit: Duration)

    /// The cap of `until-failure` without `:MAX`.
    package static let untilFailureDefaultMax = 10_000
    /// How long `until-failure` repeats one example at most.
    package static let untilFailureLimit = Duration.seconds(600)
}

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
    /// attempt has ended, then records them (as warnings if a later attempt
    /// passed), so a framework must not record them itself. The last
    /// attempt's too, so that every attempt's failures are recorded alike and
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

/// Where an example that repeats or retries is: the walk's state for it,
/// touched only by the walk, on its task.
final class ExampleAttempts {
    let plan: AttemptPlan
    /// The planned repetitions, or `nil` until the first failure.
    let repetitions: Int?
    let maxRepetitions: Int
    let attempts: Int
    private(set) var note: AttemptNote
    /// The failures of this repetition's attempts so far, while another attempt may follow.
    var held: [SpecFailure] = []
    /// The earlier run that failed after it had ended, passing, if one did:
    /// the example has failed, and repeats no more (see SpecWalk's `attribute`).
    var failedLate: AttemptNote?
    /// The attempt each repetition that is over ended on, by repetition.
    private var lastAttempts: [Int] = []
    /// When `until-failure` stops repeating.
    private let deadline: ContinuousClock.Instant?
    /// The time `until-failure` repeats for, which its notice names.
    private let timeLimit: Duration?

    init(_ plan: AttemptPlan) {
        self.plan = plan
        switch plan.repetitions {
        case .times(let times):
            repetitions = max(1, times)
            maxRepetitions = max(1, times)
            deadline = nil
            timeLimit = nil
        case .untilFailure(let max, let limit):
            repetitions = nil
            maxRepetitions = Swift.max(1, max)
            deadline = .now + limit
            timeLimit = limit
        case nil:
            repetitions = 1
            maxRepetitions = 1
            deadline = nil
            timeLimit = nil
        }
        attempts = 1 + max(0, plan.retries ?? 0)
        note = AttemptNote(repetition: 1, repetitions: repetitions, attempt: 1, attempts: attempts)
    }

    /// Whether failures wait for the attempt's end (there are retries).
    var holdsFailures: Bool { attempts > 1 }

    /// Whether `run` was followed by another attempt of its repetition, so
    /// that it had failed.
    func wasRetried(_ run: AttemptNote) -> Bool {
        let last = run.repetition == note.repetition ? note.attempt : lastAttempts[run.repetition - 1]
        return run.attempt < last
    }

    /// Moves to the next attempt of this repetition, if one is left.
    func nextAttempt() -> Bool {
        guard note.attempt < attempts else { return false }
        note = AttemptNote(
            repetition: note.repetition, repetitions: repetitions, attempt: note.attempt + 1, attempts: attempts)
        return true
    }

    /// Why `until-failure` stopped although nothing failed, once it has.
    private(set) var ended: String?

    /// Moves to the next repetition, if one is planned.
    func nextRepetition() -> Bool {
        guard note.repetition < maxRepetitions else {
            if repetitions == nil {
                ended = EngineWarning.untilFailureCapReached(repetitions: maxRepetitions).message
            }
            return false
        }
        if let deadline, ContinuousClock.now >= deadline {
            ended =
                EngineWarning.untilFailureTimeLimitReached(
                    limit: timeLimit ?? RepeatSetting.untilFailureLimit, repetitions: note.repetition
                ).message
            return false
        }
        lastAttempts.append(note.attempt)
        note = AttemptNote(repetition: note.repetition + 1, repetitions: repetitions, attempt: 1, attempts: attempts)
        return true
    }
}

/// A failure of one run of an example that repeats or retries: its message
/// ends with which run it was.
package struct AttemptFailure: WrappedFailure, CustomStringConvertible {
    /// What failed.
    package var error: any Error
    /// Which run: `repetition 7 of 100`.
    package var note: String

    package var wrapped: any Error { error }

    package var description: String {
        "\(String(describing: error)) (\(note))"
    }
}

/// Something the run says that is neither a failure nor a skip: an example
/// that passed only on a retry, or `until-failure` stopping without a failure.
package struct SpecNotice: Sendable, CustomStringConvertible {
    /// What happened.
    package enum Kind: Sendable {
        /// The example passed on attempt `passedOn` of `attempts`; `failures`
        /// are its earlier attempts', reported as warnings.
        case flaky(passedOn: Int, attempts: Int, failures: [SpecFailure])
        /// A repetition limit was reached; the text says which.
        case repetitionsEnded(String)
    }

    /// The example's path.
    package var path: [String]
    /// Where the example was declared.
    package var location: CodeLocation
    package var kind: Kind

    package init(path: [String], location: CodeLocation, kind: Kind) {
        self.path = path
        self.location = location
        self.kind = kind
    }

    /// Whether the example is flaky.
    package var isFlaky: Bool {
        if case .flaky = kind { return true }
        return false
    }

    /// `flaky: passed on attempt 2 of 3`, or why repeating ended.
    package var summary: String {
        switch kind {
        case .flaky(let passedOn, let attempts, _):
            EngineWarning.passedOnRetry(passedOn: passedOn, attempts: attempts).message
        case .repetitionsEnded(let text): text
        }
    }

    /// `Cart, saves: flaky: passed on attempt 2 of 3`.
    package var description: String {
        "\(path.joined(separator: ", ")): \(summary)"
    }
}

/// A `beforeAll` failure in a group whose examples would be retried: they
/// are left out, not retried, and the message says so.
package struct NotRetried: WrappedFailure, CustomStringConvertible {
    package var error: any Error
    package var wrapped: any Error { error }

    package var description: String {
        "\(String(describing: error)) (the group's examples were left out, not retried: retries rerun an example with its each-hooks, never a group's beforeAll)"
    }
}
