#if canImport(Testing)
import RundownTestingSupport
import Testing

extension Trait where Self == IssueHandlingTrait {
    /// Adds the path of the spec element that recorded an issue to the issue.
    ///
    /// An `async` spec does this by itself. Swift Testing can scope issue
    /// handling only around asynchronous code, so a synchronous spec cannot:
    /// add this trait to the test, or to its suite, to get the same for
    /// `#expect`, `#require` and `Issue.record` inside synchronous specs.
    ///
    /// ```swift
    /// @Test(.specPaths) func parser() throws {
    ///     try spec {
    ///         it("parses") { #expect(parse("1") == 1) }
    ///     }
    /// }
    /// ```
    public static var specPaths: Self {
        .compactMapIssues(SwiftTestingReporting.annotate)
    }
}
#endif
