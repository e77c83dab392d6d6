import RundownCore

/// One interleaving being made: the controlled tasks of one run of `explore`'s body, and the
/// driver that lets them take their steps one at a time, in the order its strategy picks.
///
/// Invariants (every field lives under `state`'s lock):
///
/// 1. At most one controlled task runs. `running` is its id or `nil`; only the driver sets it (when
///    it grants a step) and only that task clears it (when it parks at a point, sleeps or ends). A
///    task never runs without a grant: at its start and at each point it waits on its turnstile.
/// 2. The driver stores its own continuation before it grants a step, so the task that ends the
///    step always finds it to resume: the end of a step and the next grant never cross. Whoever
///    takes the stored continuation out (the task ending its step, the watchdog at the deadline,
///    the driver's cancellation) resumes it; it is taken out once.
/// 3. A grant that reaches a task before it has parked on its turnstile (a task whose real `Task`
///    has not been scheduled yet) is kept as a permit, which the task spends when it arrives.
/// 4. The options of a step are computed only while no task runs, from the records alone, never
///    from how far a real `Task` has got, in start order with the clock last. The same body and
///    the same picks therefore give the same options, whatever the threads do.
/// 5. Virtual time moves only when the driver picks "advance the clock", to the earliest deadline
///    of a sleeping task, and never while a task the clock woke has not taken its step: a later
///    deadline never fires before an earlier sleeper has run. It never moves back.
/// 6. Once the run is stopped (`stop` set: a deadline, a divergence, a cancellation, a misuse) or
///    over (`closed`), nothing parks any more: turnstiles and points return at once, every parked
///    task is cancelled and released (one still waiting for its first step runs its operation,
///    cancelled), so a finished exploration leaves no task suspended forever, and a body that
///    waits for its tasks gets on to its end. Steps taken after the stop are not the run's: they
///    are not recorded.
///
/// 7. A task blocked in one of the toolkit's waits (``BlockedWait``) is no option. Whether its wait
///    is over is asked only while choosing, when no controlled task runs, so the same picks find the
///    same waits over; once over, the task is an option like one at a point. When every unfinished
///    task is blocked and nothing sleeps, the run is deadlocked if only its own tasks could end
///    those waits, and stops at once; otherwise the driver waits in wall time up to the step
///    deadline for something outside the run to end one.
///
/// 8. Child tasks (task groups, `async let`) of a controlled task run on the run's serial
///    ``RunExecutor``, with its nonisolated code, one job at a time in enqueue order. One
///    that reaches the schedule (a point, the clock, a toolkit wait) during a step becomes a
///    controlled task then, named after its owner, so the same step adds the same children in the
///    same order (the children of a task isolated to an actor too: only the task's own code runs
///    on the actor). The executor's count of queued jobs tells when everything on it is suspended:
///    a running child then ends (it has returned), and a running task whose children wait in the
///    schedule ends its step *away* (no option) and comes back when it reaches the schedule again.
///    A grant counts as a job until the granted task's job is queued, so the count never reads
///    zero in between. A step that ends at a point (a sleep, a wait, the task's end) while jobs
///    are left on the executor (a child the step started, on its way to its first point) lets the
///    driver go on only once the count is zero: the next choice sees every child the step started.
///    When the task (or the child's owner) is isolated to an actor, a zero count is confirmed on
///    that actor, which is free only while the task is suspended, before the step ends; a grant in
///    between makes the confirmation stale.
///
/// Every continuation is resumed exactly once, and always outside the lock.
final class ScheduleRun: Sendable {
    /// Which interleaving this is, from 1.
    let number: Int
    /// How long one step may take in wall time before its task is declared stuck.
    let stepTimeout: Duration
    /// Where `explore` was called: where the run's own failures are reported.
    let site: ConcurrencyFailure
    /// Whether nothing records failures here, so an error a framework says it has recorded (the
    /// one `#require` throws) was recorded nowhere and must be reported all the same.
    let hostless: Bool
    /// Records a failure of this run where the exploration reports (a host, or its own list).
    let report: @Sendable (ConcurrencyFailure) -> Void
    /// The context `explore` runs in, whose closure's progress report a deadline that stops the
    /// run attaches (the watchdog, which may stop it, runs in no context).
    private let context: RunContext?
    private let state: Protected<RunState>
    /// Where the nonisolated code of controlled tasks, and their child tasks, run.
    let executor: RunExecutor

