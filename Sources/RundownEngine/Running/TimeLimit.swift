/// A time limit on one element of an asynchronous spec: an example with its
/// `each` hooks, or a group with everything in it.
///
/// The DSL's `.timeLimit` trait makes it the limit of the run context
/// (``RunContext/limit``) while its element runs. The asynchronous driver watches every closure it
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
    /// The path of the element it limits.
    package let path: [String]
    /// Whether it has expired while a closure of its element ran.
    private let expiry = Protected(false)
    /// The limit of an enclosing element, which applies too.
    private let outer: TimeLimit?

    /// A limit of `duration` from now, for the element at `path`, inside the
    /// limit of the element running in this task, if any.
    package init(_ duration: Duration, path: [String]) {
        self.duration = duration
        deadline = .now + duration
        outer = RunContext.current?.limit
        self.path = path
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

    /// Whether it has expired while a closure of its element ran.
    package var hasExpired: Bool { expiry.withLock { $0 } }

    /// Runs `body`, the whole element, with this limit the innermost of the run context.
    nonisolated(nonsending) package func run(_ body: () async throws -> Void) async throws {
        try await RunContext.$current.withValue(RunContext.limited(by: self, in: RunContext.current)) {
            try await body()
        }
    }

    /// How long the driver waits for a cancelled closure before it goes on without it.
    var grace: Duration { min(duration, .seconds(1)) }

    fileprivate func expire() {
        expiry.withLock { $0 = true }
    }

    fileprivate var instant: ContinuousClock.Instant { deadline }
}

extension Outcome {
    /// Runs `body`, the closure `runner` runs, under `limit`: on the
    /// caller's isolation, in a task of its own that the limit can cancel
    /// and, if the body ignores the cancellation, leave behind. The task
    /// inherits the closure's context, which the driver bound.
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
                return await of(recognizers: recognizers, body)
            default:
                return .failed(TimeLimitExceeded(path: expired.path, limit: expired.duration, ending: .notStarted))
            }
        }
        let limit = limit.earliest
        let race = FirstEnding()
        let work = LimitedBody(body: body)
        let task = start(work, recognizers: recognizers, race: race, on: #isolation)
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
        recognizers: [SkipRecognizer],
        race: FirstEnding,
        on isolation: isolated (any Actor)?
    ) -> Task<Void, Never> {
        Task {
            await perform(work, recognizers: recognizers, race: race, on: isolation)
        }
    }

    /// Runs the body on `isolation`, the spec's, and hands its outcome to the race.
    private static func perform(
        _ work: LimitedBody,
        recognizers: [SkipRecognizer],
        race: FirstEnding,
        on isolation: isolated (any Actor)?
    ) async {
        let outcome = await of(recognizers: recognizers, work.body)
        race.end(.body(outcome))
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
