/// Something that happened while a spec ran, in the order it happened.
///
/// Framework support and reporters observe these; the engine itself knows no
/// test framework.
package enum SpecEvent: Sendable {
    /// A group is about to run its hooks and elements.
    case groupStarted(path: [String], location: CodeLocation)
    /// A group has finished, `afterAll` hooks included.
    case groupFinished(path: [String])
    /// An example is about to run, starting with its `aroundEach` and `beforeEach` hooks.
    case exampleStarted(path: [String], location: CodeLocation)
    /// An example has finished, its `afterEach` hooks included, or was never run.
    case exampleFinished(path: [String], result: ExampleResult, duration: Duration)
    /// An element or hook failed.
    case failed(SpecFailure)
    /// An element, hook or group was skipped.
    case skipped(SpecSkip)
    /// An example passed only on a retry (flaky), or stopped repeating without failing;
    /// it comes before the example's `exampleFinished`.
    case noticed(SpecNotice)
}

/// How an example ended.
package enum ExampleResult: Sendable, Hashable {
    /// It and all of its hooks ran without an error.
    case passed
    /// It, one of its hooks, or a hook it depended on failed.
    case failed
    /// It was skipped, or did not run because of focus or exclusion.
    case skipped(reason: String?)
}

/// A skip: what was skipped, why, and where the skip came from.
package struct SpecSkip: Sendable, Hashable, CustomStringConvertible {
    /// The path of what was skipped: a group, an example, or a hook.
    package var path: [String]
    /// Why it was skipped.
    package var reason: String?
    /// Where the skip was thrown, or where the skipped element was declared.
    package var location: CodeLocation

    /// Creates a skip record.
    package init(path: [String], reason: String?, location: CodeLocation) {
        self.path = path
        self.reason = reason
        self.location = location
    }

    /// `Parser, on Linux: skipped (no GPU)`.
    package var description: String {
        let joined = PathText.joined(path)
        return reason.map { "\(joined): skipped (\($0))" } ?? "\(joined): skipped"
    }
}
