/// What an exploration did: how many orders it ran and, when one failed, how to replay it.
public struct Exploration: Sendable, Equatable {
    /// How many interleavings ran, the failing one included.
    public let interleavings: Int
    /// The token of the interleaving that failed, for ``ExplorationStrategy/replay(_:)`` or
    /// `RUNDOWN_SCHEDULE`; `nil` when every interleaving passed, or when the exploration failed
    /// without an order a token would replay: more orders than its limit, a body that is not
    /// deterministic (a run that strayed from the one it repeats, or a failure that did not come
    /// back when its order ran again), a cancelled test.
    public let replayToken: String?
    /// Whether the exploration failed.
    public let failed: Bool
    /// The seed a ``ExplorationStrategy/random(runs:seed:)`` exploration used; `nil` for the others.
    public let seed: UInt64?
}
