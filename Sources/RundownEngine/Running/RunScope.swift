import Foundation

// What the closures of one element (or the `beforeAll`/`afterAll` hooks of one
// group) share while they run: the fresh values made for it, the cleanups
// registered in it, and the misuses found on the way.
//
// Invariants. The walk's frames are scopes themselves (an example's or a
// nested group's element frame, a group's frame), so a run that uses none of
// this allocates nothing for it. What user code touches, through the scope of
// `ExampleRunner.current`, lives in `shared`, made on first use and guarded by
// a lock it shares with other scopes (one of a few, by address): each
// critical section is a few loads and stores, never user code, so the lock is
// never held across a call out (a value's `deinit` included: values are
// dropped after the lock is released). The walk closes a scope once, when its
// element (or group) ends: it takes the
// cleanups one at a time, last registered first, and then the failures
// recorded meanwhile; after that, a fresh value or a cleanup asked of the
// scope is refused, because nobody would run or discard it.

/// The state the closures of one element, or the all-hooks of one group,
/// share while they run: fresh values, cleanups, and misuses to report.
///
/// The engine's walk makes one for each example, nested group and group it
/// runs; ``ExampleRunner/scope`` is the one a closure runs in.
///
/// `@unchecked Sendable` is safe because everything a closure or another
/// task may touch (``Shared``, `closed` and the closure running, with its
/// runner) is only read or written under ``lock``; `kind` and
/// `isAsynchronous` never change. Subclasses are the
/// walk's frames: their own state is touched only by the walk, never
/// through a `RunScope` reference.
package class RunScope: FailureOwner, RunnerSource, @unchecked Sendable {
    /// What the closures running in a scope are for.
    package enum Kind: Sendable {
        /// An example, with its each-hooks: fresh values belong here.
        case example
        /// A nested group as one element of its parent: the parent's
        /// per-element each-hooks run once around the whole group.
        case groupElement(String)
        /// A group's `beforeAll` and `afterAll` hooks.
        case group
    }

    /// A cleanup registered with `deferCleanup`.
    ///
    /// A class, so that the walk's pending closure stays one reference wide.
    package final class Cleanup {
        /// A cleanup's closure.
        package enum Body {
            case sync(() throws -> Void)
            /// Only an asynchronous spec can run it.
            case async(() async throws -> Void)
        }

        /// The closure.
        package let body: Body
        /// Where `deferCleanup` was called.
        package let location: CodeLocation
        /// The element or hook that registered it, whose failure an error of it is.
        package let registrant: ExampleRunner

        /// Creates a cleanup.
        package init(body: Body, location: CodeLocation, registrant: ExampleRunner) {
            self.body = body
            self.location = location
            self.registrant = registrant
        }
    }

    /// What a fresh value's lookup found.
    package enum Lookup {
        /// The value made for this example.
        case found(Any)
        /// No value yet: make one and ``store(_:for:)`` it.
        case absent
        /// The scope is not an example's: nothing is kept.
        case notAnExample(Kind)
        /// The example has ended.
        case closed
    }

    private final class Shared {
        var values: [ObjectIdentifier: Any] = [:]
        var cleanups: [Cleanup] = []
        var failures: [SpecFailure] = []
        /// The misuses recorded already, so that each is reported once.
        var misuses: Set<String> = []
    }

    /// This scope's lock: one shared with a few other scopes (see ScopeLock.swift).
    private var lock: ScopeLock { ScopeLock(guarding: self) }

    package let kind: Kind
    /// Whether the scope's engine runs `async` closures.
    package let isAsynchronous: Bool
    // Read and written only under `lock` (`closedByWalk` only by the walk),
    // so the dynamic exclusivity checks the compiler adds to a class's stored
    // properties, which it cannot prove apart, are left out: two of them at
    // every example, for accesses that can never overlap.
    @exclusivity(unchecked) private var shared: Shared?
    @exclusivity(unchecked) private var closed = false
    /// Whether the walk has closed the scope; only the walk reads or writes it.
    @exclusivity(unchecked) package var closedByWalk = false
    // The closure running in the frame (nothing before the first: `begun`),
    // its runner once asked for, and whether the frame has ended (see
    // RunningClosure.swift); under `lock`. The hook is not retained: the
    // frame's own arrays hold every hook of its closures for as long as the
    // frame lives, and these fields live in the frame.
    @exclusivity(unchecked) private var begun = false
    @exclusivity(unchecked) private var role = ExampleRunner.Role.example
    @exclusivity(unchecked) private unowned(unsafe) var hook: RunnerHook?
    @exclusivity(unchecked) private var attempt: AttemptNote?
    @exclusivity(unchecked) private var given: ExampleRunner.Given?
    @exclusivity(unchecked) private var runner: ExampleRunner?
    @exclusivity(unchecked) private var ended = false

    package init(kind: Kind, isAsynchronous: Bool, inbox: FailureInbox) {
        self.kind = kind
        self.isAsynchronous = isAsynchronous
        super.init(inbox: inbox)
    }

    private func withShared<Result>(_ body: (Shared) -> Result) -> Result? {
        lock.lock()
        defer { lock.unlock() }
        guard !closed else { return nil }
        let state: Shared
        if let shared {
            state = shared
        } else {
            state = Shared()
            shared = state
        }
        return body(state)
    }

    // MARK: What closures ask

    /// The fresh value kept for `key`, if the scope keeps one.
    package func lookUp(_ key: ObjectIdentifier) -> Lookup {
        if case .example = kind {} else { return .notAnExample(kind) }
        lock.lock()
        defer { lock.unlock() }
        guard !closed else { return .closed }
        guard let value = shared?.values[key] else { return .absent }
        return .found(value)
    }

    /// Keeps `value` for `key` unless another task kept one first, and
    /// returns the one kept; `nil` if the example has ended.
    package func store(_ value: Any, for key: ObjectIdentifier, replacing: Bool = false) -> Any? {
        withShared { shared in
            if !replacing, let kept = shared.values[key] { return kept }
            shared.values[key] = value
            return value
        }
    }

    /// Registers a cleanup; `false` if the scope has ended.
    package func register(_ cleanup: Cleanup) -> Bool {
        let registered: Bool? = withShared { shared in
            shared.cleanups.append(cleanup)
            return true
        }
        return registered != nil
    }

    /// Records a misuse as a failure the walk reports when the closure or
    /// the element ends; a misuse with the same `key` is recorded once.
    /// `false` if the scope has ended, and nobody would report it.
    package func record(_ failure: SpecFailure, once key: String) -> Bool {
        let recorded: Bool? = withShared { shared in
            if shared.misuses.insert(key).inserted { shared.failures.append(failure) }
            return true
        }
        return recorded != nil
    }

    // MARK: What the walk asks

    /// How a scope ends, one step at a time.
    enum Ending {
        /// A cleanup to run, the one registered last.
        case cleanup(Cleanup)
        /// No cleanup was left, so the scope is closed: the failures
        /// recorded and not yet taken, and the values to drop once the
        /// lock is released.
        case closed(failures: [SpecFailure], dropped: AnyObject?)
    }

    /// The cleanup registered last and not yet run; when none is left,
    /// closes the scope. One lock for a scope that nothing used.
    func nextCleanupOrClose() -> Ending {
        lock.lock()
        defer { lock.unlock() }
        if let cleanup = shared?.cleanups.popLast() { return .cleanup(cleanup) }
        closed = true
        closedByWalk = true
        guard let state = shared else { return .closed(failures: [], dropped: nil) }
        shared = nil
        return .closed(failures: state.failures, dropped: state)
    }

    /// Opens the closed scope again, empty, for another run of its example
    /// (a repetition or a retry: see ExampleAttempts.swift), so that the
    /// next run makes its own fresh values and runs its own cleanups. Only
    /// the walk calls it, once it has closed the scope. A task of the earlier
    /// run that asks the scope after this is taken for the next run's.
    func reopen() {
        lock.lock()
        defer { lock.unlock() }
        closed = false
        closedByWalk = false
    }

    // MARK: The closure running in the frame

    /// The runner of the closure the frame runs now, made when first asked;
    /// `nil` before the frame's first closure, and for a scope that is not a frame.
    package var runningRunner: ExampleRunner? {
        lock.lock()
        defer { lock.unlock() }
        return runningRunnerLocked()
    }

    /// What a task of one run of an example that repeats or retries sees
    /// (an ``AttemptSource``): while `run` goes on, the runner of the
    /// closure running now; once the example has moved on to another run,
    /// the example's own, with `run`'s note, so that a failure it posts says
    /// which run made it.
    func runningRunner(ofRun run: AttemptNote) -> ExampleRunner? {
        lock.lock()
        defer { lock.unlock() }
        guard begun, attempt !== run else { return runningRunnerLocked() }
        return runner(of: ClosureParts(role: .example, hook: nil, attempt: run))
    }

    /// ``runningRunner``, with ``lock`` held.
    private func runningRunnerLocked() -> ExampleRunner? {
        if let runner { return runner }
        guard begun, let made = runner(of: ClosureParts(role: role, hook: hook, attempt: attempt, given: given)) else {
            return nil
        }
        // Kept only while the frame runs: the runner holds its frame.
        if !ended { runner = made }
        return made
    }

    /// This scope as a frame of the walk, if it is one: the frames say so,
    /// where `self as? any RunnerFrame` made the runtime look the
    /// conformance up among every conformance record of the process.
    var runnerFrame: (any RunnerFrame)? { nil }

    /// A runner of `closure` in this scope, if the scope is a frame of the walk.
    private func runner(of closure: ClosureParts) -> ExampleRunner? {
        guard let frame = runnerFrame else { return nil }
        return ExampleRunner(frame: frame, parts: closure)
    }

    /// The next closure of the frame starts: its role, its hook (`nil` for
    /// the element itself), which run of its example it belongs to, and for
    /// a cleanup, where it was registered. `hook` must be one that the
    /// frame holds (see the stored properties). Inlined into the walk, so
    /// that passing the hook costs no retain and release.
    @inline(__always)
    func begin(
        _ role: ExampleRunner.Role, hook: RunnerHook?, attempt: AttemptNote?,
        given: ExampleRunner.Given? = nil
    ) {
        lock.lock()
        begun = true
        self.role = role
        self.hook = hook
        self.attempt = attempt
        self.given = given
        let previous = runner
        runner = nil
        lock.unlock()
        // Released after the lock: the last reference to a runner may be this one.
        _ = consume previous
    }

    /// The runner that the closure running now was asked for, if it was:
    /// the one each failure it posted names.
    func askedRunner() -> ExampleRunner? {
        lock.lock()
        defer { lock.unlock() }
        return runner
    }

    /// The frame has ended: its runner is no longer kept, and a task that
    /// asks from now on gets one of its own: for an example, of the example
    /// itself, whichever of its closures started the task (a late failure
    /// names the example). (The other frames' closures, and `aroundEach`
    /// hooks, bind their own runners: their tasks do not ask the frame.)
    func endClosures() {
        lock.lock()
        ended = true
        if case .example = kind {
            role = .example
            hook = nil
            given = nil
        }
        let previous = runner
        runner = nil
        lock.unlock()
        _ = consume previous
    }

    /// The failures recorded since the last call.
    func takeFailures() -> [SpecFailure] {
        lock.lock()
        defer { lock.unlock() }
        guard let shared, !shared.failures.isEmpty else { return [] }
        defer { shared.failures = [] }
        return shared.failures
    }
}

extension RunScope.Cleanup {
    /// The closure as `Mode` runs it, or `nil` for an `async` one in a synchronous spec.
    func body<Mode: ExecutionMode>(for _: Mode.Type) -> Mode.Body? {
        switch body {
        case .sync(let cleanup):
            if Mode.self == Synchronous.self { return Synchronous.Body(cleanup) as? Mode.Body }
            return Asynchronous.Body(synchronous: cleanup) as? Mode.Body
        case .async(let cleanup):
            return Asynchronous.Body(cleanup) as? Mode.Body
        }
    }
}