    init(
        number: Int, strategy: any SchedulingStrategy, stepTimeout: Duration, site: ConcurrencyFailure,
        hostless: Bool, report: @escaping @Sendable (ConcurrencyFailure) -> Void
    ) {
        self.number = number
        self.stepTimeout = stepTimeout
        self.site = site
        self.hostless = hostless
        self.report = report
        context = RunContext.current
        let state = Protected(RunState(strategy: strategy))
        self.state = state
        executor = RunExecutor { queued in
            guard !queued else { return state.withLock { $0.busyJobs += 1 } }
            Self.act(on: state.withLock { $0.jobDone() }, state: state)
        }
    }

    /// Resumes the driver, or confirms on an actor that the task isolated to it is suspended (the
    /// executor cannot see code that runs there), then ends the step if nothing ran meanwhile.
    private static func act(on action: IdleAction?, state: Protected<RunState>) {
        switch action {
        case nil: break
        case .resume(let driver): driver.resume()
        case .confirm(let actor, let step):
            Task { await confirm(on: actor, step: step, state: state) }
        }
    }

    private static func confirm(on actor: isolated any Actor, step: Int, state: Protected<RunState>) {
        state.withLock { $0.confirmIdle(step: step) }?.resume()
    }

    // MARK: - What the explorer reads

    /// The strategy, moved on by this run's picks.
    var strategy: any SchedulingStrategy { state.withLock { $0.strategy } }
    /// The picks made at steps that had more than one option.
    var decisions: [Decision] { state.withLock { $0.decisions } }
    /// Every step taken before the run ended or stopped, in order.
    var steps: [Step] { state.withLock { $0.steps } }
    /// Why the run stopped before its tasks ended, if it did.
    var stop: RunStop? { state.withLock { $0.stop } }
    /// The progress report made when a deadline stopped the run, before its tasks were cancelled.
    var stopReport: String? { state.withLock { $0.stopReport } }
    /// Virtual time, as an offset from the clock's zero.
    var now: Duration { state.withLock { $0.now } }
    /// The task that was taking its first step when the run stopped, if one was: it has no step to
    /// show, and stands at its start.
    var stoppedAtStart: String? {
        state.withLock { state in
            state.stoppedDuring.flatMap { state.tasks[$0].hasStepped ? nil : state.tasks[$0].name }
        }
    }
    /// The controlled task taking its step now and the last point it passed, for progress
    /// reports; `nil` while none is.
    var runningStep: (task: String, lastPassed: String)? {
        state.withLock { state in state.running.map { (state.tasks[$0].name, state.tasks[$0].lastPassed) } }
    }
    /// Whether the run is over or stopped: a `start` or `point` now is a mistake, or too late.
    var isOver: Bool { state.withLock { $0.closed || $0.stop != nil } }

    /// Checks that the run repeated what its strategy meant it to, once its tasks have ended.
    func checkEnded() throws(ScheduleDivergence) {
        let (decisions, steps, strategy) = state.withLock { ($0.decisions, $0.steps, $0.strategy) }
        var checked = strategy
        defer { state.withLock { $0.strategy = checked } }
        try checked.endRun(decisions: decisions, steps: steps)
    }

    // MARK: - The body

    /// Runs the body of this run, as the task that runs it: a sleep on the clock in that task moves
    /// the clock, and a cancellation of it stops the run at once, whatever the body waits for.
    func runBody(_ body: () async throws -> Void) async throws {
        let identity = Self.currentTaskIdentity()
        state.withLock { $0.bodyIdentity = identity }
        try await withTaskCancellationHandler {
            try await body()
        } onCancel: {
            stop(.cancelled)
        }
    }

