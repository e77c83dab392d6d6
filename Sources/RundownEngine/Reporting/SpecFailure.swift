/// An error that ended an element or hook, with the path of what threw it.
///
/// When a spec runs where no test framework can take its failures, everything
/// that can run still runs, and then the first failure is thrown as a
/// `SpecFailure`; its description starts with the path:
/// `Parser, when empty, throws: unexpectedEnd`.
public struct SpecFailure: Error, CustomStringConvertible {
    /// The path of the element or hook that threw.
    public var path: [String]
    /// What was thrown.
    public var error: any Error
    /// Where the element or hook that threw was declared.
    public var location: CodeLocation

    /// Creates a failure.
    public init(path: [String], error: any Error, location: CodeLocation) {
        self.path = path
        self.error = error
        self.location = location
    }

    /// The path joined with ", ": `Parser, when empty, throws`.
    public var pathDescription: String {
        path.joined(separator: ", ")
    }

    /// The path, a colon and the error: `Parser, when empty, throws: unexpectedEnd`.
    public var description: String {
        "\(pathDescription): \(String(describing: error))"
    }
}
