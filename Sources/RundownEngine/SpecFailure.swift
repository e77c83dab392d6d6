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
    /// Where the failure is reported: the call site of a ``LocatedError``, otherwise where the
    /// element or hook that threw was declared.
    public var location: CodeLocation

    /// Creates a failure.
    public init(path: [String], error: any Error, location: CodeLocation) {
        self.path = path
        self.error = error
        self.location = (error as? any LocatedError)?.location ?? location
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

/// A misuse of `aroundEach`: its body must be called exactly once.
public struct AroundEachMisuse: Error, CustomStringConvertible {
    /// What went wrong.
    public enum Problem: Sendable, Hashable {
        /// The hook returned without calling the body it wraps.
        case bodyNeverCalled
        /// The hook called its body a second time.
        case bodyCalledAgain
    }

    /// The hook's name, as it appears in paths.
    public var hook: String
    /// What went wrong.
    public var problem: Problem

    /// Creates a misuse report.
    public init(hook: String, problem: Problem) {
        self.hook = hook
        self.problem = problem
    }

    /// Says what went wrong and what to change.
    public var description: String {
        switch problem {
        case .bodyNeverCalled:
            "\(hook) returned without calling its body, so the element it wraps did not run"
        case .bodyCalledAgain:
            "\(hook) called its body more than once; the body runs only the first time"
        }
    }
}
