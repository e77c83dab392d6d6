// How the walk works, and what it guarantees.
//
// Invariants. The walk is a stack of frames (a group, or one element of a
// group; Frames/) and runs the tree in the contract's order: beforeAll, then
// each element wrapped by its scopes and aroundEach hooks (outermost first),
// inside them beforeEach, the element, afterEach; then afterAll. Focus,
// exclusion, selection and order are settled before the walk starts
// (Plan/RunPlan.swift), so the walk only sees what runs, and reports what the
// plan skips where it stands (SkippedInPlace). An error only moves a frame's
// stage forward to its teardown, never past it: a failing beforeAll jumps to
// afterAll, a failing beforeEach to afterEach, and every later element still
// runs. A skip means nothing needs undoing: in beforeAll it ends the group,
// afterAll included; in beforeEach, the element, afterEach included. Each
// example is counted once, as finished or as left out. This file says which
// closure runs next (`next()`, a `step` per kind of frame); WalkOutcomes.swift
// takes back how it ended and moves its frame on, each transition in one
// place; AroundHandOff.swift hands an `aroundEach` hook the rest of the walk.
//
// The stack. The walk holds the frame on top (`top`); each frame holds the
// one below it (`below`: an element its group, a nested group its element),
// so pushing or popping a frame is one assignment, and every frame the walk
// still has to come back to is held strongly until it does.
//
// Every-example hooks. An each-hook with `isEveryExample` runs around every
// example below its group, not once around a nested group. So an element's
// each-hooks come in layers, outermost first: its own scopes; for an example,
// the every-example hooks of each ancestor group above its own, outermost
// first (GroupFrame.inherited); last, its group's each-hooks (for a nested
// group only those that are not every-example). A layer's aroundEach hooks
// wrap its beforeEach hooks, the inner layers and its afterEach hooks. A
// failing beforeEach in any layer goes to the afterEach hooks of the innermost
// layer, so all of the element's afterEach hooks run; a skip in a beforeEach,
// or in an aroundEach that did not call its body, runs no afterEach hook.
//
// States and cleanups. Each frame is the ElementState its closures share (see
// ElementState.swift): an element frame for an example or a nested group and its
// each-hooks, a group frame for its beforeAll and afterAll hooks. An element's
// state ends in `unwinding(0)`, after all of its each-hooks and before its own
// scopes (layer 0) return; a group's in `done`. Ending runs the cleanups one
// closure at a time, last registered first, as teardown that no error or skip
// prevents; then the element's state closes, dropping its fresh values, and
// the misuses noted in it fail the element. A group hook's misuses are
// reported as soon as the hook returns.
//
// Runners and contexts. Every closure the walk hands the driver comes with
// its own ExampleRunner (its identity tells which closure posted a failure,
// and its attempt note which run of its example), made as the walk reaches
// the closure; the driver binds a RunContext with it around the call
// (`context(running:in:)`: the runner, and the surroundings the walk made
// for the limit the closure runs under, so that a binding copies two
// references), so the closure and every task it starts see that runner and
// post to the run's inbox, for as long as they live (see RunContext.swift). Nothing is bound between closures, and nothing the walk
// decides depends on who else holds a runner or a frame. A runner copies
// nothing of its element: it points at the frame, which is its state and
// answers its path, and at the hook it runs, if any, which adds the hook's
// step and answers the location (RunnerFrame, RunnerHook). A runner is read
// from any task, so these come only from the frame's immutable parts; the
// frame's own PathNode is made when the walk first needs one (a nested group,
// a failure, a report), which a passing example never does. A task that
// outlives its example keeps that example's frame through its runner; the
// frame no longer holds anything of the user's (its state dropped its values
// when it closed).
//
// Failures that are not thrown. They wait in the run's FailureInbox (see its
// file) until the walk takes them: when a closure failed, when a group's hook
// or an `aroundEach` hook ended, before a run of an element ends and when the
// walk ends; the walk attributes each to the frame of the runner that posted
// it (Failures/FailureAttribution.swift), counts it once and reports it as its
// event, like a thrown one. A thrown error that its framework reported
// already (`#require`'s) is dropped when the same closure posted a failure:
// the posted one is that report.
//
// Concurrent groups. The walk has one position, so a `.concurrent` group's
// elements cannot share it: when such a group reaches its elements, the walk
// hands the driver one new walk per element (`.concurrently`), each with the
// element's frame on its stack, its own reporter that keeps its events, and
// its own inbox. Each is driven by one child task; they only read the group's
// frame, which nothing changes until all have ended. Then
// `finishConcurrently` passes their events on in declaration order, adds up
// their counts and adopts their inboxes, so that a task an element started
// that fails after the element ended is still that example's late failure;
// the walk of the run closes the adopted inboxes with its own.
//
// Repetitions and retries (see Attempts/). An example frame that has
// ExampleAttempts restarts from its first stage when it has unwound and
// another run follows, so its group's beforeAll and afterAll run once and
// the example starts and finishes once in the reports. While another attempt
// may follow, the example's failures are held by its ExampleAttempts, not
// reported; the end of the attempt decides what they are. A failure a task of
// an earlier run posts is that run's late failure, never a later run's.

