import RundownCore

/// A failure that one of this module's checks reports against the running test.
///
/// Checks such as ``SharedResource/expectHeld(fileID:filePath:line:column:)`` cannot throw from
/// where they are called (a test double's synchronous method, say), so they hand a value of this
/// type to the module's failure routing, which finds the test framework or spec that is listening.
///
/// A check's call keeps its `#filePath` as the compiler gave it, a `StaticString`: XCTest's
/// `XCTFail` takes a file in no other form, and it is the one way left to put a failure on the
/// user's line when Rundown's XCTest observer knows no running test (see
/// `XCTestHost.failRunningTest`). The ``location`` is made from it only when it is read, so a
/// `withLock` that never fails makes no `String` of its path.
package struct ConcurrencyFailure: Sendable, CustomStringConvertible {
    /// The complete, human-readable explanation.
    package let message: String
    private let site: Site

    /// Where the failure is: a check's call, or a place known only at run time.
    private enum Site: Sendable {
        case call(fileID: String, filePath: StaticString, line: Int, column: Int)
        case location(CodeLocation)
    }

    /// Creates a failure located at the given call site.
    package init(
        _ message: String,
        fileID: String = #fileID,
        filePath: StaticString = #filePath,
        line: Int = #line,
        column: Int = #column
    ) {
        self.message = message
        self.site = .call(fileID: fileID, filePath: filePath, line: line, column: column)
    }

    /// A failure at `location`: a Swift Testing test's, a spec element's.
    package init(_ message: String, at location: CodeLocation) {
        self.message = message
        self.site = .location(location)
    }

    private init(_ message: String, site: Site) {
        self.message = message
        self.site = site
    }

    /// Where the user's call that detected the problem is.
    package var location: CodeLocation {
        switch site {
        case .call(let fileID, let filePath, let line, let column):
            CodeLocation(fileID: fileID, filePath: filePath.description, line: line, column: column)
        case .location(let location):
            location
        }
    }

    /// The file of the user's call as `#filePath` gave it, for `XCTFail`; `nil` for a failure whose
    /// place is known only at run time (a test's, a spec element's).
    package var staticFilePath: StaticString? {
        guard case .call(_, let filePath, _, _) = site else { return nil }
        return filePath
    }

    /// The same call site with another message, for checks that know their site before their
    /// verdict.
    func saying(_ message: String) -> ConcurrencyFailure {
        ConcurrencyFailure(message, site: site)
    }

    /// The message after the location, as printed when no test framework takes it.
    package var description: String {
        let location = location
        return "\(location.fileID):\(location.line):\(location.column): \(message)"
    }
}
