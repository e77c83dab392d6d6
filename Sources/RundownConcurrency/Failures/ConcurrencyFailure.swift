import RundownEngine

/// A failure that one of this module's checks reports against the running test.
///
/// Checks such as ``SharedResource/expectHeld(fileID:filePath:line:column:)`` cannot throw from
/// where they are called (a test double's synchronous method, say), so they hand a value of this
/// type to the module's failure routing, which finds the test framework or spec that is listening.
package struct ConcurrencyFailure: Sendable, CustomStringConvertible {
    /// The complete, human-readable explanation.
    package let message: String
    /// Where the user's call that detected the problem is.
    package let location: CodeLocation

    /// Creates a failure located at the given call site.
    package init(
        _ message: String,
        fileID: String = #fileID,
        filePath: String = #filePath,
        line: Int = #line,
        column: Int = #column
    ) {
        self.init(message, at: CodeLocation(fileID: fileID, filePath: filePath, line: line, column: column))
    }

    /// A failure at `location`: a call's, a Swift Testing test's, a spec element's.
    package init(_ message: String, at location: CodeLocation) {
        self.message = message
        self.location = location
    }

    /// The same call site with another message, for checks that know their site before their
    /// verdict.
    func saying(_ message: String) -> ConcurrencyFailure {
        ConcurrencyFailure(message, at: location)
    }

    /// The message after the location, as printed when no test framework takes it.
    package var description: String {
        "\(location.fileID):\(location.line):\(location.column): \(message)"
    }
}