/// The engine's rules, written once: a walk over the spec tree that says which
/// closure to run next and takes back how it ended.
///
/// The walk never calls a closure itself. A small driver (one synchronous, one
/// asynchronous) asks for the next ``Instruction``, runs it, and reports the
/// outcome. Because every decision (order, what an error or a skip stops, what
/// still runs) lives here, the synchronous and asynchronous engines cannot drift apart.
final class SpecWalk<Mode: ExecutionMode> {
    /// What the driver must do next.
    enum Instruction {
        /// Run a hook, example or cleanup body in the context of `runner`
        /// (``context(running:in:)``), then call ``finish(_:)`` with its outcome.
        case call(Mode.Body, ExampleRunner)
        /// Run an `aroundEach` hook in the context of the token's runner. Its
        /// body argument asks the token's gate whether it may run; if so it
        /// calls ``enterAround(_:)``, drives the walk until
        /// ``Instruction/unwrap`` and leaves the gate. When the hook returns,
        /// close the gate and call ``finishAround(_:_:_:)``.
        case wrap(Mode.Around, AroundToken)
        /// What the innermost `aroundEach` wraps is done: return from its body.
        case unwrap
        /// Drive each walk, each running one element of a `.concurrent`
        /// group, at most ``parallelism`` at a time; when all have ended, call
        /// ``finishConcurrently(_:)``. A driver that cannot run closures
        /// concurrently drives them one after another.
        case concurrently([SpecWalk])
    }

    // The walk's own state is read and written only by the walk, on the task
    // of its driver (it has one driver at a time: see "Why the body runs at
    // most once"; a concurrent group's elements each have a walk of their own).
    /// The frame on top of the walk's stack, which the next step steps; the
    /// frames under it are reached through it (each frame's `below`).
    var top: Frame?
    /// The closure the driver runs, until ``finish(_:)`` takes back its outcome.
    var pending: Pending?
    let reporter: WalkReporter
    /// The sink of the run's closures: its inbox (this walk's own, for one
    /// element of a concurrent group) and its host.
    let run: SpecRunState
    /// What the contexts of the run's closures share when they run under
    /// ``outerLimit``: the run's sink, and the listening regions of the
    /// context the run started in.
    let surroundings: RunContext.Surroundings
    /// The time limit the run's closures start under: the one of the
    /// context the run started in, if any.
    let outerLimit: TimeLimit?
    /// The run's sink, which the walk takes what was posted from.
    let inbox: FailureInbox
    /// The lock of the states of this walk's frames (see ElementState.swift).
    let stateLock = StateLock(())
    /// Whether this walk's inbox is the run's, which it closes when it ends:
    /// false for a walk of one element of a concurrent group, whose inbox the
    /// walk that made it adopts.
    let ownsInbox: Bool
    /// The inboxes of the walks that ran a concurrent group's elements: a task
    /// those elements started may still post there after those walks ended.
    var adoptedInboxes: [FailureInbox] = []
    /// Whether ``adoptedInboxes`` holds any: set once, read at every take
    /// without reading the list.
    var adoptedAny = false
    /// The runners that posted a failure the walk took while their element ran,
    /// until their closure's outcome is applied (see ``tookPost(from:)``).
    var posters: [ExampleRunner] = []
    /// How many elements of a `.concurrent` group run at once, if a setting says.
    let parallelismLimit: Int?
    /// The latch of `RUNDOWN_FAIL_FAST=1`, if the run stops at the process's
    /// first failing example: read before each element of a group starts.
    let failFast: FailFastLatch?
    /// How many elements of a `.concurrent` group run at once: as the
    /// setting says, or one per core, counted only when such a group runs
    /// (counting reads files on Linux).
    var parallelism: Int { max(1, parallelismLimit ?? RunControls.cores) }
    /// The time limit of every closure no `.timeLimit` covers (`RUNDOWN_TIME_LIMIT`), if set.
    let defaultLimit: Duration?
    /// How long a closure a limit cancelled may take to stop (`RUNDOWN_GRACE_PERIOD`), if set.
    let gracePeriod: Duration?
    /// This walk on the process's progress board: the drivers push each
    /// closure there as it starts and pop it when it ends, for progress
    /// reports and the report a time limit's failure attaches.
    let progressRun: ProgressBoard.Run
    /// How many `aroundEach` hooks of this walk run around the closure it
    /// runs now: where on ``progressRun`` that closure goes.
    var progressDepth = 0

