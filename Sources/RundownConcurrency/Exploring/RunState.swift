/// What one run knows, under its ``ScheduleRun``'s lock: its controlled tasks, its strategy, virtual
/// time, and the steps and choices it has made; and how it picks the next step from them alone.
struct RunState: Sendable {
    var strategy: any SchedulingStrategy
    var tasks: [ControlledTaskState] = []
    var running: Int?
    var driver: CheckedContinuation<Void, Never>?
    var driving = false
    /// The task exploring was cancelled while the driver waited for a step.
    var driverCancelled = false
    var closed = false
    var stop: RunStop?
    /// The progress report of the closure exploring when a deadline stopped the run, made before
    /// its tasks were cancelled: what the stuck task waited for.
    var stopReport: String?
    /// The task that was taking its step when the run stopped.
    var stoppedDuring: Int?
    var now = Duration.zero
    var stepStartedAt: ContinuousClock.Instant?
    var stepTimedOut = false
    /// Since when every unfinished task has been blocked on a wait something outside the run may end.
    var allBlockedSince: ContinuousClock.Instant?
    /// Since when tasks have been registered that nobody drives.
    var undrivenSince: ContinuousClock.Instant?
    /// The body's own task, whose sleeps move the clock.
    var bodyIdentity: Int?
    /// Jobs queued on or running on the run's ``RunExecutor``, plus a grant under way: at zero
    /// inside a step, every task that prefers the executor is suspended.
    var busyJobs = 0
    /// How many steps have been granted: tells a confirmation from the actor which step it was for.
    var stepsGranted = 0
    /// The running task has ended its step while jobs were left on the run's executor (a child it
    /// started on its way to its first point): the driver is resumed when the executor is idle.
    var stepEndsWhenIdle = false
    /// The live child tasks that have become controlled tasks, by the identity of their real
    /// `Task` (its memory) and, once seen in a job of its own, by its ID (see
    /// ``RunExecutor/currentTaskKey``).
    private var childrenByIdentity: [Int: Int] = [:]
    private var childrenByTaskKey: [String: Int] = [:]
    var decisions: [Decision] = []
    var steps: [Step] = []
    /// How many steps had been taken at the last choice.
    private var stepsAtLastChoice = 0
    /// The task whose step ended last at a point, while it is ready to go on.
    private var continuing: Int?

    init(strategy: any SchedulingStrategy) {
        self.strategy = strategy
    }

    /// The name the clock has among a step's options.
    static let clockOption = "the clock"

    /// Picks the next step among the ready tasks and, when a task sleeps and every ready task waits
    /// at a point, the clock; moves the clock at once when that is the pick.
    mutating func pickNext() -> NextStep {
        var ready: [Int] = []
        var sleeping: [Int] = []
        var blocked: [Int] = []
        var away: [Int] = []
        var nextDeadline: Duration?
        var dueNow = false
        for index in tasks.indices {
            // The body may have moved the clock past a deadline.
            if case .sleeping(let until) = tasks[index].phase, until <= now { wake(index) }
            switch tasks[index].phase {
            case .ready:
                ready.append(index)
                if tasks[index].isDueNow { dueNow = true }
            case .sleeping(let until):
                sleeping.append(index)
                nextDeadline = min(nextDeadline ?? until, until)
            case .blocked:
                // Asked here, while no controlled task runs: the same picks find the same waits over.
                if tasks[index].blockedOn?.isOver() ?? true {
                    tasks[index].phase = .ready
                    tasks[index].blockedOn = nil
                    ready.append(index)
                } else {
                    blocked.append(index)
                }
            case .away: away.append(index)
            case .running, .ended: break
            }
        }
        var options = ready.map { ChoiceOption(task: $0, name: tasks[$0].name) }
        // Time passes only while every ready task waits at a point, which stands for a wait of any
        // length; a task that has not begun, or that the clock has just woken, runs at this time.
        if nextDeadline != nil, !dueNow {
            options.append(ChoiceOption(task: nil, name: Self.clockOption))
        }
        guard !options.isEmpty else {
            return blocked.isEmpty && away.isEmpty ? .allEnded : .blocked((blocked + away).sorted())
        }
        var pick = 0
        if options.count > 1 {
            let choice = Choice(
                options: options, continuing: ready.firstIndex { $0 == continuing }, sleeping: sleeping,
                step: steps.count,
                decision: decisions.count, stepsSinceLastChoice: Array(steps[stepsAtLastChoice...]))
            do {
                pick = try strategy.choose(choice)
            } catch {
                return .diverged(error)
            }
            decisions.append(Decision(options: choice.names, chosen: pick, stepsBefore: choice.stepsSinceLastChoice))
            stepsAtLastChoice = steps.count
        }
        if let task = options[pick].task { return .task(task) }
        guard let deadline = nextDeadline else { return .allEnded }
        moveClock(to: deadline)
        return .advanced
    }

