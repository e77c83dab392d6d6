#if canImport(Testing)
import RundownEngine
import Testing

extension SwiftTestingReporting {
    /// Adds the path of the element or hook running now to an issue recorded
    /// while it runs (`#expect`, `#require`, `Issue.record`), unless it has it:
    /// as a comment of its own, or, for forwarded XCTest assertions, at the
    /// start of their comment.
    @Sendable public static func annotate(_ issue: Issue) -> Issue? {
        guard let runner = ExampleRunner.current else { return issue }
        let path = runner.description
        guard !issue.comments.contains(where: { $0.rawValue == path || $0.rawValue.hasPrefix("\(path): ") }) else { return issue }
        var annotated = issue
        annotated.comments.insert(Comment(rawValue: path), at: 0)
        return annotated
    }

    /// Runs `work` in a scope where every issue recorded inside it carries the
    /// path of the element that recorded it, then returns what `work` returned.
    ///
    /// Swift Testing scopes issue handling only asynchronously, so only
    /// asynchronous work can be wrapped. `work` runs on the caller's actor.
    public static func annotatingIssues<Result>(
        _ work: () async -> Result,
        isolation: isolated (any Actor)? = #isolation
    ) async throws -> Result {
        guard let test = Test.current else { return await work() }
        return try await withoutActuallyEscaping(work) { work in
            let handOver = HandOver(work: work)
            try await IssueHandlingTrait.compactMapIssues(annotate).provideScope(for: test, testCase: Test.Case.current) {
                await handOver.perform(on: isolation)
            }
            guard let result = handOver.result else {
                throw ScopeDidNotRun()
            }
            return result
        }
    }
}

/// Carries work into Swift Testing's issue-handling scope and its result back.
///
/// The scope's closure must be `@Sendable`, but the work is not. This is safe
/// because the caller awaits the scope, and the work runs once, back on the
/// caller's actor (``perform(on:)``), so it is never used concurrently.
private final class HandOver<Result>: @unchecked Sendable {
    let work: () async -> Result
    var result: Result?

    init(work: @escaping () async -> Result) {
        self.work = work
    }

    func perform(on actor: isolated (any Actor)?) async {
        result = await work()
    }
}

/// Swift Testing returned from an issue-handling scope without running it.
struct ScopeDidNotRun: Error, CustomStringConvertible {
    var description: String { "Swift Testing's issue-handling scope did not run the spec" }
}
#endif
