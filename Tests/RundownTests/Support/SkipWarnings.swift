import RundownTestSupport
import Testing

/// The "Skipped:" warnings of partly skipped specs, taken out of the issues of
/// the tests that expect them (`@Test(.takingOutSkipWarnings)`), so that such a
/// test checks its warning instead of printing it as a warning of the run.
enum SkipWarnings {
    /// Each warning taken out, as its comment.
    static let taken = Log()

    @Sendable static func takeOut(_ issue: Issue) -> Issue? {
        let comment = issue.comments.map(\.rawValue).joined(separator: " | ")
        guard issue.severity == .warning, comment.hasPrefix("Skipped:") else { return issue }
        taken(comment)
        return nil
    }
}

extension Trait where Self == IssueHandlingTrait {
    /// Takes the partly-skipped warnings out of the test's issues into ``SkipWarnings/taken``.
    static var takingOutSkipWarnings: Self { .compactMapIssues(SkipWarnings.takeOut) }
}