    /// Moves virtual time to `deadline`, recording the step, and wakes every task sleeping until then.
    mutating func moveClock(to deadline: Duration) {
        if stop == nil { steps.append(Step(task: nil, taskIndex: nil, from: "\(now)", to: "\(deadline)")) }
        now = deadline
        continuing = nil
        for index in tasks.indices {
            if case .sleeping(let until) = tasks[index].phase, until <= now { wake(index) }
        }
    }

    private mutating func wake(_ index: Int) {
        tasks[index].phase = .ready
        tasks[index].woken = true
    }

    /// The live child task calling now, found by its ID where its job gives one, else by its
    /// memory. A task with another ID in the memory of a known child means that child has ended
    /// (within the running step): it is marked so, and the caller is no known child.
    mutating func child(taskKey: String?, identity: Int) -> Int? {
        if let taskKey, let id = childrenByTaskKey[taskKey] { return id }
        guard let id = childrenByIdentity[identity] else { return nil }
        if let taskKey {
            if let known = tasks[id].taskKey, known != taskKey {
                end(child: id)
                return nil
            }
            tasks[id].taskKey = taskKey
            childrenByTaskKey[taskKey] = id
        }
        return id
    }

    /// Adds the child task calling now, which runs as part of controlled task `owner` (it carries
    /// the owner's task-local values) and has just reached the schedule: named after the owner,
    /// `fetch.1`, in the order the children arrive, which the run's serial executor makes the same
    /// for the same step. It is away, running on its own, until it ends its first step where it
    /// stands.
    mutating func addChild(of owner: Int, taskKey: String?, identity: Int) -> Int {
        tasks[owner].childrenNamed += 1
        var child = ControlledTaskState(
            name: "\(tasks[owner].name).\(tasks[owner].childrenNamed)", site: tasks[owner].site, reportsErrors: false)
        child.owner = owner
        child.identity = identity
        child.taskKey = taskKey
        child.phase = .away
        tasks.append(child)
        let id = tasks.count - 1
        childrenByIdentity[identity] = id
        if let taskKey { childrenByTaskKey[taskKey] = id }
        return id
    }

    /// A job on the run's executor has run (or a grant has been made). When none is left:
    ///
    /// - If the running task has ended its step, the step is over: the driver goes on.
    /// - A child still away (it reached the schedule in a wait that was over at once and ended no
    ///   step) has returned or awaits something the schedule does not see: it ends, so that it is
    ///   no task to wait for.
    /// - If the running task has not ended its step, it may be suspended where the schedule cannot
    ///   see; see ``endStepWhereItWaits(_:)``. A task (or a child's owner) isolated to an actor
    ///   runs its own code there, not here, so the run first confirms on that actor that it is not
    ///   running.
    mutating func jobDone() -> IdleAction? {
        busyJobs -= 1
        guard busyJobs == 0 else { return nil }
        if stepEndsWhenIdle {
            endChildrenAway()
            return driverForNextStep().map(IdleAction.resume)
        }
        guard running != nil else { return nil }
        endChildrenAway()
        guard let id = waitingWhereUnseen() else { return nil }
        if let actor = tasks[tasks[id].owner ?? id].isolation {
            return .confirm(on: actor, step: stepsGranted)
        }
        return endStepWhereItWaits(id).map(IdleAction.resume)
    }

