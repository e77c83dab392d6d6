import RundownCore

/// A named point where code under test stops until the test lets it continue.
///
/// Races live between suspension points, and sleeping in a test only makes the bad interleaving
/// *likely*. A gate makes it certain: the code under test (usually a test double) calls
/// ``arrive(within:)`` and parks; the test waits with ``waitUntilParked(count:within:)`` until the
/// code is parked, does whatever must happen in the middle, and then calls ``open()``.
///
/// ```swift
/// let response = Gate("load-more response")
/// await service.holdResponses { offset in
///     if offset > 0 { try await response.arrive() }
/// }
/// let loading = Task { await pager.loadMore() }
/// try await response.waitUntilParked()
/// await pager.refresh()          // runs while load-more waits for its response
/// response.open()
/// await loading.value
/// ```
///
/// Both waits have a deadline. A gate that is never reached, or never opened, throws
/// ``GateError`` naming the gate and what was awaited, instead of hanging the test run.
public final class Gate: Sendable {
    /// What ``Gate/open()`` does to arrivals that come later.
    public enum Kind: Sendable, Equatable {
        /// Opening is permanent: arrivals after ``Gate/open()`` pass straight through.
        case oneShot
        /// Opening releases only the arrivals parked at that moment; later ones park again.
        case reusable
    }

    /// The name that error messages quote.
    public let name: String
    /// Whether opening is permanent or releases one batch of arrivals.
    public let kind: Kind
    /// How long a wait lasts when the call does not give its own limit.
    public let timeout: Duration

    let state = Protected(State())

    /// Creates a closed gate.
    ///
    /// - Parameters:
    ///   - name: A label that identifies the gate in failure messages.
    ///   - kind: ``Kind/oneShot`` (the default) or ``Kind/reusable``.
    ///   - timeout: The default deadline for ``arrive(within:)`` and
    ///     ``waitUntilParked(count:within:)``; `nil` means 10 seconds times `RUNDOWN_TIMEOUT_SCALE`,
    ///     long enough never to fire in a passing test. A value that is not more than zero makes
    ///     every wait at this gate throw ``InvalidArgumentError``.
    public init(_ name: String, kind: Kind = .oneShot, timeout: Duration? = nil) {
        self.name = name
        self.kind = kind
        self.timeout = timeout ?? TimeoutScale.scaled(.seconds(10))
    }

    /// The number of callers parked at the gate right now.
    public var parkedCount: Int {
        state.withLock { $0.parked.count }
    }

    /// The number of calls to ``arrive(within:)`` so far, parked or not.
    public var arrivalCount: Int {
        state.withLock { $0.arrivals }
    }

    /// Whether a one-shot gate has been opened. A reusable gate never stays open.
    public var isOpen: Bool {
        state.withLock { $0.isOpen }
    }

    /// Parks the calling task at the gate until the test calls ``open()``.
    ///
    /// A one-shot gate that is already open lets the caller through at once.
    ///
    /// - Parameter timeout: How long to stay parked; `nil` uses the gate's ``timeout``.
    /// - Throws: ``GateError/neverOpened(gate:waited:progressReport:)`` when the deadline passes, or
    ///   `CancellationError` if the task is cancelled; either way the caller is no longer parked.
    ///   ``InvalidArgumentError`` if the timeout is not more than zero.
    public func arrive(within timeout: Duration? = nil) async throws {
        let limit = timeout ?? self.timeout
        try InvalidArgumentError.checkTimeout(limit, in: "Gate '\(name)'.arrive(within:)")
        let id: UInt64? = state.withLock { state in
            state.arrivals += 1
            return state.isOpen ? nil : state.nextID()
        }
        guard let id else { return }
        let name = self.name
        let party = WaitingParty.current
        let note = WaitReporting.note { [self] in describeArrival(id) }
        defer { note.end() }
        // A wait given its own deadline is a wall-time wait, and keeps its step inside `explore`.
        if timeout == nil, let controlled = ControlledTask.takingStep {
            await arriveInRun(id, party: party, as: controlled)
        }
        try await parkUntilAnswered(
            id, in: state, within: limit, answered: \.released,
            isAnswered: { $0.isOpen },
            enqueue: { state, continuation in
                state.parked.append(State.Parked(id: id, party: party, continuation: continuation))
                return state.watchers.satisfied(by: state.parked.count)
            },
            dequeue: { state in
                guard let index = state.parked.firstIndex(where: { $0.id == id }) else { return nil }
                return state.parked.remove(at: index).continuation
            },
            timedOut: { _ in GateError.neverOpened(gate: name, waited: limit) }
        )
    }

