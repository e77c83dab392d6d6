import RundownCore

// The toolkit's catalogue of errors: what its locks, gates, waits and
// explorer throw, in the one shape of the engine's `ExplainedError` (what
// happened, naming the resource, gate or call, then how to fix it; each part
// a sentence, as the toolkit's messages read). A check that cannot throw
// reports a `ConcurrencyFailure` instead; the toolkit's warnings are
// `ToolkitWarning`, beside this file.
//
// `ExplorationFailure`, below, has not the one shape: it lists other
// messages and has none of its own. Not here: `DeadlineExceeded`
// (Deadline.swift) and `ScheduleDivergence` (ScheduleDivergence.swift), internal,
// each of which becomes a part of a message before a user sees it.

/// Code used a ``SharedResource`` in a way that would race or deadlock.
///
/// See <doc:SharingAResource>.
public enum ExclusiveAccessError: ExplainedError, Equatable {
    /// The resource was used without first taking exclusive access to it. `user` names the test,
    /// and the spec element in it, that was running, or is `nil` outside any.
    case notHeld(resource: SharedResource, user: RunningTest?)
    /// A task that holds `held` asked for `requested`, whose name sorts before it. Resources are
    /// always taken in name order; taking them the other way round can deadlock with a task that
    /// follows the rule.
    case lockOrderInversion(held: SharedResource, requested: SharedResource, holder: RunningTest?)

    /// Names the resources and the test, and says how to fix the test in its framework: a trait
    /// for a Swift Testing test or a spec's group, `withExclusiveAccess` for an XCTest method.
    public var description: String { explanation }

    package var what: String {
        switch self {
        case .notHeld(let resource, let user):
            "Shared resource \(resource) was used by \(user?.description ?? "code outside any test") without exclusive "
                + "access."
        case .lockOrderInversion(let held, let requested, let holder):
            "Lock-order inversion: \(holder?.description ?? "code outside any test") holds shared resource \(held) and "
                + "asked for \(requested), whose name sorts before it. Shared resources are always taken in name order, "
                + "so that two tests can never each hold one and wait for the other; taking \(requested) now could "
                + "deadlock."
        }
    }

    package var fix: String {
        switch self {
        case .notHeld(let resource, let user):
            switch RunningTest.claim(for: user) {
            case .testTrait:
                "Add .exclusive(...) for it to the suite or test, or wrap the code in withExclusiveAccess { ... }."
            case .specTrait(let orTestTrait):
                "Add .exclusive(...) for it to the example or a group around it (in an async spec)"
                    + (orTestTrait ? " or to the suite or test" : "")
                    + ", or wrap the code in withExclusiveAccess { ... }."
            case .call:
                "Wrap the code that uses it in try await \(resource.code).withExclusiveAccess { ... }, in an async "
                    + "test method."
            }
        case .lockOrderInversion(let held, let requested, let holder):
            switch RunningTest.claim(for: holder) {
            case .testTrait:
                "Ask for both at the outer level instead, e.g. .exclusive(\(requested), \(held)) on the suite or group."
            case .specTrait:
                "Ask for both at the outer level instead, e.g. .exclusive(\(requested), \(held)) on the group around "
                    + "both."
            case .call:
                "Ask for both at the outer level instead, in one call: try await SharedResource.withExclusiveAccess("
                    + "to: [\(requested.code), \(held.code)]) { ... }."
            }
        }
    }
}

extension SharedResource {
    /// The resource as code that makes it, for a message's fix: `SharedResource("host window")`.
    fileprivate var code: String {
        "SharedResource(\(String(reflecting: name)))"
    }
}

/// The ways ``AsyncLock`` refuses a request instead of deadlocking or waiting forever.
///
/// See <doc:SharingAResource>.
public enum AsyncLockError: ExplainedError, Equatable, CarriesProgressReport {
    /// The task that holds the lock (or a task that shares its hold) asked for it again.
    ///
    /// Waiting would never end, because the holder cannot release while it waits for itself.
    case reentrantAcquisition(lock: String)
    /// The caller's deadline passed while it waited in line; `holder` says who had the lock then
    /// (a test or spec, or `nil` for code outside any). In a spec, `progressReport` is the progress
    /// report of the element that waited, as it was when the wait gave up (see ``progressReport``).
    case timedOut(lock: String, waited: Duration, holder: RunningTest?, progressReport: String? = nil)

