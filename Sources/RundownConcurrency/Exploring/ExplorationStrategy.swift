import RundownCore

/// Which orders ``explore(_:stepTimeout:fileID:filePath:line:column:isolation:_:)`` runs.
///
/// Each strategy is made by one of the static functions, declared in the file of the strategy it
/// makes.
public struct ExplorationStrategy: Sendable, CustomStringConvertible {
    /// The strategy as it is written in code: `.random(runs: 200, seed: 7)`.
    public let description: String
    /// Checks the arguments and makes the strategy's state for one exploration, given where
    /// `explore` was called (for what it prints there).
    let make: @Sendable (CodeLocation) throws -> any SchedulingStrategy

    init(description: String, make: @escaping @Sendable (CodeLocation) throws -> any SchedulingStrategy) {
        self.description = description
        self.make = make
    }
}