    /// Whether the code calling now is the body's own task.
    var isBody: Bool {
        let identity = Self.currentTaskIdentity()
        return state.withLock { $0.bodyIdentity == identity && identity != nil }
    }

    // MARK: - Controlled tasks

    /// Adds a controlled task, ready to take its first step; `nil` once the run is over.
    func register(name: String, site: ConcurrencyFailure, reportsErrors: Bool) -> Int? {
        state.withLock { state in
            guard !state.closed, state.stop == nil else { return nil }
            state.tasks.append(ControlledTaskState(name: name, site: site, reportsErrors: reportsErrors))
            if !state.driving, state.undrivenSince == nil { state.undrivenSince = .now }
            return state.tasks.count - 1
        }
    }

    /// Keeps how to cancel task `id`, for a run that is stopped.
    func attach(_ id: Int, cancel: @escaping @Sendable () -> Void) {
        let cancelNow = state.withLock { state in
            state.tasks[id].cancel = cancel
            return state.stop != nil && state.tasks[id].phase != .ended
        }
        if cancelNow { cancel() }
    }

    /// Waits for task `id`'s first grant, noting the actor its operation is isolated to. `false` if
    /// the run was stopped first: the operation then runs outside the explorer's control, cancelled.
    func arriveAtStart(_ id: Int, isolation: (any Actor)?) async -> Bool {
        state.withLock { $0.tasks[id].isolation = isolation }
        await withCheckedContinuation { (turnstile: CheckedContinuation<Void, Never>) in
            let goNow = state.withLock { state in
                if state.tasks[id].permit || state.stop != nil {
                    state.tasks[id].permit = false
                    return true
                }
                state.tasks[id].turnstile = turnstile
                return false
            }
            if goNow { turnstile.resume() }
        }
        let identity = Self.currentTaskIdentity()
        return state.withLock { state in
            state.tasks[id].identity = identity
            return state.stop == nil
        }
    }

    /// The controlled task that the code calling now is, when it may end a step here: task
    /// `binding` (whose task-local value the caller carries) or one of its child tasks, taking its
    /// step or coming back from away. A child that reaches the schedule for the first time
    /// becomes a controlled task now. `nil` for a plain `Task {}` (it inherits task-local values
    /// but is no child, and does not run on the run's executor), and for a task parked elsewhere.
    func stepTaker(binding: Int) -> Int? {
        guard let identity = Self.currentTaskIdentity() else { return nil }
        let taskKey = executor.currentTaskKey
        return state.withLock { state in
            func mayEndStep(_ id: Int) -> Int? {
                state.running == id || state.tasks[id].phase == .away ? id : nil
            }
            if state.tasks[binding].identity == identity { return mayEndStep(binding) }
            if let child = state.child(taskKey: taskKey, identity: identity) { return mayEndStep(child) }
            guard !state.closed, state.stop == nil, executor.isCurrent else { return nil }
            return state.addChild(of: binding, taskKey: taskKey, identity: identity)
        }
    }

    /// The name of task `id`, the last place it passed and where it was started, for messages.
    func describeTask(_ id: Int) -> (name: String, lastPassed: String, site: ConcurrencyFailure) {
        state.withLock { state in (state.tasks[id].name, state.tasks[id].lastPassed, state.tasks[id].site) }
    }

    /// Ends task `id`'s step at point `label`, and waits there until the driver picks it again.
    nonisolated(nonsending) func park(_ id: Int, at label: String) async {
        await withCheckedContinuation { (turnstile: CheckedContinuation<Void, Never>) in
            let (driver, goNow) = state.withLock { state -> (CheckedContinuation<Void, Never>?, Bool) in
                guard state.stop == nil else { return (nil, true) }
                state.tasks[id].turnstile = turnstile
                return (state.endStep(of: id, at: label, phase: .ready), false)
            }
            if goNow { turnstile.resume() }
            driver?.resume()
        }
    }