    /// A walk of the spec `root` under `controls`, whose closures post to
    /// `inbox` and report to `host`, inside the context that runs now.
    init(
        root: GroupNode<Mode>, controls: RunControls = .none, progress: Bool = true,
        inbox: FailureInbox = FailureInbox(), host: (any SpecHost)? = nil,
        observer: @escaping (SpecEvent) -> Void
    ) {
        reporter = WalkReporter(observer: observer, progress: progress)
        run = SpecRunState(inbox: inbox, host: host)
        let outer = RunContext.current
        outerLimit = outer?.limit
        progressRun = ProgressBoard.shared.register(
            spec: root.description, test: host?.testName,
            tracksClosures: controls.progressAfter != nil || controls.tracksClosures)
        surroundings = RunContext.Surroundings(
            sink: run, timeLimit: outerLimit, regions: outer?.regions, progressRun: progressRun)
        self.inbox = inbox
        ownsInbox = true
        parallelismLimit = controls.parallelismLimit
        defaultLimit = controls.timeLimit
        gracePeriod = controls.gracePeriod
        failFast = controls.failFast
        if let after = controls.progressAfter {
            ProgressBoard.shared.startReporting(after: after, every: controls.progressEvery)
        }
        let plan = RunPlan(root, controls: controls)
        reporter.filteredOut(plan.filteredOutCount)
        if !plan.placeMisses.isEmpty { reporter.placesMissed(plan.placeMisses) }
        // A setting the run could not read fails the spec where it was called, before anything runs.
        for setting in controls.settingFailures {
            reporter.report(SpecFailure(path: [root.description], error: setting, location: root.location))
        }
        for focus in plan.forbiddenFocus {
            reporter.report(SpecFailure(path: focus.path, error: focus, location: focus.location))
        }
        for invalid in plan.invalidLabels {
            reporter.report(
                SpecFailure(path: invalid.path, error: InvalidLabel(label: invalid.label), location: invalid.location))
        }
        for failure in root.buildFailures {
            reporter.report(failure)
        }
        report(plan.unplaced)
        if let planned = plan.root, let failFast, failFast.tripped {
            // An example of an earlier spec of the process failed: this one is skipped whole, as a group
            // whose beforeAll skipped (Behaviour#Fail-fast).
            reporter.report(SpecSkip(path: [root.description], reason: FailFastLatch.reason, location: root.location))
            leaveOut(planned, under: [planned.description], as: .skipped(reason: FailFastLatch.reason))
        } else if let planned = plan.root {
            push(
                GroupFrame(
                    group: planned, path: PathNode(planned.description, parent: nil), below: nil, inherited: [],
                    inbox: inbox, lock: stateLock, attemptPlan: AttemptPlan(controls)))
        } else if plan.nothingSelected {
            // Nothing was selected: the spec is skipped as a whole, so that a run that checked nothing does not pass.
            reporter.report(
                SpecSkip(path: [root.description], reason: controls.nothingSelected, location: root.location))
        }
    }

    /// The walks that run the elements of a concurrent group, one each; out of
    /// line, as only such a group needs it.
    @inline(never)
    func concurrently(_ group: GroupFrame) -> Instruction {
        let elements = group.node.content.elements
        group.stage = .elements(elements.count)
        let progress = reporter.progress
        return .concurrently(elements.map { SpecWalk(element: $0, in: group, of: self, progress: progress) })
    }

