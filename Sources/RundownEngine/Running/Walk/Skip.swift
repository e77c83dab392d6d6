/// Thrown to say that an example, a hook or a whole group does not apply here.
///
/// A skip is never a failure, and it works the same in every test framework:
///
/// ```swift
/// it("uses the GPU") {
///     guard gpuAvailable else { throw Skip("no GPU on this machine") }
///     // …
/// }
/// ```
///
/// Thrown from `beforeAll`, it skips its whole group, `afterAll` included;
/// from `beforeEach`, that element and its `afterEach` hooks; from an example,
/// the rest of the example, while its `afterEach` hooks still run.
/// `XCTSkip` is recognised as a skip too.
public struct Skip: Error, Sendable, CustomStringConvertible {
    /// Why it was skipped, if a reason was given.
    public var reason: String?
    /// Where the skip was thrown.
    public var location: CodeLocation

    /// Creates a skip with an optional reason.
    public init(
        _ reason: String? = nil,
        fileID: String = #fileID,
        filePath: String = #filePath,
        line: Int = #line,
        column: Int = #column
    ) {
        self.reason = reason
        self.location = CodeLocation(fileID: fileID, filePath: filePath, line: line, column: column)
    }

    /// `Skipped: <reason>`, or `Skipped` when there is no reason.
    public var description: String {
        reason.map { "Skipped: \($0)" } ?? "Skipped"
    }
}

/// Why something was skipped, whichever framework's skip said so.
package struct SkipReason: Sendable, Hashable {
    /// The message that came with the skip, if any.
    package var message: String?
    /// Where the skip was thrown, if known.
    package var location: CodeLocation?

    /// Creates a reason.
    package init(message: String?, location: CodeLocation? = nil) {
        self.message = message
        self.location = location
    }
}
