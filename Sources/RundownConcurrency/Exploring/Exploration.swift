/// What an exploration did: how many orders it ran and, when one failed, how to replay it.
public struct Exploration: Sendable, Equatable {
    /// How many interleavings ran, the failing one included; for an exploration that passed its
    /// limit, the limit (the random orders that estimated the rest are not counted).
    public let interleavings: Int
    /// The token of the interleaving that failed, for ``ExplorationStrategy/replay(_:)`` or
    /// `RUNDOWN_SCHEDULE`; `nil` when every interleaving passed, or when the exploration failed
    /// without an order a token would replay: more orders than its limit, a body that is not
    /// deterministic (a run that strayed from the one it repeats, or a failure that did not come
    /// back when its order ran again), a cancelled test.
    public let replayToken: String?
    /// Whether the exploration failed.
    public let failed: Bool
    /// The seed a ``ExplorationStrategy/random(runs:seed:)`` or
    /// ``ExplorationStrategy/pct(runs:depth:seed:)`` exploration used; `nil` for the others.
    public let seed: UInt64?
    /// Whether the interleavings that ran were all there are: `true` when an
    /// ``ExplorationStrategy/everyInterleaving(limit:preemptions:)`` exploration ran every order
    /// (every order within its bound on preemptions, when it has one) and each passed; `false` for
    /// a sample, a replay, a failure, or an exploration that passed its limit.
    public let ranEveryOrder: Bool
    /// About how many orders there are, when an
    /// ``ExplorationStrategy/everyInterleaving(limit:preemptions:)`` exploration found more than
    /// its limit and estimated them from random probes; `nil` otherwise.
    public let estimatedInterleavings: Double?

    init(
        interleavings: Int, replayToken: String?, failed: Bool, seed: UInt64?, ranEveryOrder: Bool = false,
        estimatedInterleavings: Double? = nil
    ) {
        self.interleavings = interleavings
        self.replayToken = replayToken
        self.failed = failed
        self.seed = seed
        self.ranEveryOrder = ranEveryOrder
        self.estimatedInterleavings = estimatedInterleavings
    }
}
