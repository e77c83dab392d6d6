// How the walk works, and what it guarantees.
//
// Invariants. The walk is a stack of frames (a group, or one element of a
// group) and runs the tree in the contract's order: beforeAll, then each
// element wrapped by its scopes and aroundEach hooks (outermost first), inside
// them beforeEach, the element, afterEach; then afterAll. Focus, exclusion,
// selection and order are settled before the walk starts (RunPlan), so the
// walk only sees what runs, and reports what the plan skips where it stands
// (SkippedInPlace). An error only moves a frame's stage forward to its teardown, never
// past it: a failing beforeAll jumps to afterAll, a failing beforeEach to
// afterEach, and every later element still runs. A skip means nothing needs
// undoing: in beforeAll it ends the group, afterAll included; in beforeEach,
// the element, afterEach included. Each example is counted once, as finished
// or as left out.
//
// The aroundEach hand-off. A hook is user code that must run *around* the
// rest of the walk, so the walk cannot simply return it as one call. It
// returns `.wrap`; the driver calls the hook with a body that re-enters the
// driver loop. That nested loop drives the walk through the inner hooks and
// the element until the walk answers `.unwrap` (the afterEach hooks inside the
// hook are done); the body then returns to the hook, and when the hook returns the
// driver reports it with `finishAround`, which moves the element on to its
// outer hooks or to its end. The Swift call stack thus mirrors the wrappers,
// while every decision stays in the walk.
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
// Scopes and cleanups. Each frame is the RunScope its closures share (see
// RunScope.swift): an element frame for an example or a nested group and its
// each-hooks, a group frame for its beforeAll and afterAll hooks. An element's
// scope ends in `unwinding(0)`, after all of its each-hooks and before its own
// scopes (layer 0) return; a group's in `done`. Ending runs the cleanups one
// closure at a time, last registered first, as teardown that no error or skip
// prevents; then the scope closes, dropping its fresh values, and the misuses
// recorded in it fail the element. A group hook's misuses are recorded as soon
// as the hook returns.
//
// Runners and contexts. Every closure the walk hands the driver comes with
// its own ExampleRunner (its identity tells which closure posted a failure,
// and its attempt note which run of its example), made as the walk reaches
// the closure; the driver binds a new RunContext with it around the call, so
// the closure and every task it starts see that runner, post to the run's
// inbox, and keep both for as long as they live (see RunContext.swift). A
// runner copies nothing of its element: it points at the frame, which is its
// scope and answers its path, and at the hook it runs, if any, which adds the
// hook's step and answers the location (RunnerFrame, RunnerHook). A runner is
// read from any task, so these come only from the frame's immutable parts;
// the frame's own PathNode is made when the walk first needs one (a nested
// group, a failure, a report), which a passing example never does. The walk
// holds its frames and hooks strongly, and a runner its frame: a task that
// outlives its example keeps that frame, which no longer holds anything of
// the user's (its scope dropped its values when it closed).
//
// Why the body runs at most once. The walk is not thread-safe and has one
// position; a second run of the body would drive it from a stage it has left,
// and a concurrent one (two `async let`s in Swift 5 mode) from two threads.
// So each `.wrap` carries an AroundBodyGate: only the first call of the body,
// made before the hook returned, may enter; every other call touches nothing
// but the gate and is recorded as a misuse of that hook once it returns (or,
// after it returned, at the walk's next step). Before finishAround the driver
// closes the gate, which waits while a call of the body still drives the walk,
// so the walk never has two drivers.
//
// Failures that are not thrown. They wait in the run's FailureInbox (see its
// file) until the walk takes them, at each outcome it applies and when it
// ends; the walk attributes each to the frame of the runner that posted it,
// counts it once and reports it as its event, like a thrown one. A thrown
// error that its framework reported already (`#require`'s) is dropped when
// the same closure posted a failure: the posted one is that report.
//
// Concurrent groups. The walk has one position, so a `.concurrent` group's
// elements cannot share it: when such a group reaches its elements, the walk
// hands the driver one new walk per element (`.concurrently`), each with the
// element's frame on its stack, its own recorder that keeps its events, and
// its own inbox. Each is driven by one child task; they only read the group's
// frame, which nothing changes until all have ended. Then
// `finishConcurrently` passes their events on in declaration order, adds up
// their counts and adopts their inboxes, so that a task an element started
// that fails after the element ended is still that example's late failure;
// the walk of the run closes the adopted inboxes with its own.
//
// Repetitions and retries (see ExampleAttempts.swift). An example frame that
// has ExampleAttempts restarts from its first stage when it has unwound and
// another run follows, so its group's beforeAll and afterAll run once and
// the example starts and finishes once in the reports. While another attempt
// may follow, the example's failures are held by its ExampleAttempts, not
// recorded; the end of the attempt decides what they are.

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
        /// (``context(running:limit:)``), then call ``finish(_:)`` with its outcome.
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

    /// Identifies one `aroundEach` hook call while it is running.
    final class AroundToken {
        fileprivate let frame: ElementFrame
        fileprivate let layer: Int
        fileprivate let level: Int
        /// Lets only the first call of the hook's body drive the walk.
        let gate: AroundBodyGate
        /// The hook's runner: the driver binds its context around the hook,
        /// so that the hook and the tasks it starts see it, and each failure
        /// they post names it.
        let runner: ExampleRunner

        fileprivate init(frame: ElementFrame, layer: Int, level: Int, runner: ExampleRunner, gate: AroundBodyGate) {
            self.frame = frame
            self.layer = layer
            self.level = level
            self.runner = runner
            self.gate = gate
        }
    }

    // The walk's own state is read and written only by the walk, on the task
    // of its driver (it has one driver at a time: see "Why the body runs at
    // most once"; a concurrent group's elements each have a walk of their own).
    private var stack: [Frame] = []
    /// The closure the driver runs, until ``finish(_:)`` takes back its outcome.
    private var pending: Pending?
    private let recorder: Recorder
    /// What the contexts of the run's closures share: its inbox (this walk's
    /// own, for one element of a concurrent group), its host, and the
    /// context it started in.
    private let run: SpecRunState
    private var inbox: FailureInbox { run.sink }
    /// Whether this walk's inbox is the run's, which it closes when it ends:
    /// false for a walk of one element of a concurrent group, whose inbox the
    /// walk that made it adopts.
    private let ownsInbox: Bool
    /// The inboxes of the walks that ran a concurrent group's elements: a task
    /// those elements started may still post there after those walks ended.
    private var adoptedInboxes: [FailureInbox] = []
    /// The runners that posted a failure the walk took while their element ran,
    /// until their closure's outcome is applied (see ``tookPost(from:)``).
    private var posters: [ExampleRunner] = []
    /// How many elements of a `.concurrent` group run at once, if a setting says.
    let parallelismLimit: Int?
    /// How many elements of a `.concurrent` group run at once: as the
    /// setting says, or one per core, counted only when such a group runs
    /// (counting reads files on Linux).
    var parallelism: Int { max(1, parallelismLimit ?? RunControls.cores) }

    /// A walk of the spec `root` under `controls`, whose closures post to
    /// `inbox` and report to `host`, inside the context that runs now.
    init(
        root: GroupNode<Mode>, controls: RunControls = .none, progress: Bool = true,
        inbox: FailureInbox = FailureInbox(), host: (any SpecHost)? = nil,
        observer: @escaping (SpecEvent) -> Void
    ) {
        recorder = Recorder(observer: observer, progress: progress)
        run = SpecRunState(sink: inbox, host: host, outer: RunContext.current)
        ownsInbox = true
        parallelismLimit = controls.parallelismLimit
        let plan = RunPlan(root, controls: controls)
        recorder.filteredOut(plan.filteredOutCount)
        for focus in plan.forbiddenFocus {
            recorder.record(SpecFailure(path: focus.path, error: focus, location: focus.location))
        }
        for invalid in plan.invalidLabels {
            recorder.record(
                SpecFailure(path: invalid.path, error: InvalidLabel(label: invalid.label), location: invalid.location))
        }
        for failure in root.buildFailures {
            recorder.record(failure)
        }
        report(plan.unplaced)
        if let planned = plan.root {
            push(
                GroupFrame(
                    group: planned, path: PathNode(planned.description, parent: nil), inherited: [], inbox: inbox,
                    attemptPlan: AttemptPlan(controls)))
        } else if plan.nothingSelected {
            // Nothing was selected: the spec is skipped as a whole, so that a run that checked nothing does not pass.
            recorder.record(
                SkipRecord(path: [root.description], reason: controls.nothingSelected, location: root.location))
        }
    }

    /// The walks that run the elements of a concurrent group, one each; out of
    /// line, as only such a group needs it.
    @inline(never)
    private func concurrently(_ group: GroupFrame) -> Instruction {
        let elements = group.node.content.elements
        group.stage = .elements(elements.count)
        let progress = recorder.progress
        return .concurrently(elements.map { SpecWalk(element: $0, in: group, of: self, progress: progress) })
    }

    /// A walk that runs one element of a concurrent group, with the hooks
    /// `parent` puts around it, and keeps its events until
    /// ``finishConcurrently(_:)`` hands them on in declaration order.
    private init(element: ElementNode<Mode>, in parent: GroupFrame, of walk: SpecWalk, progress: Bool) {
        recorder = Recorder(buffering: progress)
        run = SpecRunState(sink: walk.inbox.sharingLateHandling(), host: walk.run.host, outer: walk.run.outer)
        ownsInbox = false
        parallelismLimit = walk.parallelismLimit
        // Timed from when a driver gives it a slot (`startsNow()`), not from now, as its group queues it.
        push(
            ElementFrame(
                node: element, parent: parent, started: progress ? .zero : nil, inbox: run.sink,
                attemptMarks: element.attemptMarks))
    }

    /// A concurrent group's element gets its slot: its duration counts from
    /// here (Behaviour#Concurrent-groups), not from when its group queued it.
    func startsNow() {
        recorder.restartClock()
    }

    /// Everything recorded so far.
    var report: SpecReport { recorder.report }

    /// The context the driver binds around a closure that `runner` runs:
    /// the closure's own, posting to this walk's inbox, under `limit`.
    func context(running runner: ExampleRunner, limit: TimeLimit?) -> RunContext {
        RunContext(running: runner, in: run, limit: limit)
    }

    /// The time limit the run's closures start under: the one of the
    /// context the run started in, if any.
    var outerLimit: TimeLimit? { run.outer?.limit }

    // MARK: Asking for work

    /// The next thing to do, or `nil` when the spec has finished.
    func next() -> Instruction? {
        while let top = stack.last {
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

    /// Takes what is left in the inboxes once the last frame is done, and
    /// closes the run's.
    private func end() {
        if ownsInbox {
            attribute(inbox.close())
            for adopted in adoptedInboxes { attribute(adopted.close()) }
        } else if let posted = inbox.take() {
            attribute(posted)
        }
    }

    private func step(_ group: GroupFrame) -> Instruction? {
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
                if index == 0, group.node.marks.isConcurrent, count > 1, Mode.self == Asynchronous.self {
                    return concurrently(group)
                }
                if let skipped = group.node.skippedInPlace { report(skipped.before[index]) }
                group.stage = .elements(index + 1)
                let element = group.node.content.element(at: index)
                let marks = element.attemptMarks
                push(
                    ElementFrame(
                        node: element, parent: group, started: recorder.elapsed(), inbox: inbox,
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
                if recorder.progress { recorder.emit(.groupFinished(path: group.path.steps())) }
                stack.removeLast()
                return nil
            }
        }
    }

    private func step(_ element: ElementFrame) -> Instruction? {
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
                            group: group, path: element.path, inherited: element.parent.childInherited, inbox: inbox,
                            attemptPlan: element.parent.attemptPlan))
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
                if let attempts = element.attempts, runsAgain(element, attempts) { continue }
                finish(element)
                stack.removeLast()
                return nil
            case .waitingForAround:
                preconditionFailure("the driver asked for work while an aroundEach hook was running")
            }
        }
    }

    /// The instruction that runs `hook`, a plain hook of `frame`, as
    /// `closure`; `attempt` is the run of the example it runs for, if the
    /// example repeats or retries.
    private func call(
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

    /// The next cleanup of `scope` to run, last registered first; once none
    /// is left, closes the scope, records the misuses found in it and returns `nil`.
    private func nextCleanup(of scope: RunScope) -> RunScope.Cleanup? {
        switch scope.nextCleanupOrClose() {
        case .cleanup(let next):
            return next
        case .closed(let failures):
            record(failures, in: scope)
            return nil
        }
    }

    /// The instruction that runs a cleanup of `frame`, the frame on top, as
    /// teardown of the given kind (it still runs after a time limit
    /// expired), with a runner that names what registered it.
    private func call(
        _ cleanup: RunScope.Cleanup, of frame: some RunnerFrame, as closure: Closure, teardown: HookKind
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

    /// Records misuses found in `scope`; they fail its element.
    private func record(_ failures: [SpecFailure], in scope: RunScope) {
        guard !failures.isEmpty else { return }
        if let element = scope as? ElementFrame {
            for failure in failures { record(failure, of: element) }
            return
        }
        for failure in failures { recorder.record(failure) }
    }

    private func push(_ group: GroupFrame) {
        stack.append(.group(group))
        if recorder.progress {
            recorder.emit(.groupStarted(path: group.path.steps(), location: group.node.location))
        }
        if group.node.marks.isConcurrent, Mode.self == Synchronous.self {
            let description = group.node.description
            recorder.record(
                SpecFailure(
                    path: group.path.steps(), error: ConcurrentGroupNeedsAsynchronousSpec(group: description),
                    location: group.node.location))
        }
    }

    private func push(_ element: ElementFrame) {
        stack.append(.element(element))
        if recorder.progress, case .example(let example) = element.node {
            recorder.emit(.exampleStarted(path: element.path.steps(), location: example.location))
        }
        if element.hasAttemptTraits, let invalid = InvalidAttemptTrait.check(element.node.attemptMarks) {
            recorder.record(SpecFailure(path: element.path.steps(), error: invalid, location: element.node.location))
            element.failed = true
        }
    }

    // MARK: Taking back outcomes

    /// Reports how the closure of the last ``Instruction/call(_:_:)`` ended.
    func finish(_ outcome: Outcome) {
        guard let done = pending else {
            preconditionFailure("an outcome was reported with no closure running")
        }
        pending = nil
        takePosted()
        let posted = !posters.isEmpty && tookPost(from: done.runner)
        if case .groupHook(let group, _) = done.closure { record(group.takeFailures(), in: group) }
        // `#require` recorded its issue, which its closure posted, before it threw:
        // the posted failure is its report, and the thrown one is not recorded again.
        var reported = false
        if posted, case .failed(let error) = outcome { reported = error is any ReportedByFramework }
        switch done.closure {
        case .groupHook(let group, let ref):
            finish(ref.node, of: group, outcome, reported: reported)
        case .elementHook(let element, let ref):
            finish(ref.node, of: element, outcome, reported: reported)
        case .example(let element):
            switch outcome {
            case .passed:
                break
            case .failed(let error):
                fail(
                    element, SpecFailure(path: element.path.steps(), error: error, location: element.node.location),
                    reported: reported)
            case .skipped(let reason):
                skip(element, reason, declaredAt: element.node.location)
            }
        case .elementCleanup(let element, let cleanup):
            let registrant = cleanup.registrant
            switch outcome {
            case .passed:
                break
            case .failed(let error):
                fail(
                    element, SpecFailure(path: registrant.path, error: error, location: cleanup.location),
                    reported: reported, attempt: registrant.attempt)
            case .skipped(let reason):
                recorder.record(
                    SkipRecord(
                        path: registrant.path, reason: reason.message, location: reason.location ?? cleanup.location))
            }
        case .groupCleanup(_, let cleanup):
            let registrant = cleanup.registrant
            switch outcome {
            case .passed:
                break
            case .failed(let error):
                if !reported {
                    recorder.record(SpecFailure(path: registrant.path, error: error, location: cleanup.location))
                }
            case .skipped(let reason):
                recorder.record(
                    SkipRecord(
                        path: registrant.path, reason: reason.message, location: reason.location ?? cleanup.location))
            }
        }
    }

    /// How a `beforeAll` or `afterAll` hook of `group` ended: what it
    /// records, and where the group goes on.
    private func finish(_ hook: HookNode<Mode>, of group: GroupFrame, _ outcome: Outcome, reported: Bool) {
        let path = group.path.steps(appending: hook.pathComponent)
        switch (hook.kind, outcome) {
        case (_, .passed):
            break
        case (.beforeAll, .failed(let error)):
            if !reported {
                let said = (group.attemptPlan?.retries ?? 0) > 0 ? NotRetried(error: error) : error
                recorder.record(SpecFailure(path: path, error: said, location: hook.location))
            }
            leaveOut(group.node, under: group.path.steps(), as: .failed)
            group.stage = .afterAll(0)
        case (.beforeAll, .skipped(let reason)):
            recorder.record(
                SkipRecord(path: group.path.steps(), reason: reason.message, location: reason.location ?? hook.location)
            )
            leaveOut(group.node, under: group.path.steps(), as: .skipped(reason: reason.message))
            group.stage = .done
        case (_, .failed(let error)):
            if !reported { recorder.record(SpecFailure(path: path, error: error, location: hook.location)) }
        case (_, .skipped(let reason)):
            recorder.record(SkipRecord(path: path, reason: reason.message, location: reason.location ?? hook.location))
        }
    }

    /// How a `beforeEach` or `afterEach` hook of `element` ended: what it
    /// records, and where the element goes on.
    private func finish(_ hook: HookNode<Mode>, of element: ElementFrame, _ outcome: Outcome, reported: Bool) {
        let path = element.path.steps(appending: hook.pathComponent)
        switch (hook.kind, outcome) {
        case (_, .passed):
            break
        case (.beforeEach, .failed(let error)):
            fail(element, SpecFailure(path: path, error: error, location: hook.location), reported: reported)
            element.stage = .afterEach(element.layers.count - 1, 0)
        case (.beforeEach, .skipped(let reason)):
            skip(element, reason, declaredAt: hook.location)
            element.runsAfterEach = false
            element.stage = .unwinding(element.layers.count - 1)
        case (_, .failed(let error)):
            fail(element, SpecFailure(path: path, error: error, location: hook.location), reported: reported)
        case (_, .skipped(let reason)):
            recorder.record(SkipRecord(path: path, reason: reason.message, location: reason.location ?? hook.location))
        }
    }

    /// Called when an `aroundEach` hook's body runs, by the one call that
    /// the token's gate let in.
    func enterAround(_ token: AroundToken) {
        let element = token.frame
        element.enteredArounds = element.aroundsBefore(token.layer) + token.level + 1
        element.stage = .around(token.layer, token.level + 1)
    }

    /// Reports how an `aroundEach` hook ended, and what it did with its body.
    func finishAround(_ token: AroundToken, _ outcome: Outcome, _ calls: AroundBodyGate.Calls) {
        finishAround(token.frame, layer: token.layer, level: token.level, outcome, calls, runner: token.runner)
    }

    /// `runner` is the hook's, `nil` for a hook that never ran.
    private func finishAround(
        _ element: ElementFrame, layer: Int, level: Int, _ outcome: Outcome, _ calls: AroundBodyGate.Calls,
        runner: ExampleRunner?
    ) {
        takePosted()
        let hook = element.layers[layer].arounds[level].node
        let path = element.path.steps(appending: hook.pathComponent)
        // `#require` in the hook: its issue, which the hook posted, is the report.
        let posted = !posters.isEmpty && tookPost(from: runner)
        var reported = false
        if posted, case .failed(let error) = outcome { reported = error is any ReportedByFramework }
        for _ in 0..<calls.refused {
            let misuse = AroundEachMisuse(hook: hook.pathComponent, problem: .bodyCalledAgain)
            record(SpecFailure(path: path, error: misuse, location: hook.location), of: element)
        }
        let calledBody = calls.ran
        switch outcome {
        case .passed where !calledBody:
            let misuse = AroundEachMisuse(hook: hook.pathComponent, problem: .bodyNeverCalled)
            record(SpecFailure(path: path, error: misuse, location: hook.location), of: element)
        case .passed:
            break
        case .failed(let error):
            fail(element, SpecFailure(path: path, error: error, location: hook.location), reported: reported)
        case .skipped(let reason) where !calledBody:
            skip(element, reason, declaredAt: hook.location)
            element.runsAfterEach = false
        case .skipped(let reason):
            recorder.record(SkipRecord(path: path, reason: reason.message, location: reason.location ?? hook.location))
        }
        element.enteredArounds = element.aroundsBefore(layer) + level
        element.stage = .unwinding(layer)
    }

    /// Takes back the walks of a ``Instruction/concurrently(_:)``, all
    /// ended: their events reach the observer in declaration order, each
    /// walk's together, as if the elements had run one after another.
    func finishConcurrently(_ walks: [SpecWalk]) {
        let skipped: SkippedInPlace? =
            if case .group(let group) = stack.last { group.node.skippedInPlace } else { nil }
        for (index, walk) in walks.enumerated() {
            if let skipped { report(skipped.before[index]) }
            recorder.absorb(walk.recorder)
            adoptedInboxes.append(walk.inbox)
            adoptedInboxes += walk.adoptedInboxes
        }
        takePosted()
    }

    /// Attributes what was posted since the walk last looked: to its own
    /// inbox, and to those of a concurrent group's elements, whose tasks may
    /// post after those elements' walks ended (late failures of their examples).
    private func takePosted() {
        if let posted = inbox.take() { attribute(posted) }
        for adopted in adoptedInboxes {
            if let posted = adopted.take() { attribute(posted) }
        }
    }

    // MARK: Results

    /// Records the failures taken from the inbox, each for the frame of the
    /// runner that posted it (see FailureInbox.swift).
    private func attribute(_ posted: [FailureInbox.Posted]) {
        for failure in posted {
            switch failure {
            case .made(let failure):
                // An `aroundEach` body called after its hook returned: its element has moved on.
                recorder.record(failure)
            case .recorded(let runner, let error, let location):
                attribute(error, at: location, postedBy: runner)
            }
        }
    }

    private func attribute(_ error: any Error, at location: CodeLocation, postedBy runner: ExampleRunner) {
        switch runner.scope {
        case let element as ElementFrame:
            if let attempts = element.attempts, let run = runner.attempt, run !== attempts.note || element.result != nil
            {
                attribute(error, at: location, postedBy: runner, of: element, in: run, of: attempts)
            } else if let result = element.result {
                let late = runner.latePath
                recorder.record(
                    SpecFailure(path: late, error: LateFailure(error: error, example: late), location: location))
                failLate(element, from: result)
            } else {
                record(SpecFailure(path: runner.path, error: error, location: location), of: element)
                notePoster(runner)
            }
        case let group as GroupFrame where group.isDone:
            let path = runner.path
            recorder.record(
                SpecFailure(path: path, error: LateFailure(error: error, example: path), location: location))
        default:
            recorder.record(SpecFailure(path: runner.path, error: error, location: location))
            notePoster(runner)
        }
    }

    /// Attributes a failure posted from `run` of an example that repeats or
    /// retries, once that run has ended: it is that run's late failure
    /// (contract section 13), never one of a later run.
    ///
    /// - A run that was retried had failed: its late failure joins that
    ///   repetition's failures, held with them while the repetition goes on,
    ///   a warning if the repetition passed on a later attempt, a failure if
    ///   it failed on every attempt (the example has failed already).
    /// - Any other run ended its repetition passing, or it was the example's
    ///   last: the example fails, at once if it has ended, when its current
    ///   run ends otherwise, and it repeats no more.
    private func attribute(
        _ error: any Error, at location: CodeLocation, postedBy runner: ExampleRunner, of element: ElementFrame,
        in run: AttemptNote, of attempts: ExampleAttempts
    ) {
        let path = runner.latePath
        let failure = SpecFailure(
            path: path, error: LateFailure(error: error, example: path, run: run.description), location: location)
        let result = element.result
        if attempts.wasRetried(run) {
            if result == nil, run.repetition == attempts.note.repetition {
                attempts.held.append(failure)
            } else if case .passed = result {
                recorder.notice(
                    SpecNotice(
                        path: element.path.steps(), location: element.node.location,
                        kind: .flaky(passedOn: attempts.note.attempt, attempts: attempts.attempts, failures: [failure]))
                )
            } else {
                recorder.record(failure)
            }
            return
        }
        recorder.record(failure)
        if let result {
            failLate(element, from: result)
        } else {
            attempts.failedLate = attempts.failedLate ?? run
        }
    }

    /// An example that had ended as `result` failed late: its own result,
    /// corrected, never another example's.
    private func failLate(_ element: ElementFrame, from result: ExampleResult) {
        guard case .example = element.node, result != .failed else { return }
        element.result = .failed
        recorder.correct(element.path.steps(), from: result)
    }

    /// Notes that `runner` posted a failure while its closure may still run,
    /// so that an error its framework reported as well is one failure.
    private func notePoster(_ runner: ExampleRunner) {
        if !posters.contains(where: { $0 === runner }) { posters.append(runner) }
    }

    /// Whether `runner` posted a failure that the walk took; forgets it, as its closure has ended.
    private func tookPost(from runner: ExampleRunner?) -> Bool {
        guard let runner, let index = posters.firstIndex(where: { $0 === runner }) else { return false }
        posters.remove(at: index)
        return true
    }

    /// Records a failure of `element` unless its framework `reported` it
    /// already (its closure posted it); either way the element has failed.
    private func fail(
        _ element: ElementFrame, _ failure: SpecFailure, reported: Bool, attempt: AttemptNote? = nil
    ) {
        if reported {
            element.failed = true
        } else {
            record(failure, of: element, attempt: attempt)
        }
    }

    /// Records a failure of `element` (of one of its hooks, or posted by
    /// one), which fails it. An example that repeats or retries says which
    /// run failed; while another attempt may follow, the failure is held
    /// (see ExampleAttempts.swift). `attempt` is the run of a cleanup's
    /// registrant, which is the run that ends now.
    private func record(_ failure: SpecFailure, of element: ElementFrame, attempt: AttemptNote? = nil) {
        element.failed = true
        guard let attempts = element.attempts else { return recorder.record(failure) }
        var noted = failure
        noted.error = AttemptFailure(error: failure.error, note: (attempt ?? attempts.note).description)
        if attempts.holdsFailures { attempts.held.append(noted) } else { recorder.record(noted) }
    }

    /// Decides, when one run of an example that repeats or retries has
    /// unwound, whether it runs again; if so, the element restarts.
    private func runsAgain(_ element: ElementFrame, _ attempts: ExampleAttempts) -> Bool {
        if element.failed, attempts.nextAttempt() {
            element.restart()
            return true
        }
        if element.failed || element.skip != nil || attempts.failedLate != nil {
            // Out of attempts, skipped after a failed attempt (a skip erases no failure), or an
            // earlier repetition failed late.
            if !attempts.held.isEmpty { element.failed = true }
            for failure in attempts.held { recorder.record(failure) }
            attempts.held = []
            if let failing = element.failed ? attempts.note : attempts.failedLate, attempts.repetitions == nil {
                // `until-failure` found what it looked for: say where, for the replay (the host adds the seed).
                recorder.notice(
                    SpecNotice(
                        path: element.path.steps(), location: element.node.location,
                        kind: .repetitionsEnded(
                            "until-failure stopped at the first failure, on repetition \(failing.repetition)")))
            }
            return false
        }
        if attempts.note.attempt > 1 {
            recorder.notice(
                SpecNotice(
                    path: element.path.steps(), location: element.node.location,
                    kind: .flaky(passedOn: attempts.note.attempt, attempts: attempts.attempts, failures: attempts.held))
            )
            attempts.held = []
        }
        if attempts.nextRepetition() {
            element.restart()
            return true
        }
        if let ended = attempts.ended {
            recorder.notice(
                SpecNotice(path: element.path.steps(), location: element.node.location, kind: .repetitionsEnded(ended)))
        }
        return false
    }

    /// Marks `element` skipped. The skip is recorded when the element finishes, and only if its
    /// teardown did not fail meanwhile: when one element both skips and fails, the failure wins.
    private func skip(_ element: ElementFrame, _ reason: SkipReason, declaredAt location: CodeLocation) {
        element.skip = (reason, reason.location ?? location)
    }

    private func finish(_ element: ElementFrame) {
        let result: ExampleResult
        if element.failed || element.attempts?.failedLate != nil {
            result = .failed
        } else if let (reason, location) = element.skip {
            recorder.record(SkipRecord(path: element.path.steps(), reason: reason.message, location: location))
            result = .skipped(reason: reason.message)
        } else {
            result = .passed
        }
        element.result = result
        // A runner of the element that posted from a task after its closure ended is no poster now.
        if !posters.isEmpty { posters.removeAll { $0.scope === element } }
        switch element.node {
        case .example:
            recorder.finishExample(element, result, started: element.started)
        case .group(let group) where !element.bodyStarted:
            // The group never ran: its examples end the way the element did.
            leaveOut(group, under: element.path.steps(), as: result)
        case .group:
            break
        }
    }

    /// Ends the examples of a group that will not run as `result`; those
    /// the plan skips, in their places, as skipped.
    private func leaveOut(_ group: GroupNode<Mode>, under path: [String], as result: ExampleResult) {
        group.plannedExamples(under: path) { path, skipped in
            if let skipped { report([skipped]) } else { recorder.finishExample(path, result) }
        }
    }

    /// Reports examples the plan skips, where they stand.
    private func report(_ skipped: [SkippedExample]) {
        for example in skipped {
            recorder.record(
                SkipRecord(path: example.path, reason: example.reason, location: example.location), planned: true)
            recorder.finishExample(example.path, .skipped(reason: example.reason))
        }
    }

    // MARK: Frames

    private enum Frame {
        case group(GroupFrame)
        case element(ElementFrame)
    }

    /// A closure the walk has handed the driver, until ``finish(_:)`` takes
    /// back its outcome: which closure of which frame, and its runner.
    private struct Pending {
        let closure: Closure
        let runner: ExampleRunner
    }

    /// Which closure of a frame runs.
    private enum Closure {
        case groupHook(GroupFrame, HookRef)
        case elementHook(ElementFrame, HookRef)
        case example(ElementFrame)
        case elementCleanup(ElementFrame, RunScope.Cleanup)
        case groupCleanup(GroupFrame, RunScope.Cleanup)
    }

    /// A hook, shared by reference: the walk hands hooks around for every
    /// example, and a reference costs one retain where a node costs one per field.
    ///
    /// `@unchecked Sendable`: it never changes, and the runners of the hook,
    /// which go to any task, see it only as its ``location`` and
    /// ``pathComponent``, Sendable values; its closures are called by the walk's driver alone.
    fileprivate final class HookRef: RunnerHook, @unchecked Sendable {
        let node: HookNode<Mode>

        init(_ node: HookNode<Mode>) {
            self.node = node
        }

        var location: CodeLocation { node.location }

        var pathComponent: String { node.pathComponent }
    }

    /// One layer of the each-hooks around an element: its `aroundEach` hooks
    /// wrap its `beforeEach` hooks, the inner layers and its `afterEach` hooks.
    fileprivate struct EachHooks {
        var arounds: [HookRef] = []
        var befores: [HookRef] = []
        var afters: [HookRef] = []

        var isEmpty: Bool { arounds.isEmpty && befores.isEmpty && afters.isEmpty }

        /// No hooks.
        init() {}

        /// The each-hooks of `content` that `keep` accepts.
        init(_ content: GroupContent<Mode>, where keep: (HookNode<Mode>) -> Bool) {
            arounds = content.hooks(.aroundEach).filter(keep).map(HookRef.init)
            befores = content.hooks(.beforeEach).filter(keep).map(HookRef.init)
            afters = content.hooks(.afterEach).filter(keep).map(HookRef.init)
        }
    }

    // `@unchecked Sendable`, inherited from RunScope: a frame is handed to
    // runners only as its RunScope and its immutable path and location; the
    // frame's own state is touched by the walk alone, on one task.
    fileprivate final class GroupFrame: RunScope, RunnerFrame, @unchecked Sendable {
        override var runnerFrame: (any RunnerFrame)? { self }

        enum Stage {
            case beforeAll(Int)
            case elements(Int)
            case afterAll(Int)
            case done
        }
        let node: GroupNode<Mode>
        let path: PathNode
        var stage = Stage.beforeAll(0)
        let beforeAll: [HookRef]
        let afterAll: [HookRef]
        /// The every-example hooks of the groups above this one, outermost first.
        let inherited: [EachHooks]
        /// The each-hooks around an example of this group: all of them.
        let forExamples: EachHooks
        /// The each-hooks around a nested group: those that are not every-example.
        let forGroups: EachHooks
        /// What a nested group inherits: ``inherited`` and this group's every-example hooks.
        let childInherited: [EachHooks]
        /// The layers around an example of this group, and around a nested
        /// group, with an empty first layer for the element's scopes; shared
        /// by the elements that have none.
        let exampleLayers: [EachHooks]
        let groupLayers: [EachHooks]

        /// How the examples below run beyond once: the run's settings, with
        /// this group's and its ancestors' traits, the innermost winning.
        let attemptPlan: AttemptPlan?

        init(
            group: GroupNode<Mode>, path: PathNode, inherited: [EachHooks], inbox: FailureInbox,
            attemptPlan: AttemptPlan?
        ) {
            node = group
            self.path = path
            self.attemptPlan = AttemptPlan.merging(attemptPlan, (group.marks.repetitions, group.marks.retries))
            beforeAll = group.content.hooks(.beforeAll).map(HookRef.init)
            afterAll = group.content.hooks(.afterAll).map(HookRef.init)
            self.inherited = inherited
            forExamples = EachHooks(group.content) { _ in true }
            let everyExample = EachHooks(group.content) { $0.isEveryExample }
            if everyExample.isEmpty {
                forGroups = forExamples
                childInherited = inherited
            } else {
                forGroups = EachHooks(group.content) { !$0.isEveryExample }
                childInherited = inherited + [everyExample]
            }
            exampleLayers = [EachHooks()] + inherited + [forExamples]
            groupLayers = [EachHooks(), forGroups]
            super.init(kind: .group, isAsynchronous: Mode.self == Asynchronous.self, inbox: inbox)
        }

        /// Whether the group has ended: a failure posted now is late. Not
        /// before its cleanups have run, which they do in `done`: a failure
        /// one of them posts is theirs, and a `#require` there is one failure.
        var isDone: Bool {
            if case .done = stage { return isClosed }
            return false
        }

        /// The group's path, from immutable parts only: runners of its hooks read it from any task.
        func steps(appending extra: String?) -> [String] {
            path.steps(appending: extra)
        }

        /// Where the group was declared.
        var location: CodeLocation { node.location }
    }

    // `@unchecked Sendable` for the same reason as GroupFrame.
    fileprivate final class ElementFrame: RunScope, RunnerFrame, @unchecked Sendable {
        override var runnerFrame: (any RunnerFrame)? { self }

        /// `layer` indexes ``layers``; `unwinding` returns from the layer's
        /// entered `aroundEach` hooks, then moves to the next layer out.
        enum Stage {
            case around(Int, Int)
            case beforeEach(Int, Int)
            case body
            case afterEach(Int, Int)
            case unwinding(Int)
            case waitingForAround
        }
        let node: ElementNode<Mode>
        let parent: GroupFrame
        /// The element's path as a chain, made the first time the walk needs
        /// it (a nested group, a failure, a report): runners read their path
        /// through the frame itself (see ``steps(appending:)``), so an example
        /// that passes makes none. Only the walk reads it.
        var path: PathNode {
            if let madePath { return madePath }
            let made = PathNode(node.description, parent: parent.path)
            madePath = made
            return made
        }
        private var madePath: PathNode?
        /// What runs around the element, outermost first: its own scopes; for
        /// an example, the every-example hooks of the groups above its own;
        /// its group's each-hooks.
        let layers: [EachHooks]
        /// When the element started, if the run reports durations: as read
        /// by its walk's recorder (see ``Recorder/elapsed()``).
        let started: Duration?
        var stage = Stage.around(0, 0)
        /// How many `aroundEach` hooks, counted across the layers from the
        /// outermost, have called their body and not yet returned.
        var enteredArounds = 0
        /// False once a skip in a `beforeEach` or `aroundEach` hook means no
        /// `afterEach` hook runs.
        var runsAfterEach = true
        var bodyStarted = false
        /// Whether this run's cleanups have run and its scope is closed.
        var cleanedUp = false
        var failed = false
        /// Why and where the element skipped, until it finishes (see `skip(_:_:declaredAt:)`).
        var skip: (reason: SkipReason, location: CodeLocation)?
        /// How the element ended, once it has: a failure posted after that is late.
        var result: ExampleResult?
        /// Where an example that repeats or retries is; `nil` for every other element.
        let attempts: ExampleAttempts?
        /// Whether the element itself says `.repeated` or `.retries`.
        let hasAttemptTraits: Bool

        /// `attemptMarks` are the node's, read where the walk is specialised
        /// for its mode: reading them here would copy the node.
        init(
            node: ElementNode<Mode>, parent: GroupFrame, started: Duration?, inbox: FailureInbox,
            attemptMarks marks: (repetitions: Int?, retries: Int?)
        ) {
            self.parent = parent
            self.started = started
            let shared =
                switch node {
                case .example: parent.exampleLayers
                case .group: parent.groupLayers
                }
            if !node.hasScopes {
                layers = shared
            } else {
                var scoped = shared
                scoped[0].arounds = node.scopes.map { scope in
                    HookRef(
                        HookNode<Mode>(
                            kind: .aroundEach, name: scope.name, location: node.location,
                            body: .around(Mode.around(for: scope))))
                }
                layers = scoped
            }
            hasAttemptTraits = marks.repetitions != nil || marks.retries != nil
            let kind: RunScope.Kind
            switch node {
            case .example:
                kind = .example
                let plan = hasAttemptTraits ? AttemptPlan.merging(parent.attemptPlan, marks) : parent.attemptPlan
                if let plan, plan.runsMoreThanOnce { attempts = ExampleAttempts(plan) } else { attempts = nil }
            case .group(let group):
                kind = .groupElement(group.description)
                attempts = nil
            }
            self.node = node
            super.init(kind: kind, isAsynchronous: Mode.self == Asynchronous.self, inbox: inbox)
        }

        /// Where the element was declared: its example runner's location.
        var location: CodeLocation { node.location }

        /// The element's path, from immutable parts only: runners read it
        /// from any task.
        func steps(appending extra: String?) -> [String] {
            var steps = parent.path.steps(appending: node.description)
            if let extra { steps.append(extra) }
            return steps
        }

        /// Back to the first stage, for the next run of an example that repeats or retries.
        func restart() {
            stage = .around(0, 0)
            enteredArounds = 0
            runsAfterEach = true
            bodyStarted = false
            cleanedUp = false
            failed = false
            skip = nil
            reopen()
        }

        /// How many `aroundEach` hooks the layers before `layer` hold.
        func aroundsBefore(_ layer: Int) -> Int {
            var count = 0
            for index in 0..<layer { count += layers[index].arounds.count }
            return count
        }
    }
}

/// Collects the report and passes every event on to the observer.
///
/// Only its walk uses it, on the walk's task (and, once a concurrent group's
/// walks have ended, the walk that absorbs them).
private final class Recorder {
    private(set) var report = SpecReport()
    /// How many of the report's first skips the plan made.
    private var plannedSkips = 0
    private let observer: ((SpecEvent) -> Void)?
    /// The events of a walk that runs one element of a concurrent group,
    /// kept for ``absorb(_:)``: such a walk has no observer of its own.
    private var kept: [SpecEvent] = []
    /// Whether the observer wants the events that only say how far the run
    /// has come (groups and examples starting and finishing), which the walk
    /// then builds; failures and skips always reach it.
    let progress: Bool

    init(observer: @escaping (SpecEvent) -> Void, progress: Bool) {
        self.observer = observer
        self.progress = progress
    }

    /// A recorder that keeps its events instead of passing them on.
    init(buffering progress: Bool) {
        observer = nil
        self.progress = progress
    }

    /// When the recorder was made, or its walk got a slot in a concurrent
    /// group (``restartClock()``): what ``elapsed()`` counts from.
    private var epoch = ContinuousClock.now

    /// Counts ``elapsed()`` from now.
    func restartClock() {
        epoch = .now
    }

    /// The time since the recorder was made, if the observer wants durations
    /// (``progress``); `nil` otherwise. An element keeps its start as this
    /// duration rather than as a `ContinuousClock.Instant`: the instant's
    /// layout is opaque outside the standard library, so every frame would
    /// copy and destroy it, even when `nil`, through its value witnesses.
    func elapsed() -> Duration? {
        progress ? sinceEpoch() : nil
    }

    /// Out of line: where it is inlined, the caller makes room for an
    /// instant of the opaque layout (a metadata lookup) even when it does
    /// not read the clock.
    @inline(never)
    private func sinceEpoch() -> Duration {
        epoch.duration(to: .now)
    }

    /// Passes `event` on to the walk's listener, or keeps it when the walk has none.
    func emit(_ event: SpecEvent) {
        if let observer { observer(event) } else { kept.append(event) }
    }

    /// Takes in what `other` recorded, and passes its events on in their order.
    func absorb(_ other: Recorder) {
        report.failures += other.report.failures
        report.skips.insert(contentsOf: other.report.skips.prefix(other.plannedSkips), at: plannedSkips)
        report.skips += other.report.skips.dropFirst(other.plannedSkips)
        plannedSkips += other.plannedSkips
        report.passedCount += other.report.passedCount
        report.failedCount += other.report.failedCount
        report.skippedCount += other.report.skippedCount
        report.notices += other.report.notices
        for event in other.kept { emit(event) }
    }

    func record(_ failure: SpecFailure) {
        report.failures.append(failure)
        emit(.failed(failure))
    }

    /// A skip of the run; one the plan made (`planned`) is reported where
    /// it stands, and listed in the report before those of closures.
    func record(_ skip: SkipRecord, planned: Bool = false) {
        if planned {
            report.skips.insert(skip, at: plannedSkips)
            plannedSkips += 1
        } else {
            report.skips.append(skip)
        }
        emit(.skipped(skip))
    }

    func notice(_ notice: SpecNotice) {
        report.notices.append(notice)
        emit(.noticed(notice))
    }

    /// An example counted as `result` failed late: it counts as failed, and is no skip.
    func correct(_ path: [String], from result: ExampleResult) {
        switch result {
        case .passed: report.passedCount -= 1
        case .skipped:
            report.skippedCount -= 1
            plannedSkips -= report.skips.prefix(plannedSkips).count { $0.path == path }
            report.skips.removeAll { $0.path == path }
        case .failed: return
        }
        report.failedCount += 1
    }

    func filteredOut(_ count: Int) {
        report.filteredOutCount = count
    }

    func finishExample(_ path: [String], _ result: ExampleResult) {
        report.count(result)
        if progress { emit(.exampleFinished(path: path, result: result, duration: .zero)) }
    }

    func finishExample(_ path: any PathSource, _ result: ExampleResult, started: Duration?) {
        report.count(result)
        guard progress else { return }
        let duration = if let started, let now = elapsed() { now - started } else { Duration.zero }
        emit(.exampleFinished(path: path.steps(appending: nil), result: result, duration: duration))
    }
}