    /// Names the lock and says how to get out of the situation, followed by the progress report
    /// of the element that waited, if there is one.
    public var description: String { explanation + Self.attached(progressReport) }

    /// The progress report attached when the wait gave up in a spec: the element, how long it has
    /// run, and every toolkit wait it was in then (this one among them); `nil` outside a spec.
    public var progressReport: String? {
        guard case .timedOut(_, _, _, let report) = self else { return nil }
        return report
    }

    /// Whether the two say the same of the lock; the attached progress report, a snapshot of what
    /// ran when the wait gave up, is not compared.
    public static func == (lhs: Self, rhs: Self) -> Bool {
        switch (lhs, rhs) {
        case (.reentrantAcquisition(let left), .reentrantAcquisition(let right)): left == right
        case (
            .timedOut(let lock, let waited, let holder, _),
            .timedOut(let otherLock, let otherWaited, let otherHolder, _)
        ):
            lock == otherLock && waited == otherWaited && holder == otherHolder
        default: false
        }
    }

    func attaching(progressReport: String) -> Self {
        guard case .timedOut(let lock, let waited, let holder, _) = self else { return self }
        return .timedOut(lock: lock, waited: waited, holder: holder, progressReport: progressReport)
    }

    package var what: String {
        switch self {
        case .reentrantAcquisition(let lock):
            "AsyncLock '\(lock)' is already held by this task; acquiring it again would deadlock."
        case .timedOut(let lock, let waited, let holder, _):
            "AsyncLock '\(lock)': waited \(waited) in line and gave up; it is still held by "
                + "\(holder?.description ?? "a task outside any test")."
        }
    }

    package var fix: String {
        switch self {
        case .reentrantAcquisition:
            "AsyncLock is not re-entrant: do the nested work inside the outer withLock instead."
        case .timedOut:
            "Find why the holder keeps the lock so long, or give this wait a longer deadline."
        }
    }
}

/// A ``Gate`` wait that ran out of time; the description names the gate and what was awaited.
///
/// See <doc:ForcingAnInterleaving>.
public enum GateError: ExplainedError, Equatable, CarriesProgressReport {
    /// The test waited for callers to park at the gate, and not enough of them did. In a spec,
    /// `progressReport` is the progress report of the element that waited (see ``progressReport``).
    case notReached(
        gate: String, expected: Int, parked: Int, arrivals: Int, waited: Duration, progressReport: String? = nil)
    /// A caller stayed parked at the gate until its deadline because nothing opened the gate. In a
    /// spec, `progressReport` is the progress report of the element that waited.
    case neverOpened(gate: String, waited: Duration, progressReport: String? = nil)

    /// Explains the timeout well enough to find the missing step without a debugger, followed by
    /// the progress report of the element that waited, if there is one.
    public var description: String { explanation + Self.attached(progressReport) }

    /// The progress report attached when the wait gave up in a spec: the element, how long it has
    /// run, and every toolkit wait it was in then (this one among them); `nil` outside a spec.
    public var progressReport: String? {
        switch self {
        case .notReached(_, _, _, _, _, let report), .neverOpened(_, _, let report): report
        }
    }

    /// Whether the two say the same of the gate; the attached progress report, a snapshot of what
    /// ran when the wait gave up, is not compared.
    public static func == (lhs: Self, rhs: Self) -> Bool {
        switch (lhs, rhs) {
        case (
            .notReached(let gate, let expected, let parked, let arrivals, let waited, _),
            .notReached(let otherGate, let otherExpected, let otherParked, let otherArrivals, let otherWaited, _)
        ):
            gate == otherGate && expected == otherExpected && parked == otherParked && arrivals == otherArrivals
                && waited == otherWaited
        case (.neverOpened(let gate, let waited, _), .neverOpened(let otherGate, let otherWaited, _)):
            gate == otherGate && waited == otherWaited
        default: false
        }
    }

