/// What an exploration did: how many orders it ran and, when one failed, how to replay it.
public struct Exploration: Sendable, Equatable {
    /// How many interleavings ran, the failing one included.
    public let interleavings: Int
    /// The token of the interleaving that failed, for ``ExplorationStrategy/replay(_:)`` or
    /// `RUNDOWN_SCHEDULE`; `nil` when every interleaving passed, or when the exploration failed
    /// without a failing interleaving (more orders than its limit).
    public let replayToken: String?
    /// Whether the exploration failed.
    public let failed: Bool
    /// The seed a ``ExplorationStrategy/random(runs:seed:)`` exploration used; `nil` for the others.
    public let seed: UInt64?
}