    /// A walk that runs one element of a concurrent group, with the hooks
    /// `parent` puts around it, and keeps its events until
    /// ``finishConcurrently(_:)`` hands them on in declaration order.
    init(element: ElementNode<Mode>, in parent: GroupFrame, of walk: SpecWalk, progress: Bool) {
        reporter = WalkReporter(buffering: progress)
        inbox = walk.inbox.sharingLateHandling()
        run = SpecRunState(inbox: inbox, host: walk.run.host)
        outerLimit = walk.outerLimit
        progressRun = ProgressBoard.shared.register(
            spec: walk.progressRun.spec, test: walk.progressRun.test, tracksClosures: walk.progressRun.tracksClosures)
        surroundings = RunContext.Surroundings(
            sink: run, timeLimit: outerLimit, regions: walk.surroundings.regions, progressRun: progressRun)
        ownsInbox = false
        parallelismLimit = walk.parallelismLimit
        defaultLimit = walk.defaultLimit
        gracePeriod = walk.gracePeriod
        failFast = walk.failFast
        // Timed from when a driver gives it a slot (`startsNow()`), not from now, as its group queues it.
        push(
            ElementFrame(
                node: element, parent: parent, alone: true, started: progress ? .zero : nil, inbox: inbox,
                lock: stateLock,
                attemptMarks: element.attemptMarks))
    }

    /// A concurrent group's element gets its slot: its duration counts from
    /// here (Behaviour#Concurrent-groups), not from when its group queued it.
    func startsNow() {
        reporter.restartClock()
        // Queued behind a sibling that failed: under fail-fast, the element never starts.
        if let failFast, failFast.tripped, case .element(let element) = top { skipForFailFast(element) }
    }

    /// Everything reported so far.
    var report: SpecReport { reporter.report }

    /// What the contexts of the closures that run under `limit` share: the
    /// run's own ``surroundings`` under the limit it started under, else
    /// the same with `limit`. A driver asks once per stretch of closures
    /// under one limit, and binds each closure's context in them.
    func surroundings(under limit: TimeLimit?) -> RunContext.Surroundings {
        if limit === outerLimit { return surroundings }
        return RunContext.Surroundings(
            sink: run, timeLimit: limit, regions: surroundings.regions, progressRun: progressRun)
    }

    /// The context the driver binds around a closure that `runner` runs:
    /// the closure's own, in `surroundings` (see ``surroundings(under:)``).
    func context(running runner: ExampleRunner, in surroundings: RunContext.Surroundings) -> RunContext {
        RunContext(closure: runner, in: surroundings)
    }

    // MARK: Asking for work

    /// The next thing to do, or `nil` when the spec has finished.
    func next() -> Instruction? {
        while let top {
            let instruction: Instruction?
            switch top {
            case .group(let group): instruction = step(group)
            case .element(let element): instruction = step(element)
            }
            if let instruction { return instruction }
        }
        end()
        return nil
    }

    /// `closure` starts at `depth`: on the progress board, if this walk
    /// tracks its closures (``ProgressBoard/Run/runs(_:at:)``).
    ///
    /// Only then: a lock for every closure of every spec costs a synchronous
    /// example a fifth more than the rest of the walk (Benchmarks/RESULTS.md,
    /// "Issue 30"), for a report that only `RUNDOWN_PROGRESS_AFTER`
    /// (set on CI by default) asks for.
    @inline(__always)
    func progressRuns(_ closure: ExampleRunner, at depth: Int) {
        if progressRun.tracksClosures { progressRun.runs(closure, at: depth) }
    }

    /// Nothing of this walk runs at `depth` or deeper any more: off the progress board, if it tracks its closures.
    @inline(__always)
    func progressLeaves(depth: Int) {
        if progressRun.tracksClosures { progressRun.leaves(depth: depth) }
    }

    /// Takes what is left in the inboxes once the last frame is done, and
    /// closes the run's.
    func end() {
        ProgressBoard.shared.unregister(progressRun)
        if ownsInbox {
            attribute(inbox.close())
            for adopted in adoptedInboxes { attribute(adopted.close()) }
        } else if let posted = inbox.take() {
            attribute(posted)
        }
    }