    func attaching(progressReport: String) -> Self {
        switch self {
        case .notReached(let gate, let expected, let parked, let arrivals, let waited, _):
            .notReached(
                gate: gate, expected: expected, parked: parked, arrivals: arrivals, waited: waited,
                progressReport: progressReport)
        case .neverOpened(let gate, let waited, _):
            .neverOpened(gate: gate, waited: waited, progressReport: progressReport)
        }
    }

    package var what: String {
        switch self {
        case .notReached(let gate, let expected, let parked, let arrivals, let waited, _):
            "Gate '\(gate)' was not reached: waited \(waited) for \(expected) parked caller(s), "
                + "but \(parked) parked (\(arrivals) arrival(s) in total)."
        case .neverOpened(let gate, let waited, _):
            "Gate '\(gate)' was never opened: a caller stayed parked for \(waited) waiting for open()."
        }
    }

    package var fix: String {
        switch self {
        case .notReached: "Is the code that should call arrive() running, and does it use this gate?"
        case .neverOpened: "Call open() on this gate once the test has done what the caller waits for."
        }
    }
}

/// An `eventually` call ran out of time; the description says what, where, and what it saw last.
///
/// It is a `LocatedError`, so a spec reports it at the `eventually` call rather than at the
/// example that made the call. See <doc:RundownConcurrency>.
public struct EventuallyError: LocatedError, ExplainedError, CarriesProgressReport {
    /// The caller's description of the condition, if it gave one.
    public let conditionDescription: String?
    /// How long the condition was retried.
    public let timeout: Duration
    /// How many times it was checked.
    public let attempts: Int
    /// The last result: `false`, `nil`, the last value, or the last error thrown.
    public let lastSeen: String
    /// Where the `eventually` call is.
    public let location: CodeLocation
    /// In a spec, the progress report of the element that waited, as it was when the wait gave up:
    /// the element, how long it has run, and every toolkit wait it was in then; `nil` outside a spec.
    public let progressReport: String?

    /// Creates the error; the `eventually` functions throw it.
    public init(
        description: String?, timeout: Duration, attempts: Int, lastSeen: String, location: CodeLocation,
        progressReport: String? = nil
    ) {
        self.conditionDescription = description
        self.timeout = timeout
        self.attempts = attempts
        self.lastSeen = lastSeen
        self.location = location
        self.progressReport = progressReport
    }

    /// A one-line report, for example
    /// `eventually("cache warmed") at App/CacheTests.swift:12:9 did not hold within 2.0 seconds (38 checks); last seen: false`,
    /// followed in a spec by the progress report of the element that waited.
    public var description: String { explanation + Self.attached(progressReport) }

    func attaching(progressReport: String) -> Self {
        EventuallyError(
            description: conditionDescription, timeout: timeout, attempts: attempts, lastSeen: lastSeen,
            location: location, progressReport: progressReport)
    }

    package var what: String {
        let call = conditionDescription.map { "eventually(\"\($0)\")" } ?? "eventually"
        let place = "\(location.fileID):\(location.line):\(location.column)"
        return "\(call) at \(place) did not hold within \(timeout) (\(attempts) checks); last seen: \(lastSeen)"
    }
    package var fix: String {
        "make sure what should make it true runs, or give it more time with 'within:'"
    }
}

/// A toolkit call got an argument that can never make sense, such as a negative timeout.
///
/// It is thrown before any waiting starts, so a typo fails at once with the rule it broke instead
/// of reading like a real timeout ("waited -5.0 seconds"). Its message is the
/// rule the argument must follow, which says how to fix the call. See
/// <doc:RundownConcurrency>.
public struct InvalidArgumentError: ExplainedError, Equatable {
    /// The call that was refused, such as `Gate.arrive(within:)`.
    public let call: String
    /// The argument's label.
    public let argument: String
    /// The value that was passed, as text.
    public let value: String
    /// What the argument must be.
    public let requirement: String

    /// Creates the error; the toolkit's waits throw it.
    public init(call: String, argument: String, value: String, requirement: String) {
        self.call = call
        self.argument = argument
        self.value = value
        self.requirement = requirement
    }