    /// Run on `actor` for grant `step`: the actor is free, so the task isolated to it is suspended
    /// (anything it had queued there has run: the actor takes jobs in order). If nothing has run
    /// here since, and the step is the same, the step ends where the task waits.
    mutating func confirmIdle(step: Int) -> CheckedContinuation<Void, Never>? {
        guard step == stepsGranted, !stepEndsWhenIdle, let id = waitingWhereUnseen() else { return nil }
        return endStepWhereItWaits(id)
    }

    /// The running task, when nothing runs on the executor and it has not ended its step, and it
    /// is a child task or one whose children wait in the schedule.
    private func waitingWhereUnseen() -> Int? {
        guard busyJobs == 0, let id = running else { return nil }
        if tasks[id].owner != nil { return id }
        return tasks.contains { $0.owner == id && $0.isInSchedule } ? id : nil
    }

    /// Ends the step of task `id`, suspended where the schedule cannot see; returns the driver.
    ///
    /// - A child task has returned, or awaits something the schedule does not see: it ends (its
    ///   step ends at `end`, whichever it was, so that runs repeat themselves). Its identity is
    ///   forgotten, as a later child may be given the same memory; should it reach the schedule
    ///   again after all, it does so as a new child.
    /// - A task that awaits its children (`group.next()`, an `async let`) while they wait in the
    ///   schedule is away, no option, until it reaches the schedule again in a later step.
    private mutating func endStepWhereItWaits(_ id: Int) -> CheckedContinuation<Void, Never>? {
        if tasks[id].owner != nil {
            forget(child: id)
            return endStep(of: id, at: "end", phase: .ended)
        }
        return endStep(of: id, at: "awaits its child tasks", phase: .away)
    }

    /// With nothing left on the run's executor, a child that reached the schedule without ending
    /// a step there (a wait that was over at once) and is still away has returned, or awaits
    /// something the schedule does not see: it ends, as a running child would.
    private mutating func endChildrenAway() {
        for index in tasks.indices where tasks[index].owner != nil && tasks[index].phase == .away {
            end(child: index)
        }
    }

    /// Child `id` has ended outside any step of its own: it is no task to wait for, and its
    /// identity is forgotten.
    private mutating func end(child id: Int) {
        tasks[id].phase = .ended
        forget(child: id)
    }

    private mutating func forget(child id: Int) {
        if let identity = tasks[id].identity, childrenByIdentity[identity] == id { childrenByIdentity[identity] = nil }
        if let taskKey = tasks[id].taskKey, childrenByTaskKey[taskKey] == id { childrenByTaskKey[taskKey] = nil }
    }

    /// The children of task `owner` waiting in the schedule, for a deadlock report: `'fetch.1'`.
    func childrenInSchedule(of owner: Int) -> [String] {
        tasks.filter { $0.owner == owner && $0.isInSchedule }.map { $0.name.quotedInMessage }
    }

    /// Task `owner` has ended, so its child tasks have too (a task group or an `async let` awaits
    /// them before its scope ends).
    mutating func endChildren(of owner: Int) {
        for index in tasks.indices where tasks[index].owner == owner {
            end(child: index)
        }
    }

    /// Task `id` stops running at `label`; returns the driver to resume.
    mutating func endStep(of id: Int, at label: String, phase: TaskPhase) -> CheckedContinuation<Void, Never>? {
        // A task released by a stop runs on outside the run: its steps are not the run's.
        if stop == nil {
            steps.append(Step(task: tasks[id].name, taskIndex: id, from: tasks[id].lastPassed, to: label))
            tasks[id].lastPassed = label
            tasks[id].hasStepped = true
        }
        tasks[id].phase = phase
        // A task that ends a step inside another task's (a child at its first point, an owner back
        // from away) is not the one that ran it, nor the one a choice would preempt.
        guard running == id else { return nil }
        continuing = phase == .ready ? id : nil
        running = nil
        // What the step started on the run's executor (a child on its way to its first point)
        // belongs to this step: the next choice waits for it (invariant 8). The step deadline
        // still runs.
        guard busyJobs == 0 else {
            stepEndsWhenIdle = true
            return nil
        }
        return driverForNextStep()
    }

    /// The driver, taken out to be resumed: the step is over.
    private mutating func driverForNextStep() -> CheckedContinuation<Void, Never>? {
        stepEndsWhenIdle = false
        stepStartedAt = nil
        defer { driver = nil }
        return driver
    }
}

