/// A failure that one of this module's checks wants to report against the running test.
///
/// Checks such as ``SharedResource/assertHeld(fileID:filePath:line:column:)`` cannot throw from
/// where they are called (a test double's synchronous method, say), so they hand a value of this
/// type to ``FailureRouting`` instead, which finds the test framework that is listening.
public struct ConcurrencyFailure: Sendable, CustomStringConvertible {
    /// The complete, human-readable explanation.
    public let message: String
    /// The `#fileID` of the call that detected the problem.
    public let fileID: StaticString
    /// The `#filePath` of the call that detected the problem.
    public let filePath: StaticString
    /// The line of the call that detected the problem.
    public let line: UInt
    /// The column of the call that detected the problem.
    public let column: UInt

    /// Creates a failure located at the given call site.
    public init(
        _ message: String,
        fileID: StaticString = #fileID,
        filePath: StaticString = #filePath,
        line: UInt = #line,
        column: UInt = #column
    ) {
        self.message = message
        self.fileID = fileID
        self.filePath = filePath
        self.line = line
        self.column = column
    }

    /// The message followed by the location, as printed when no test framework takes it.
    public var description: String {
        "\(fileID):\(line):\(column): \(message)"
    }
}