    /// Names the call, the argument and the rule: `Gate.arrive(within:): within must be more than
    /// zero, got -5.0 seconds`.
    public var description: String { explanation }

    package var what: String { "\(call): \(argument) must be \(requirement), got \(value)" }
    package var fix: String { "" }

    /// Throws unless `timeout` is more than zero.
    static func checkTimeout(_ timeout: Duration, in call: String, argument: String = "within") throws {
        guard timeout > .zero else {
            throw InvalidArgumentError(
                call: call, argument: argument, value: "\(timeout)", requirement: "more than zero")
        }
    }

    /// Throws unless `count` is at least 1.
    static func checkCount(_ count: Int, in call: String) throws {
        guard count >= 1 else {
            throw InvalidArgumentError(call: call, argument: "count", value: "\(count)", requirement: "at least 1")
        }
    }
}

/// Tasks started through a ``TrackingTaskStarter`` did not finish when the test needed them to.
///
/// See <doc:TrackingTasks>.
public struct TaskTrackingError: ExplainedError, CarriesProgressReport {
    /// The tasks still running when the wait gave up.
    public let stillRunning: [TrackedTask]
    /// How long the wait lasted.
    public let waited: Duration
    /// In a spec, the progress report of the element that waited, as it was when the wait gave up:
    /// the element, how long it has run, and every toolkit wait it was in then; `nil` outside a spec.
    public let progressReport: String?

    /// Creates the error; ``TrackingTaskStarter/waitForAll(within:)`` throws it.
    public init(stillRunning: [TrackedTask], waited: Duration, progressReport: String? = nil) {
        self.stillRunning = stillRunning
        self.waited = waited
        self.progressReport = progressReport
    }

    /// Lists every task that is still running, by name, followed in a spec by the progress report
    /// of the element that waited.
    public var description: String { explanation + Self.attached(progressReport) }

    func attaching(progressReport: String) -> Self {
        TaskTrackingError(stillRunning: stillRunning, waited: waited, progressReport: progressReport)
    }

    package var what: String {
        "Waited \(waited) for tracked tasks to finish, but \(stillRunning.count) still running: "
            + stillRunning.map(\.description).joined(separator: ", ") + "."
    }
    package var fix: String {
        "Find what each one waits for (a task that never ends, or one that needs cancelling), or wait longer."
    }
}

/// What a toolkit check reports against the running test or spec, rather than
/// throws: the message of a ``ConcurrencyFailure``, whose location (the call
/// that checked) says where. An exploration's are in
/// <doc:ExploringInterleavings>, a lock's in <doc:SharingAResource>, tracked
/// tasks' in <doc:TrackingTasks>.
enum ToolkitFailure: ExplainedError {
    /// The body of `explore` threw.
    case exploreBodyThrew(any Error)
    /// An interleaving failed; `steps` describes it, `token` replays it (`nil` for a run that did
    /// not repeat the run it replays: no token would replay it).
    case interleavingFailed(strategy: String, interleaving: Int, steps: String, token: String?)
    /// An interleaving failed, but not when its order was replayed at once (`replay`: it passed,
    /// took other steps, or stopped): the body is not deterministic, and there is no token.
    case failureNotReproduced(strategy: String, interleaving: Int, steps: String, replay: String)
    /// `.everyInterleaving(limit:)` ran its limit, and more orders remain: about `estimate` in
    /// all, from `probes` random orders, within the bound on `preemptions`, if any.
    case tooManyInterleavings(
        strategy: String, limit: Int, ran: Int, estimate: Double, probes: Int, preemptions: Int?)
    /// A controlled task took no step within the step timeout.
    case taskStuck(task: String, within: Duration, interleaving: Int, lastPassed: String)
    /// The body neither finished nor returned while a controlled task waited for its first step.
    case bodyStalled(task: String, waited: Duration, interleaving: Int)
    /// Every unfinished controlled task waits for another one (`waits`: one a task, `'A' waits for
    /// AsyncLock "b", held by 'B'`), and no deadline is pending on the clock.
    case deadlock(interleaving: Int, waits: [String])
    /// A run offered other steps than the run it repeats.
    case notDeterministic(interleaving: Int, detail: String)
    /// The test was cancelled during an interleaving.
    case explorationCancelled(interleaving: Int)
    /// A task the explorer does not control (inside controlled task `inside`, or the body when
    /// `nil`) slept on the schedule's clock.
    case sleepOutsideControlledTasks(inside: String?)
    /// `finish()` was called while the run was being driven already.
    case finishWhileDriven
    /// `finish()` was called from a controlled task.
    case finishFromControlledTask(String)
    /// A schedule was used from a task of another interleaving's run.
    case scheduleOfAnotherRun(call: String, interleaving: Int, from: Int)
    /// A schedule was used after its interleaving ended.
    case scheduleAfterItsRun(call: String, interleaving: Int)
    /// A controlled task threw.
    case controlledTaskThrew(task: String, error: any Error)
    /// A task started inside a hold of an `AsyncLock` (inside `scope`, or the
    /// `withLock` closure when `nil`) outlived it.
    case taskOutlivedItsHold(lock: String, scope: String?, after: Duration)
    /// `AsyncLock.waitUntilQueued` gave up.
    case queueNotReached(lock: String, expected: Int, saw: Int)
    /// `expectNoneRunning()` found tracked tasks still running.
    case tasksStillRunning([TrackedTask])

