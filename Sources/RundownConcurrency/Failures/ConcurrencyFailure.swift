import RundownEngine

/// A failure that one of this module's checks reports against the running test.
///
/// Checks such as ``SharedResource/expectHeld(fileID:filePath:line:column:)`` cannot throw from
/// where they are called (a test double's synchronous method, say), so they hand a value of this
/// type to the module's failure routing, which finds the test framework or spec that is listening.
public struct ConcurrencyFailure: Sendable, CustomStringConvertible {
    /// The complete, human-readable explanation.
    public let message: String
    /// Where the user's call that detected the problem is.
    public let location: CodeLocation

    /// XCTest's `XCTFail` only takes a compile-time file path, so the call site's own is kept for it.
    let staticFilePath: StaticString
    let staticLine: UInt

    /// Creates a failure located at the given call site.
    public init(
        _ message: String,
        fileID: StaticString = #fileID,
        filePath: StaticString = #filePath,
        line: UInt = #line,
        column: UInt = #column
    ) {
        self.message = message
        self.location = CodeLocation(
            fileID: "\(fileID)", filePath: "\(filePath)", line: Int(line), column: Int(column)
        )
        self.staticFilePath = filePath
        self.staticLine = line
    }

    /// A failure at a location known only at run time (a Swift Testing test's, a spec element's).
    ///
    /// XCTest's `XCTFail` cannot take it, so `XCTFail` names this file; no such location is
    /// routed to XCTest, as every one comes from a Swift Testing trait or a spec, which take it first.
    init(_ message: String, at location: CodeLocation) {
        self.init(message: message, location: location, staticFilePath: #filePath, staticLine: #line)
    }

    /// The same call site with another message, for checks that know their site before their
    /// verdict.
    func saying(_ message: String) -> ConcurrencyFailure {
        ConcurrencyFailure(message: message, location: location, staticFilePath: staticFilePath, staticLine: staticLine)
    }

    private init(message: String, location: CodeLocation, staticFilePath: StaticString, staticLine: UInt) {
        self.message = message
        self.location = location
        self.staticFilePath = staticFilePath
        self.staticLine = staticLine
    }

    /// The message after the location, as printed when no test framework takes it.
    public var description: String {
        "\(location.fileID):\(location.line):\(location.column): \(message)"
    }
}