    func step(_ group: GroupFrame) -> Instruction? {
        // Moves on through stages until there is a closure to run, or the
        // stack changes; each stage is one step of the contract's order.
        while true {
            switch group.stage {
            case .beforeAll(let index):
                let hooks = group.beforeAll
                guard index < hooks.count else {
                    group.stage = .elements(0)
                    continue
                }
                group.stage = .beforeAll(index + 1)
                if let instruction = call(hooks[index], of: group, as: .groupHook(group, hooks[index])) {
                    return instruction
                }
            case .elements(let index):
                let count = group.node.content.elementCount
                guard index < count else {
                    if let skipped = group.node.skippedInPlace { report(skipped.before[index]) }
                    group.stage = .afterAll(0)
                    continue
                }
                if let failFast, failFast.tripped {
                    skipForFailFast(group, from: index)
                    continue
                }
                if index == 0, group.node.marks.isConcurrent, count > 1, Mode.self == Asynchronous.self {
                    return concurrently(group)
                }
                if let skipped = group.node.skippedInPlace { report(skipped.before[index]) }
                group.stage = .elements(index + 1)
                let element = group.node.content.element(at: index)
                let marks = element.attemptMarks
                push(
                    ElementFrame(
                        node: element, parent: group, started: reporter.elapsed(), inbox: inbox, lock: stateLock,
                        attemptMarks: marks))
                return nil
            case .afterAll(let index):
                let hooks = group.afterAll
                guard index < hooks.count else {
                    group.stage = .done
                    continue
                }
                group.stage = .afterAll(index + 1)
                if let instruction = call(hooks[index], of: group, as: .groupHook(group, hooks[index])) {
                    return instruction
                }
            case .done:
                if let cleanup = nextCleanup(of: group) {
                    if let instruction = call(
                        cleanup, of: group, as: .groupCleanup(group, cleanup), teardown: .afterAll)
                    {
                        return instruction
                    }
                    continue
                }
                if reporter.progress { reporter.emit(.groupFinished(path: group.path.steps())) }
                forgetPosters(of: group)
                top = group.below.map(Frame.element)
                return nil
            }
        }
    }

    func step(_ element: ElementFrame) -> Instruction? {
        // Moves on through stages until there is a closure to run, or the
        // stack changes; each stage is one step of the contract's order.
        while true {
            switch element.stage {
            case .around(let layer, let level):
                let hooks = element.layers[layer].arounds
                guard level < hooks.count else {
                    element.stage = .beforeEach(layer, 0)
                    continue
                }
                element.stage = .waitingForAround
                let hook = hooks[level]
                guard case .around(let body) = hook.node.body else {
                    // A hand-built node: fail the element as if the hook had thrown before calling its body.
                    let mismatch = HookBodyMismatch(hook: hook.pathComponent, kind: .aroundEach)
                    finishAround(
                        element, layer: layer, level: level, .failed(mismatch),
                        AroundBodyGate.Calls(ran: false, refused: 0), runner: nil)
                    continue
                }
                let misuse = AroundEachMisuse(hook: hook.pathComponent, problem: .bodyCalledAfterReturn)
                let gate = AroundBodyGate(
                    inbox: inbox,
                    lateFailure: SpecFailure(
                        path: element.steps(appending: hook.pathComponent), error: misuse, location: hook.location)
                )
                let runner = ExampleRunner(
                    frame: element, role: .hook(.aroundEach), hook: hook, attempt: element.attempts?.note)
                return .wrap(body, AroundToken(frame: element, layer: layer, level: level, runner: runner, gate: gate))
            case .beforeEach(let layer, let index):
                let hooks = element.layers[layer].befores
                guard index < hooks.count else {
                    element.stage = layer + 1 < element.layers.count ? .around(layer + 1, 0) : .body
                    continue
                }
                element.stage = .beforeEach(layer, index + 1)
                if let instruction = call(
                    hooks[index], of: element, as: .elementHook(element, hooks[index]), attempt: element.attempts?.note)
                {
                    return instruction
                }
            case .body:
                element.stage = .afterEach(element.layers.count - 1, 0)
                element.bodyStarted = true
                switch element.node {
                case .example:
                    // Field by field: binding the example would copy it whole.
                    guard let body = element.node.exampleBody else { preconditionFailure("an example has a body") }
                    let runner = ExampleRunner(
                        frame: element, role: .example, hook: nil, attempt: element.attempts?.note)
                    pending = Pending(closure: .example(element), runner: runner)
                    return .call(body, runner)
                case .group(let group):
                    push(
                        GroupFrame(
                            group: group, path: element.path, below: element, inherited: element.parent.childInherited,
                            inbox: inbox, lock: stateLock, attemptPlan: element.parent.attemptPlan))
                    return nil
                }
            case .afterEach(let layer, let index):
                let hooks = element.layers[layer].afters
                guard index < hooks.count else {
                    element.stage = .unwinding(layer)
                    continue
                }
                element.stage = .afterEach(layer, index + 1)
                if let instruction = call(
                    hooks[index], of: element, as: .elementHook(element, hooks[index]), attempt: element.attempts?.note)
                {
                    return instruction
                }
            case .unwinding(let layer):
                // The element's cleanups run inside its own scopes (layer 0), after all its each-hooks.
                if layer == 0, !element.cleanedUp {
                    if let cleanup = nextCleanup(of: element) {
                        if let instruction = call(
                            cleanup, of: element, as: .elementCleanup(element, cleanup), teardown: .afterEach)
                        {
                            return instruction
                        }
                        continue
                    }
                    element.cleanedUp = true
                }
                if element.enteredArounds > element.aroundsBefore(layer) {
                    element.stage = .waitingForAround
                    return .unwrap
                }
                if layer > 0 {
                    element.stage = element.runsAfterEach ? .afterEach(layer - 1, 0) : .unwinding(layer - 1)
                    continue
                }
                // What the run's closures posted decides how it ended.
                takePosted()
                if let attempts = element.attempts, runsAgain(element, attempts) { continue }
                finish(element)
                top = element.below.map(Frame.group)
                return nil
            case .waitingForAround:
                preconditionFailure("the driver asked for work while an aroundEach hook was running")
            }
        }
    }