    var what: String {
        switch self {
        case .exploreBodyThrew(let error): "The body of explore threw an error: \(error)"
        case .interleavingFailed(let strategy, let interleaving, let steps, let token):
            "explore(\(strategy)) failed in interleaving \(interleaving): \(steps)" + (token == nil ? "" : "\n")
        case .failureNotReproduced(let strategy, let interleaving, let steps, let replay):
            "explore(\(strategy)) failed in interleaving \(interleaving): \(steps). Replayed at once, the same order \(replay): the body is not deterministic, so no replay token would reproduce the failure."
        case .tooManyInterleavings(let strategy, let limit, let ran, let estimate, let probes, let preemptions):
            "explore(\(strategy)) found more than \(limit) interleavings: \(ran) ran and passed, and more remain, about \(OrderCountEstimate.approximately(estimate)) in all"
                + (preemptions.map { " with at most \($0) preemption(s)" } ?? "")
                + " (estimated from \(probes) random orders)."
        case .taskStuck(let task, let within, let interleaving, let lastPassed):
            "Controlled task '\(task)' neither reached a schedule point nor ended within \(within) (interleaving \(interleaving)); it last passed '\(lastPassed)'."
        case .bodyStalled(let task, let waited, let interleaving):
            "Controlled task '\(task)' waited \(waited) for its first step (interleaving \(interleaving)), but the body neither called schedule.finish() nor returned: controlled tasks take their steps only then."
        case .deadlock(let interleaving, let waits):
            "Deadlock in interleaving \(interleaving): no controlled task can go on, and no deadline is pending on the clock:\n"
                + waits.map { "  \($0)\n" }.joined()
        case .notDeterministic(let interleaving, let detail):
            "The body of explore is not deterministic: in interleaving \(interleaving), \(detail)."
        case .explorationCancelled(let interleaving):
            "The exploration was cancelled during interleaving \(interleaving)."
        case .sleepOutsideControlledTasks(let inside?):
            "schedule.clock.sleep was called from a task the explorer does not control, started inside controlled task '\(inside)' (a child task, async let, or Task {}): virtual time cannot take turns with it, so it cannot wait there."
        case .sleepOutsideControlledTasks(nil):
            "schedule.clock.sleep was called from a task the explorer does not control (a Task {} or a child task of the body): virtual time cannot take turns with it, so it cannot wait there."
        case .finishWhileDriven:
            "finish() was called while the interleaving is already being driven (by the body, or by another finish() running at the same time)"
        case .finishFromControlledTask(let task): "finish() was called from controlled task '\(task)'"
        case .scheduleOfAnotherRun(let call, let interleaving, let from):
            "schedule.\(call) was called on the schedule of interleaving \(interleaving) from a task of interleaving \(from)."
        case .scheduleAfterItsRun(let call, let interleaving):
            "schedule.\(call) was called after interleaving \(interleaving) ended."
        case .controlledTaskThrew(let task, let error): "Controlled task '\(task)' threw an error: \(error)"
        case .taskOutlivedItsHold(let lock, let scope?, let after):
            "AsyncLock '\(lock)': a task started inside \(scope) (Task { }) was still running \(after) after it ended, and it shares the hold."
        case .taskOutlivedItsHold(let lock, nil, let after):
            "AsyncLock '\(lock)': a task started inside withLock (Task { }) was still running \(after) after the closure returned, and it shares the hold."
        case .queueNotReached(let lock, let expected, let saw):
            "AsyncLock '\(lock)': expected \(expected) queued waiter(s), saw \(saw)"
        case .tasksStillRunning(let running):
            "\(running.count) tracked task(s) still running: " + running.map(\.description).joined(separator: ", ")
                + "."
        }
    }

