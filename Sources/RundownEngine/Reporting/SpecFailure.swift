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
    /// Where the failure is reported: the call site of a `LocatedError`, otherwise where the
    /// element or hook that threw was declared.
    public var location: CodeLocation
    /// How many other failures the same spec had, when this is the one it
    /// threw. Each of them was printed, with its path, before it was thrown.
    public var moreFailures = 0

    /// Creates a failure.
    public init(path: [String], error: any Error, location: CodeLocation) {
        self.path = path
        self.error = error
        self.location = (error as? any LocatedError)?.location ?? location
    }

    /// The path joined with ", ": `Parser, when empty, throws`.
    public var pathDescription: String {
        PathText.joined(path)
    }

    /// The path, a colon and the error: `Parser, when empty, throws: unexpectedEnd`,
    /// and how many more failures there were, if any: `(+2 more)`.
    public var description: String {
        let more = moreFailures > 0 ? " (+\(moreFailures) more)" : ""
        return "\(pathDescription): \(String(describing: error))\(more)"
    }
}
