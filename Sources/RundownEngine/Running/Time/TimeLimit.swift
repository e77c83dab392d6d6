/// A time limit on one element of an asynchronous spec: an example with its
/// `each` hooks, or a group with everything in it.
///
/// The DSL's `.timeLimit` trait makes it the limit of the run context
/// (``RunContext/limit``) while its element runs. The asynchronous driver watches every closure it
/// runs under a limit: when the limit expires, the closure's task is
/// cancelled; if the closure has not ended after a grace period (the limit
/// itself, at most one second, unless `RUNDOWN_GRACE_PERIOD` says) the driver stops waiting for it and the spec
/// goes on without it. The closure that was running fails with
/// ``TimeLimitExceeded``, naming the element's path and the limit; once the
/// limit has expired, the element's teardown (`afterEach`, `afterAll`) still
/// runs, with no limit, and whatever else of it would have started fails
/// at once without running.
///
/// A synchronous spec cannot be interrupted; the trait is an element scope,
/// so there the element fails with ``ElementScopeNeedsAsynchronousSpec``.
///
/// `RUNDOWN_TIME_LIMIT` makes one of these, ``fromSetting``, for each closure
/// of an asynchronous spec that no `.timeLimit` covers (the driver's default,
/// ``SpecWalk/defaultLimit``).
package final class TimeLimit: Sendable {
    /// The limit.
    package let duration: Duration
    private let deadline: ContinuousClock.Instant
    /// The path of the element it limits.
    package let path: [String]
    /// Whether it is `RUNDOWN_TIME_LIMIT`'s, the default of one closure no
    /// `.timeLimit` covers, rather than a `.timeLimit` trait's.
    package let fromSetting: Bool
    /// Whether it has expired while a closure of its element ran.
    private let expiry = Protected(false)
    /// The limit of an enclosing element, which applies too.
    private let outer: TimeLimit?

    /// A limit of `duration` from now, for the element at `path`, inside the
    /// limit of the element running in this task, if any. `fromSetting`:
    /// the limit is `RUNDOWN_TIME_LIMIT`'s, which its failure names.
    package init(_ duration: Duration, path: [String], fromSetting: Bool = false) {
        self.duration = duration
        self.fromSetting = fromSetting
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

    /// How long the driver waits for a cancelled closure before it goes on
    /// without it, unless `RUNDOWN_GRACE_PERIOD` says.
    var grace: Duration { min(duration, .seconds(1)) }

    func expire() {
        expiry.withLock { $0 = true }
    }

    var instant: ContinuousClock.Instant { deadline }
}
