/// A time limit on one element of an asynchronous spec: an example with its
/// `each` hooks, or a group with everything in it.
///
/// The DSL's `.timeLimit` trait makes it the current limit (``current``)
/// while its element runs. The asynchronous driver watches every closure it
/// runs under a limit: when the limit expires, the closure's task is
/// cancelled; if the closure has not ended after a grace period (the limit
/// itself, at most one second) the driver stops waiting for it and the spec
/// goes on without it. The closure that was running fails with
/// ``TimeLimitExceeded``, naming the element's path and the limit; once the
/// limit has expired, the element's teardown (`afterEach`, `afterAll`) still
/// runs, with no limit, and whatever else of it would have started fails
/// at once without running.
///
/// A synchronous spec cannot be interrupted; the trait is an element scope,
/// so there the element fails with ``ElementScopeNeedsAsynchronousSpec``.
package final class TimeLimit: Sendable {
    /// The limit.
    package let duration: Duration
    private let deadline: ContinuousClock.Instant
    private let state = TimeLimitState()
    /// The limit of an enclosing element, which applies too.
    private let outer: TimeLimit?

    /// The innermost limit of the element running in this task, if any.
    @TaskLocal package static var current: TimeLimit?

    /// A limit of `duration` from now, for the element at `path`.
    package init(_ duration: Duration, path: [String]) {
        self.duration = duration
        deadline = .now + duration
        outer = Self.current
        state.path = path
    }

    /// This limit and those of the enclosing elements, innermost first.
    private var chain: [TimeLimit] {
        var chain = [self]
        while let next = chain[chain.count - 1].outer { chain.append(next) }
        return chain
    }

    /// The limit that expires first, among this one and the enclosing ones.
    var earliest: TimeLimit {
        chain.min { $0.deadline < $1.deadline } ?? self
    }

    /// The limit, among this one and the enclosing ones, that has expired, if any.
    var expired: TimeLimit? {
        chain.first { $0.hasExpired }
    }

    /// The path of the element it limits.
    package var path: [String] { state.withLock { state.path } }

    /// Whether it has expired while a closure of its element ran.
    package var hasExpired: Bool { state.withLock { state.expired } }

    /// Runs `body`, the whole element, with this limit current.
    nonisolated(nonsending) package func run(_ body: () async throws -> Void) async throws {
        try await Self.$current.withValue(self) {
            try await body()
        }
    }

    /// How long the driver waits for a cancelled closure before it goes on without it.
    var grace: Duration { min(duration, .seconds(1)) }

    fileprivate func expire() {
        state.withLock { state.expired = true }
    }

    fileprivate var instant: ContinuousClock.Instant { deadline }
}

/// The mutable part of a ``TimeLimit``.
private final class TimeLimitState: @unchecked Sendable {
    // @unchecked: `path` and `expired` are read and written only inside
    // `withLock`, and `path` is set once, in the limit's initialiser, before
    // the limit is shared.
    private let condition = EngineCondition()
    var path: [String] = []
    var expired = false

    func withLock<Result>(_ body: () throws -> Result) rethrows -> Result {
        try condition.withLock(body)
    }
}

extension Outcome {
    /// Runs `body` as `runner` under `limit`: on the caller's isolation, in
    /// a task of its own that the limit can cancel and, if the body ignores
    /// the cancellation, leave behind.
    nonisolated(nonsending) static func of(
        _ runner: ExampleRunner,
        recognizers: [SkipRecognizer],
        limit: TimeLimit,
        _ body: @escaping () async throws -> Void
    ) async -> Outcome {
        if let expired = limit.expired {
            switch runner.role {
            case .hook(.afterEach), .hook(.afterAll):
                // Teardown runs, with no limit.
                return await of(runner, recognizers: recognizers, body)
            default:
                return .failed(TimeLimitExceeded(path: expired.path, limit: expired.duration, ending: .notStarted))
            }
        }
        let limit = limit.earliest
        let race = FirstEnding()
        let work = LimitedBody(body: body)
        let task = start(work, runner: runner, recognizers: recognizers, race: race, on: #isolation)
        let timer = Task {
            try? await Task.sleep(until: limit.instant, clock: .continuous)
            race.end(.timer)
        }
        if case .body(let outcome) = await race.first() {
            timer.cancel()
            return outcome
        }
        limit.expire()
        task.cancel()
        let grace = limit.grace
        let graceTimer = Task {
            try? await Task.sleep(for: grace)
            race.end(.timer)
        }
        let ending: TimeLimitExceeded.Ending
        if case .body = await race.second() {
            graceTimer.cancel()
            ending = .cancelled
        } else {
            ending = .stillRunning(grace: grace)
        }
        return .failed(TimeLimitExceeded(path: limit.path, limit: limit.duration, ending: ending))
    }

    /// Starts the body's task on `isolation`, the spec's.
    private static func start(
        _ work: LimitedBody,
        runner: ExampleRunner,
        recognizers: [SkipRecognizer],
        race: FirstEnding,
        on isolation: isolated (any Actor)?
    ) -> Task<Void, Never> {
        Task {
            await perform(work, runner: runner, recognizers: recognizers, race: race, on: isolation)
        }
    }

    /// Runs the body on `isolation`, the spec's, and hands its outcome to the race.
    private static func perform(
        _ work: LimitedBody,
        runner: ExampleRunner,
        recognizers: [SkipRecognizer],
        race: FirstEnding,
        on isolation: isolated (any Actor)?
    ) async {
        let outcome = await of(runner, recognizers: recognizers, work.body)
        race.end(.body(UncheckedOutcome(outcome: outcome)))
    }
}

/// Carries a closure of the spec into the task that runs it under a limit.
///
/// @unchecked Sendable: the closure is called once, by that task, which
/// runs on the spec's own isolation (the driver's caller's actor, or none).
/// While the driver waits for it, nothing else of the spec runs, so its
/// captured state is not shared; once the driver has gone on without it
/// (it ignored its cancellation), the driver never touches it again, and
/// the user was told, in the failure, that it was still running.
private final class LimitedBody: @unchecked Sendable {
    let body: () async throws -> Void
    init(body: @escaping () async throws -> Void) { self.body = body }
}
