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
// example that has retries are held until then: reported as failures if no
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
    private(set) var stop: UntilFailureStop?

    /// Whether the example is planned to run more than once (retries aside):
    /// the run counts how many times it ran.
    var repeats: Bool { maxRepetitions > 1 }

    /// Moves to the next repetition, if one is planned.
    func nextRepetition() -> Bool {
        guard note.repetition < maxRepetitions else {
            if repetitions == nil { stop = .capReached(maxRepetitions) }
            return false
        }
        if let deadline, ContinuousClock.now >= deadline {
            stop = .timeLimitReached(timeLimit ?? RepeatSetting.untilFailureLimit)
            return false
        }
        lastAttempts.append(note.attempt)
        note = AttemptNote(repetition: note.repetition + 1, repetitions: repetitions, attempt: 1, attempts: attempts)
        return true
    }
}
