/// What ``explore(_:stepTimeout:fileID:filePath:line:column:isolation:_:)`` throws when it fails
/// where nothing records failures (no spec, no Swift Testing test, no XCTest run): every failure it
/// found, the failing interleaving with its replay token last.
public struct ExplorationFailure: Error, Sendable, CustomStringConvertible {
    /// The failures, in the order they happened, each `File.swift:12: message`.
    public let failures: [String]
    /// What the exploration did before it stopped.
    public let exploration: Exploration

    /// The failures, one a line.
    public var description: String {
        failures.joined(separator: "\n")
    }
}
