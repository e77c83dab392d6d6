// What the closures of one element (or the `beforeAll`/`afterAll` hooks of one
// group) share while they run: the fresh values made for it, the cleanups
// registered in it, and the misuses found on the way.
//
// Invariants. The walk's frames are states themselves (an example's or a
// nested group's element frame, a group's frame), so a run that uses none of
// this allocates nothing for it. What user code touches, through the state of
// `ExampleRunner.current`, from any task, is made on first use and kept
// behind a lock that all the states of one walk share (`StateLock`, one
// `Protected` per walk): each critical section is a few loads and stores,
// never user code, so the lock is never held across a call out (a value's
// `deinit` included: values replaced or dropped are released after the lock
// is), and states of one walk never run at once but through tasks their
// closures left running. The walk closes a state once its element (or group)
// ends: it takes the cleanups one at a time, last registered first, and then
// the misuses noted meanwhile; after that, a fresh value or a cleanup
// asked of the state is refused, because nobody would run or discard it. An
// example that runs again (a repetition, a retry) opens its state again,
// empty.

/// The state the closures of one element, or the all-hooks of one group,
/// share while they run: fresh values, cleanups, and misuses to report.
///
/// The engine's walk makes one for each example, nested group and group it
/// runs; ``ExampleRunner/state`` is the one a closure runs in.
///
/// `@unchecked Sendable` is safe because `shared` and `closed`, the only
/// state a closure or another task may touch, are only read or written inside
/// `lock.withLock`, and the `let`s never change. Subclasses are the walk's
/// frames, whose own state only the walk touches, on its task, never through
/// a `ElementState` reference.
package class ElementState: @unchecked Sendable {
    /// What the closures running in a state are for.
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
        /// No value yet: make one and ``store(_:for:replacing:)`` it.
        case absent
        /// The state is not an example's: nothing is kept.
        case notAnExample(Kind)
        /// The example has ended.
        case closed
    }

    /// What closures and their tasks share, made on first use.
    private final class Shared {
        var values: [ObjectIdentifier: Any] = [:]
        var cleanups: [Cleanup] = []
        var failures: [SpecFailure] = []
        /// The misuses noted already, so that each is reported once.
        var misuses: Set<String> = []
    }

    package let kind: Kind
    /// Whether the state's engine runs `async` closures.
    package let isAsynchronous: Bool
    /// The inbox of the run the state belongs to: where what its closures
    /// post goes, and where the walk looks for it.
    let inbox: FailureInbox
    /// The lock of the walk's states, which guards `shared` and `closed`.
    private let lock: StateLock
    private var shared: Shared?
    private var closed = false

    init(kind: Kind, isAsynchronous: Bool, inbox: FailureInbox, lock: StateLock) {
        self.kind = kind
        self.isAsynchronous = isAsynchronous
        self.inbox = inbox
        self.lock = lock
    }

    /// Runs `body` with what closures share, made if need be, under the
    /// lock; `nil` if the state has closed.
    private func withShared<Result>(_ body: (Shared) -> Result) -> Result? {
        lock.withLock { _ in
            guard !closed else { return nil }
            if let shared { return body(shared) }
            let made = Shared()
            shared = made
            return body(made)
        }
    }

    // MARK: What closures ask

    /// The fresh value kept for `key`, if the state keeps one.
    package func lookUp(_ key: ObjectIdentifier) -> Lookup {
        if case .example = kind {} else { return .notAnExample(kind) }
        return lock.withLock { _ in
            guard !closed else { return .closed }
            guard let value = shared?.values[key] else { return .absent }
            return .found(value)
        }
    }

    /// Keeps `value` for `key` unless another task kept one first (or
    /// `replacing`), and returns the one kept; `nil` if the example has ended.
    package func store(_ value: Any, for key: ObjectIdentifier, replacing: Bool = false) -> Any? {
        let stored: (kept: Any, replaced: Any?)? = withShared { shared in
            if !replacing, let kept = shared.values[key] { return (kept, nil) }
            return (value, shared.values.updateValue(value, forKey: key))
        }
        // The value replaced is released here, after the lock: its `deinit` may ask the state again.
        return stored?.kept
    }

    /// Registers a cleanup; `false` if the state has ended.
    package func register(_ cleanup: Cleanup) -> Bool {
        let registered: Void? = withShared { $0.cleanups.append(cleanup) }
        return registered != nil
    }

    /// Notes a misuse as a failure the walk reports when the closure or
    /// the element ends; a misuse with the same `key` is noted once.
    /// `false` if the state has ended, and nobody would report it.
    package func noteMisuse(_ failure: SpecFailure, once key: String) -> Bool {
        let noted: Void? = withShared { shared in
            if shared.misuses.insert(key).inserted { shared.failures.append(failure) }
        }
        return noted != nil
    }

    // MARK: What the walk asks

    /// How a state ends, one step at a time.
    enum Ending {
        /// A cleanup to run, the one registered last.
        case cleanup(Cleanup)
        /// No cleanup was left, so the state is closed: the failures
        /// noted and not yet taken.
        case closed(failures: [SpecFailure])
    }

    /// The cleanup registered last and not yet run; when none is left,
    /// closes the state (again, if it is closed already: nothing is left).
    /// One lock for a state that nothing used.
    func nextCleanupOrClose() -> Ending {
        let (ending, dropped): (Ending, Shared?) = lock.withLock { _ in
            if let cleanup = shared?.cleanups.popLast() { return (.cleanup(cleanup), nil) }
            closed = true
            guard let state = shared else { return (.closed(failures: []), nil) }
            shared = nil
            return (.closed(failures: state.failures), state)
        }
        // The fresh values go here, after the lock: a `deinit` may ask the state again.
        _ = consume dropped
        return ending
    }

    /// Whether the walk has closed the state.
    var isClosed: Bool {
        lock.withLock { _ in closed }
    }

    /// Opens the closed state again, empty, for another run of its example
    /// (a repetition or a retry: see ExampleAttempts.swift), so that the
    /// next run makes its own fresh values and runs its own cleanups. Only
    /// the walk calls it, once it has closed the state. A task of the earlier
    /// run that asks the state after this is taken for the next run's.
    func reopen() {
        lock.withLock { _ in closed = false }
    }

    /// The misuses noted since the last call.
    func takeFailures() -> [SpecFailure] {
        lock.withLock { _ in
            guard let shared, !shared.failures.isEmpty else { return [] }
            defer { shared.failures = [] }
            return shared.failures
        }
    }

    /// This state as a frame of the walk, if it is one: the frames say so,
    /// where `self as? any RunnerFrame` made the runtime look the
    /// conformance up among every conformance record of the process.
    var runnerFrame: (any RunnerFrame)? { nil }
}

extension ElementState.Cleanup {
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

/// The lock the states of one walk share (see the account at the top of
/// this file): one per walk rather than one per state, which would cost a
/// lock's allocations at every example.
typealias StateLock = Protected<Void>