    /// Ends task `id`'s step by sleeping until virtual time `deadline`; it is ready again when the
    /// clock reaches it, or when the task is cancelled (then this throws `CancellationError`).
    nonisolated(nonsending) func sleep(_ id: Int, until deadline: Duration, label: String) async throws {
        try Task.checkCancellation()
        await withTaskCancellationHandler {
            await withCheckedContinuation { (turnstile: CheckedContinuation<Void, Never>) in
                let (driver, goNow) = state.withLock { state -> (CheckedContinuation<Void, Never>?, Bool) in
                    guard state.stop == nil else { return (nil, true) }
                    state.tasks[id].turnstile = turnstile
                    // Cancelled while it was still running its step: ready, to throw when picked.
                    let phase: TaskPhase = Task.isCancelled ? .ready : .sleeping(until: deadline)
                    return (state.endStep(of: id, at: label, phase: phase), false)
                }
                if goNow { turnstile.resume() }
                driver?.resume()
            }
        } onCancel: {
            // Another step cancelled it (the code under test, deterministically, inside that step):
            // it stops waiting for the clock and becomes an option like any ready task.
            state.withLock { state in
                if case .sleeping = state.tasks[id].phase { state.tasks[id].phase = .ready }
            }
        }
        try Task.checkCancellation()
    }

    /// Ends task `id`'s step blocked on `wait`: no option until the wait is over (or the task is
    /// cancelled), then an option like a task at a point; returns when the driver picks it, or at
    /// once when the run has stopped.
    nonisolated(nonsending) func block(_ id: Int, on wait: BlockedWait) async {
        await withTaskCancellationHandler {
            await withCheckedContinuation { (turnstile: CheckedContinuation<Void, Never>) in
                let (driver, goNow) = state.withLock { state -> (CheckedContinuation<Void, Never>?, Bool) in
                    guard state.stop == nil else { return (nil, true) }
                    state.tasks[id].turnstile = turnstile
                    // Cancelled while it was still running its step: ready, to leave its wait when picked.
                    let phase: TaskPhase = Task.isCancelled ? .ready : .blocked
                    if phase == .blocked { state.tasks[id].blockedOn = wait }
                    return (state.endStep(of: id, at: wait.label, phase: phase), false)
                }
                if goNow { turnstile.resume() }
                driver?.resume()
            }
        } onCancel: {
            // Cancelled by another step (deterministically, inside that step): it leaves its wait
            // when it is picked, as a task cancelled in a sleep does.
            state.withLock { state in
                guard state.tasks[id].phase == .blocked else { return }
                state.tasks[id].phase = .ready
                state.tasks[id].blockedOn = nil
            }
        }
    }

    /// Ends task `id`: its last step is over, and it is never an option again.
    func end(_ id: Int, error: (any Error)?) {
        let (name, site, reports, stopped) = state.withLock {
            ($0.tasks[id].name, $0.tasks[id].site, $0.tasks[id].reportsErrors, $0.stop != nil)
        }
        // After a stop, what the released task does is no longer the run's: it ran cancelled.
        if let error, !stopped, reports, !(error is CancellationError), !(error is RunStop),
            hostless || !(error is any ReportedByFramework)
        {
            report(site.saying(ToolkitFailure.controlledTaskThrew(task: name, error: error).explanation))
        }
        let driver = state.withLock { state in
            state.tasks[id].cancel = nil
            state.endChildren(of: id)
            return state.endStep(of: id, at: "end", phase: .ended)
        }
        driver?.resume()
    }

    // MARK: - Driving