    /// The instruction that runs `hook`, a plain hook of `frame`, as
    /// `closure`; `attempt` is the run of the example it runs for, if the
    /// example repeats or retries.
    func call(
        _ hook: HookRef, of frame: some RunnerFrame, as closure: Closure, attempt: AttemptNote? = nil
    ) -> Instruction? {
        let runner = ExampleRunner(frame: frame, role: .hook(hook.node.kind), hook: hook, attempt: attempt)
        pending = Pending(closure: closure, runner: runner)
        // Field by field: binding the node would copy it whole.
        guard case .plain(let body) = hook.node.body else {
            // A hand-built node: the hook fails as if it had thrown.
            finish(.failed(HookBodyMismatch(hook: hook.node.pathComponent, kind: hook.node.kind)))
            return nil
        }
        return .call(body, runner)
    }

    /// The next cleanup of `state` to run, last registered first; once none
    /// is left, closes the state, reports the misuses noted in it and returns `nil`.
    func nextCleanup(of state: ElementState) -> ElementState.Cleanup? {
        switch state.nextCleanupOrClose() {
        case .cleanup(let next):
            return next
        case .closed(let failures):
            record(failures, in: state)
            return nil
        }
    }

    /// The instruction that runs a cleanup of `frame`, the frame on top, as
    /// teardown of the given kind (it still runs after a time limit
    /// expired), with a runner that names what registered it.
    func call(
        _ cleanup: ElementState.Cleanup, of frame: some RunnerFrame, as closure: Closure, teardown: HookKind
    ) -> Instruction? {
        let registrant = cleanup.registrant
        let runner = ExampleRunner(
            frame: frame, role: .hook(teardown), hook: registrant.hook, attempt: registrant.attempt,
            location: cleanup.location)
        pending = Pending(closure: closure, runner: runner)
        guard let body = cleanup.body(for: Mode.self) else {
            finish(.failed(DeferCleanupMisuse(problem: .asyncInSynchronousSpec(registrant.description))))
            return nil
        }
        return .call(body, runner)
    }

    /// Records misuses found in `state`; they fail its element.
    func record(_ failures: [SpecFailure], in state: ElementState) {
        guard !failures.isEmpty else { return }
        if let element = state as? ElementFrame {
            for failure in failures { record(failure, of: element) }
            return
        }
        for failure in failures { reporter.report(failure) }
    }

    func push(_ group: GroupFrame) {
        top = .group(group)
        if reporter.progress {
            reporter.emit(.groupStarted(path: group.path.steps(), location: group.node.location))
        }
        if group.node.marks.isConcurrent, Mode.self == Synchronous.self {
            let description = group.node.description
            reporter.report(
                SpecFailure(
                    path: group.path.steps(), error: ConcurrentGroupNeedsAsynchronousSpec(group: description),
                    location: group.node.location))
        }
    }

    func push(_ element: ElementFrame) {
        top = .element(element)
        if reporter.progress, case .example(let example) = element.node {
            reporter.emit(.exampleStarted(path: element.path.steps(), location: example.location))
        }
        if element.hasAttemptTraits, let invalid = InvalidAttemptTrait.check(element.node.attemptMarks) {
            reporter.report(SpecFailure(path: element.path.steps(), error: invalid, location: element.node.location))
            element.failed = true
        }
    }
}