    var fix: String {
        let oneRun =
            "A schedule belongs to one run of explore's body: make the test doubles and the state they share inside the body, from the schedule it is given."
        return switch self {
        case .exploreBodyThrew, .controlledTaskThrew, .finishWhileDriven, .queueNotReached: ""
        case .explorationCancelled:
            "It stopped there with no failing order to replay: the test's task was cancelled (a time limit, or code that cancelled it)."
        case .failureNotReproduced:
            "The failure depends on something outside the schedule: state kept between runs (a count, a cache), real time or randomness. Make everything a run uses inside the body, from the schedule it is given."
        case .sleepOutsideControlledTasks:
            "Start the work that sleeps with schedule.start or schedule.tasks, or sleep in the controlled task itself."
        case .interleavingFailed(_, _, _, let token?):
            "Replay it with explore(.replay(\"\(token)\")), or with RUNDOWN_SCHEDULE=\(token)"
        case .interleavingFailed(_, _, _, nil): ""
        case .tooManyInterleavings(_, _, _, _, _, nil):
            "Bound the preemptions (.everyInterleaving(preemptions: 2) runs the orders most races need), look for deep races with .pct(runs:depth:seed:), sample them with .random(runs:seed:), raise the limit, or take fewer steps."
        case .tooManyInterleavings(_, _, _, _, _, .some):
            "Lower the bound on preemptions, look for deep races with .pct(runs:depth:seed:), sample them with .random(runs:seed:), raise the limit, or take fewer steps."
        case .taskStuck:
            "Is it waiting for something that is not a point: a lock, a continuation, real time, or the value of another controlled task?"
        case .deadlock:
            "Take locks in one order in every task, let a task that does not wait itself open each gate, and do not wait for a task that waits for you; the interleaving below replays it."
        case .bodyStalled:
            "Is the body awaiting something a controlled task does (its value, or state it sets) before finish()?"
        case .notDeterministic:
            "Make everything the controlled tasks share inside the body, from the schedule it is given, and let nothing outside the schedule (real time, randomness, state kept between runs) decide which tasks start or which points they reach."
        case .finishFromControlledTask:
            "only code no controlled task runs (the body) can let the tasks take their steps"
        case .scheduleOfAnotherRun, .scheduleAfterItsRun: oneRun
        case .taskOutlivedItsHold(_, .some, _): "Await or cancel such tasks before it ends; the lock is released now."
        case .taskOutlivedItsHold(_, nil, _):
            "Await or cancel such tasks before the closure returns; the lock is released now."
        case .tasksStillRunning: "Await them with waitForAll() or stop them with cancelAll() before the test ends."
        }
    }
}

/// What ``explore(_:stepTimeout:fileID:filePath:line:column:isolation:_:)`` throws when it fails
/// where nothing records failures (no spec, no Swift Testing test, no XCTest run): every failure it
/// found, the failing interleaving with its replay token last. See <doc:ExploringInterleavings>.
public struct ExplorationFailure: Error, Sendable, CustomStringConvertible {
    /// The failures, in the order they happened, each `File.swift:12: message`.
    public let failures: [String]
    /// What the exploration did before it stopped.
    public let exploration: Exploration

    /// The failures, one a line.
    public var description: String {
        failures.joined(separator: "\n")
    }
}