/// What the run does when its executor has nothing left to run.
enum IdleAction {
    /// The step has ended: resume the driver.
    case resume(CheckedContinuation<Void, Never>)
    /// Confirm on `actor` that the task isolated to it is suspended too, for grant `step`.
    case confirm(on: any Actor, step: Int)
}

/// Why a run stopped before its tasks ended.
enum RunStop: Error, Sendable {
    /// A step took longer than its deadline; the task never reached a point or its end.
    case timedOut(task: String, lastPassed: String, site: ConcurrencyFailure)
    /// The body kept a controlled task waiting for its first step: it neither called `finish()`
    /// nor returned within the step deadline.
    case bodyStalled(task: String, site: ConcurrencyFailure)
    /// The run offered other options than the run it replays.
    case diverged(ScheduleDivergence)
    /// Every unfinished controlled task waits for another one (`waits`, one a task, in start
    /// order), and no deadline is pending on the clock: reported at the first task's wait.
    case deadlocked(waits: [String], site: ConcurrencyFailure)
    /// The task exploring was cancelled.
    case cancelled
    /// The schedule was used in a way that cannot work: said where `site` is, or at the `explore`
    /// call.
    case misuse(String, site: ConcurrencyFailure?)

    /// Whether the run's failure carries the progress report of the closure exploring: a deadline
    /// passed, and what the tasks waited for says why.
    var attachesReport: Bool {
        switch self {
        case .timedOut, .bodyStalled: true
        case .diverged, .cancelled, .misuse, .deadlocked: false
        }
    }
}

/// One step of a run: a task going from one place to the next, or the clock moving on (`task` nil).
struct Step: Equatable, Sendable {
    let task: String?
    /// The task's place in start order, from 0; `nil` for the clock.
    let taskIndex: Int?
    let from: String
    let to: String
}

enum TaskPhase: Equatable, Sendable {
    /// Waiting at its start, a point, or a finished sleep: an option.
    case ready
    /// Taking its step.
    case running
    /// Waiting for virtual time to reach `until`.
    case sleeping(until: Duration)
    /// Waiting for what its ``ControlledTaskState/blockedOn`` says (a lock, a gate, tasks): no
    /// option until that wait is over.
    case blocked
    /// Suspended outside the schedule, awaiting its child tasks (or, as a child that has just
    /// reached the schedule, about to end its first step there): no option; it comes back when it
    /// reaches the schedule again, within another task's step.
    case away
    case ended
}

struct ControlledTaskState: Sendable {
    let name: String
    /// Where `start` was called: where a stuck or failing task is reported.
    let site: ConcurrencyFailure
    /// Whether an error it throws is a failure (a test's own task) or the code under test's
    /// business (a task started through `schedule.tasks`).
    let reportsErrors: Bool
    var phase = TaskPhase.ready
    var lastPassed = "start"
    /// Whether it has ended a step of the run's.
    var hasStepped = false
    /// What it waits for while ``TaskPhase/blocked``.
    var blockedOn: BlockedWait?
    /// Woken by the clock and not yet granted the step that follows: the clock waits for it.
    var woken = false
    /// For a child task (of a task group, an `async let`): the controlled task it runs under.
    var owner: Int?
    /// The actor its operation is isolated to, if any: its own code runs there, not on the run's
    /// executor.
    var isolation: (any Actor)?
    /// How many child tasks of this task have been named.
    var childrenNamed = 0

    /// Whether it waits in the schedule: at a point, asleep on the clock, or blocked.
    var isInSchedule: Bool {
        switch phase {
        case .ready, .sleeping, .blocked: true
        case .running, .away, .ended: false
        }
    }

    /// Whether the task is to take a step at the current virtual time before the clock may move:
    /// it has not taken its first step, or the clock has just woken it.
    var isDueNow: Bool {
        phase == .ready && (woken || !hasStepped)
    }
    var turnstile: CheckedContinuation<Void, Never>?
    var permit = false
    var identity: Int?
    /// A child's task ID, as ``RunExecutor/currentTaskKey`` gives it, once known.
    var taskKey: String?
    var cancel: (@Sendable () -> Void)?
}