    /// Suspends until at least `count` callers are parked at the gate.
    ///
    /// No polling is involved: the last of the `count` arrivals resumes the waiter.
    ///
    /// - Parameters:
    ///   - count: How many parked callers to wait for.
    ///   - timeout: How long to wait; `nil` uses the gate's ``timeout``.
    /// - Throws: ``GateError/notReached(gate:expected:parked:arrivals:waited:progressReport:)`` when the deadline
    ///   passes, `CancellationError` if the task is cancelled, or ``InvalidArgumentError`` if
    ///   `count` is less than 1 or the timeout is not more than zero.
    public func waitUntilParked(count: Int = 1, within timeout: Duration? = nil) async throws {
        let limit = timeout ?? self.timeout
        try InvalidArgumentError.checkCount(count, in: "Gate '\(name)'.waitUntilParked(count:within:)")
        try InvalidArgumentError.checkTimeout(limit, in: "Gate '\(name)'.waitUntilParked(count:within:)")
        let name = self.name
        let id: UInt64 = state.withLock { $0.nextID() }
        let note = WaitReporting.note { [self] in describeWatch(count) }
        defer { note.end() }
        if timeout == nil, let controlled = ControlledTask.takingStep {
            await watchInRun(count, as: controlled)
        }
        try await parkUntilAnswered(
            id, in: state, within: limit, answered: \.watchers.answered,
            isAnswered: { $0.parked.count >= count },
            enqueue: { state, continuation in
                state.watchers.add(id: id, minimum: count, continuation: continuation)
                return []
            },
            dequeue: { $0.watchers.remove(id: id) },
            timedOut: { state in
                GateError.notReached(
                    gate: name, expected: count, parked: state.parked.count, arrivals: state.arrivals, waited: limit)
            }
        )
    }

    /// Lets every parked caller continue.
    ///
    /// A one-shot gate then stays open. A reusable gate closes again behind the released callers,
    /// so an `open()` with nobody parked has no effect; wait for the arrival first.
    public func open() {
        let released = state.withLock { state -> [State.Parked] in
            if kind == .oneShot { state.isOpen = true }
            state.released.formUnion(state.parked.map(\.id))
            defer { state.parked.removeAll() }
            return state.parked
        }
        for parked in released { parked.continuation?.resume() }
    }

    /// An arrival's line in a progress report: `Gate "server replied" (not opened; 1 parked: 1.
    /// "Pager, loads" (task "loader"))`.
    func describeArrival(_ id: UInt64) -> String {
        let (opened, parked) = state.withLock { state in
            (state.isOpen || state.released.contains(id), state.firstParked)
        }
        return "Gate \"\(name)\" (\(opened ? "opened" : "not opened"); \(Self.parked(parked)))"
    }

    /// A test's wait for arrivals, as a progress report shows it: `Gate "x" (waiting until 2 parked;
    /// 1 parked: 1. "Pager, loads"; 3 arrival(s))`.
    func describeWatch(_ count: Int) -> String {
        let (parked, arrivals) = state.withLock { state in (state.firstParked, state.arrivals) }
        return "Gate \"\(name)\" (waiting until \(count) parked; \(Self.parked(parked)); \(arrivals) arrival(s))"
    }

    private static func parked(_ parked: (first: [WaitingParty], count: Int)) -> String {
        parked.count == 0
            ? "none parked" : "\(parked.count) parked: \(WaitingParty.numbered(parked.first, of: parked.count))"
    }

    struct State {
        struct Parked {
            let id: UInt64
            /// Who parked, for progress reports.
            let party: WaitingParty
            /// `nil` for a controlled task inside `explore`, which waits blocked in the schedule
            /// until `released` holds its id.
            let continuation: CheckedContinuation<Void, any Error>?
        }

        var isOpen = false
        var arrivals = 0
        var lastID: UInt64 = 0
        var parked: [Parked] = []
        /// Arrivals that `open()` let through while their wait was still under way.
        var released: Set<UInt64> = []
        var watchers = CountWatchers()

        /// Who parked first, as many as a report names, and how many are parked.
        var firstParked: (first: [WaitingParty], count: Int) {
            (parked.prefix(WaitingParty.namedInLine).map(\.party), parked.count)
        }

        mutating func nextID() -> UInt64 {
            lastID += 1
            return lastID
        }
    }
}