    /// Takes steps, one task at a time, until every controlled task has ended.
    ///
    /// - Throws: ``RunStop`` when the run cannot go on (a stuck task, a body that does not repeat
    ///   itself, a cancelled test); the run is stopped and its tasks released by then.
    func drive() async throws(RunStop) {
        let refusal = state.withLock { state -> RunStop? in
            if let stop = state.stop { return stop }
            if state.driving {
                return .misuse(ToolkitFailure.finishWhileDriven.explanation, site: nil)
            }
            state.driving = true
            state.undrivenSince = nil
            return nil
        }
        if let refusal { throw refusal }
        defer { state.withLock { $0.driving = false } }
        while true {
            if Task.isCancelled { try stopRun(.cancelled) }
            let next = state.withLock { state -> NextStep in
                if let stop = state.stop { return .stopped(stop) }
                return state.pickNext()
            }
            switch next {
            case .stopped(let reason):
                throw reason
            case .allEnded:
                return
            case .diverged(let divergence):
                try stopRun(.diverged(divergence))
            case .advanced:
                continue
            case .blocked(let tasks):
                try await waitWhileBlocked(tasks)
            case .task(let id):
                await grantStep(to: id)
                if Task.isCancelled { try stopRun(.cancelled) }
                let timedOut = state.withLock {
                    state -> (name: String, lastPassed: String, site: ConcurrencyFailure)? in
                    guard state.stepTimedOut else { return nil }
                    return (state.tasks[id].name, state.tasks[id].lastPassed, state.tasks[id].site)
                }
                if let timedOut {
                    try stopRun(.timedOut(task: timedOut.name, lastPassed: timedOut.lastPassed, site: timedOut.site))
                }
            }
        }
    }

    /// Every unfinished task in `tasks` is blocked, and no deadline is pending on the clock. When
    /// only the run's own tasks could end those waits, none ever will: the run stops at once with
    /// a deadlock, naming each task, what it waits for and who holds it. When something outside the
    /// run may still end one (a lock held by a task the explorer does not control), the driver
    /// looks again every millisecond until the step deadline, past which the first is stuck.
    private func waitWhileBlocked(_ tasks: [Int]) async throws(RunStop) {
        let waits = state.withLock { state in
            tasks.compactMap { id -> (id: Int, wait: BlockedWait)? in
                if let wait = state.tasks[id].blockedOn { return (id, wait) }
                // A task away while its children wait in the schedule waits for them, and only
                // they can end that wait; of any other task away nothing is known.
                let children = state.childrenInSchedule(of: id)
                guard state.tasks[id].phase == .away, !children.isEmpty else { return nil }
                let wait = BlockedWait(
                    label: "awaits its child tasks", site: state.tasks[id].site, isOver: { false },
                    describe: { "its child tasks " + children.joined(separator: ", ") }, endsOnlyInRun: { true })
                return (id, wait)
            }
        }
        // Out of the run's lock: a wait describes its holder by asking the run for its name. A wait
        // something outside the run ended since the choice (a lock handed on, a gate a plain task
        // opened) is over now, and no deadlock: the driver looks again.
        if !waits.isEmpty, waits.count == tasks.count,
            waits.allSatisfy({ $0.wait.endsOnlyInRun() && !$0.wait.isOver() })
        {
            let lines = waits.map { "\(describeTask($0.id).name.quotedInMessage) waits for \($0.wait.describe())" }
            try stopRun(.deadlocked(waits: lines, site: waits[0].wait.site))
        }
        let since = state.withLock { state in
            if state.allBlockedSince == nil { state.allBlockedSince = .now }
            return state.allBlockedSince ?? .now
        }
        if ContinuousClock.now - since >= stepTimeout, let first = tasks.first {
            let task = describeTask(first)
            try stopRun(.timedOut(task: task.name, lastPassed: task.lastPassed, site: task.site))
        }
        do {
            try await Task.sleep(for: .milliseconds(1))
        } catch {
            try stopRun(.cancelled)
        }
    }

    /// Lets task `id` take a step and waits until it ends it, its deadline passes, or the task
    /// exploring is cancelled.
    private func grantStep(to id: Int) async {
        await withTaskCancellationHandler {
            await withCheckedContinuation { (driver: CheckedContinuation<Void, Never>) in
                let (turnstile, cancelled) = state.withLock {
                    state -> (CheckedContinuation<Void, Never>?, Bool) in
                    if state.driverCancelled { return (nil, true) }
                    // Counted as a job until the task's own job is queued (invariant 8).
                    state.busyJobs += 1
                    state.stepsGranted += 1
                    state.stepEndsWhenIdle = false
                    state.driver = driver
                    state.allBlockedSince = nil
                    state.running = id
                    state.stepStartedAt = .now
                    state.tasks[id].phase = .running
                    state.tasks[id].woken = false
                    if let turnstile = state.tasks[id].turnstile {
                        state.tasks[id].turnstile = nil
                        return (turnstile, false)
                    }
                    state.tasks[id].permit = true
                    return (nil, false)
                }
                if cancelled { return driver.resume() }
                turnstile?.resume()
                Self.act(on: state.withLock { $0.jobDone() }, state: state)
            }
        } onCancel: {
            let driver = state.withLock { state in
                state.driverCancelled = true
                defer { state.driver = nil }
                return state.driver
            }
            driver?.resume()
        }
    }

