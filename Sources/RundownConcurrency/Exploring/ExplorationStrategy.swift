/// Which orders ``explore(_:stepTimeout:fileID:filePath:line:column:isolation:_:)`` runs.
public struct ExplorationStrategy: Sendable, CustomStringConvertible {
    enum Kind: Sendable {
        case everyInterleaving(limit: Int)
        case random(runs: Int, seed: UInt64?)
        case replay(String)
    }

    let kind: Kind

    /// Every distinct order of the steps, depth first.
    ///
    /// - Parameter limit: The most orders to run. When there are more, the exploration fails,
    ///   saying so, after running `limit` of them: sample the space with
    ///   ``random(runs:seed:)`` instead, or take fewer steps.
    public static func everyInterleaving(limit: Int = 10_000) -> ExplorationStrategy {
        ExplorationStrategy(kind: .everyInterleaving(limit: limit))
    }

    /// A sample of `runs` orders, each step's pick drawn from a generator seeded with `seed`.
    ///
    /// The same seed gives the same orders, on any machine. Without one, a seed is picked and
    /// printed, and a failure names it too.
    public static func random(runs: Int, seed: UInt64? = nil) -> ExplorationStrategy {
        ExplorationStrategy(kind: .random(runs: runs, seed: seed))
    }

    /// Exactly the one order that `token` records, as a failed exploration printed it.
    public static func replay(_ token: String) -> ExplorationStrategy {
        ExplorationStrategy(kind: .replay(token))
    }

    /// The strategy as it is written in code: `.random(runs: 200, seed: 7)`.
    public var description: String {
        switch kind {
        case .everyInterleaving(let limit):
            limit == 10_000 ? ".everyInterleaving()" : ".everyInterleaving(limit: \(limit))"
        case .random(let runs, let seed):
            seed.map { ".random(runs: \(runs), seed: \($0))" } ?? ".random(runs: \(runs))"
        case .replay(let token):
            ".replay(\"\(token)\")"
        }
    }
}