    /// Called by the watchdog: a step that has run for longer than `stepTimeout` is over, and the
    /// driver is told so; tasks that have waited that long for a body that never lets them go
    /// (it neither calls `finish()` nor returns) stop the run.
    func expireStep(at now: ContinuousClock.Instant) {
        let (driver, stalled) = state.withLock {
            state -> (CheckedContinuation<Void, Never>?, RunStop?) in
            if !state.driving, state.stop == nil, let since = state.undrivenSince, now - since >= stepTimeout,
                let waiting = state.tasks.first(where: { $0.phase == .ready && !$0.hasStepped })
            {
                return (nil, .bodyStalled(task: waiting.name, site: waiting.site))
            }
            guard let started = state.stepStartedAt, now - started >= stepTimeout, let driver = state.driver else {
                return (nil, nil)
            }
            state.stepTimedOut = true
            state.driver = nil
            return (driver, nil)
        }
        driver?.resume()
        if let stalled { stop(stalled) }
    }

    private func stopRun(_ reason: RunStop) throws(RunStop) {
        stop(reason)
        throw reason
    }

    /// Stops the run for `reason` (the first reason wins): every task still alive is cancelled,
    /// and every parked one released, to finish outside the explorer's control.
    func stop(_ reason: RunStop) {
        // Made out of the lock (the report reads this run), while the tasks still wait where they are stuck.
        let report =
            reason.attachesReport && state.withLock({ $0.stop == nil })
            ? RunContext.$current.withValue(context) { WaitReporting.reportOfCurrentClosure } : nil
        let (cancels, turnstiles) = state.withLock {
            state -> ([@Sendable () -> Void], [CheckedContinuation<Void, Never>]) in
            if state.stop == nil {
                state.stop = reason
                state.stopReport = report
                state.stoppedDuring = state.running
            }
            var cancels: [@Sendable () -> Void] = []
            var turnstiles: [CheckedContinuation<Void, Never>] = []
            for index in state.tasks.indices {
                if let cancel = state.tasks[index].cancel { cancels.append(cancel) }
                state.tasks[index].cancel = nil
                if let turnstile = state.tasks[index].turnstile { turnstiles.append(turnstile) }
                state.tasks[index].turnstile = nil
            }
            return (cancels, turnstiles)
        }
        for cancel in cancels { cancel() }
        for turnstile in turnstiles { turnstile.resume() }
    }

    /// Moves virtual time forward to `deadline` at once, for a sleep in the body; it never moves
    /// back.
    func advanceClock(to deadline: Duration) {
        state.withLock { state in
            guard deadline > state.now else { return }
            state.moveClock(to: deadline)
        }
    }

    /// Marks the run as over once every task has ended; later `start`s and `point`s are errors.
    func close() {
        state.withLock { $0.closed = true }
    }

    /// The running task, as a value its real `Task` can compare: a controlled task's own `point`
    /// and a plain `Task {}` it started share task-local values, but not this.
    private static func currentTaskIdentity() -> Int? {
        withUnsafeCurrentTask { $0?.hashValue }
    }
}

/// What the driver does next.
enum NextStep {
    case allEnded
    case stopped(RunStop)
    case task(Int)
    case advanced
    /// Every unfinished task waits for something, and nothing sleeps: these, in start order.
    case blocked([Int])
    case diverged(ScheduleDivergence)
}
