#if canImport(Testing)
import RundownEngine
import Testing

/// Reports a spec run inside a Swift Testing test: each failure becomes an
/// issue of the test, carrying the path of the element that failed.
///
/// What a user sees:
/// - an error thrown by an element or hook: `Caught error: …`, with the path
///   as the issue's comment, at the element's or hook's line;
/// - `#expect`, `#require` and `Issue.record` inside an asynchronous spec: the
///   issue as Swift Testing made it, with the path added as a comment. Swift
///   Testing can scope issue handling only around asynchronous code, so in a
///   synchronous spec the path is added only when the test carries the
///   `.specs` trait;
/// - `XCTAssert…` and `XCTFail` (forwarded on Linux): an issue whose comment
///   starts with the path, at the assertion's line;
/// - a partly skipped spec: a warning that lists the skipped paths;
/// - a spec whose every example was skipped, or of which the run's filter or
///   shard selected nothing: with the `.specs` trait, the test is cancelled
///   (Swift Testing's skip) at its end if nothing else in it ran or failed;
///   without it, a warning, and the test goes on, so a skipped spec never
///   hides what follows it;
/// - a skipped `Spec.Example` that is the argument of a parameterized test:
///   its test case is cancelled, with or without the trait, and a warning
///   says which example skipped and why.
package struct SwiftTestingHost: SpecHost {
    /// Whether a Swift Testing test is running in this task.
    package static var isRunning: Bool {
        Test.current != nil
    }

    package init() {}

    /// Runs a synchronous spec so that the issues its elements record reach
    /// its reports. Swift Testing scopes issue handling only around
    /// asynchronous code; a synchronous spec sees each issue through a known
    /// issue scope whose matcher notes it and matches nothing, unless a
    /// handler (the `.specs` trait's, or an enclosing asynchronous spec's)
    /// sees it already.
    package func scope<Result>(_ run: () -> Result) -> Result {
        guard Test.current != nil, IssueNoting.innermost == nil else { return run() }
        var result: Result?
        withKnownIssue(isIntermittent: true) {
            result = run()
        } matching: { issue in
            IssueNoting.note(issue)
            return false
        }
        // The body runs unless the precondition, true by default, says no.
        return result ?? run()
    }

    package func scope<Result>(isolation: isolated (any Actor)?, _ run: () async -> Result) async -> Result {
        guard let test = Test.current else { return await run() }
        let noting = IssueNoting()
        let handler = IssueHandlingTrait.compactMapIssues { issue in
            noting.noteIfInnermost(issue)
            return Self.annotate(issue)
        }
        return await withoutActuallyEscaping(run) { run in
            let handOver = HandOver(work: run)
            try? await IssueNoting.$innermost.withValue(noting) {
                try await handler.provideScope(for: test, testCase: Test.Case.current) {
                    await handOver.perform(on: isolation)
                }
            }
            // Swift Testing runs the scope's body unless the test is being
            // torn down; then the spec runs without the paths, not never.
            if let result = handOver.result { return result }
            return await run()
        }
    }

    /// The test's name as Swift Testing shows it, `stack()`.
    package var testName: String? {
        Test.current?.name
    }

    package func record(_ failure: HostFailure) {
        IssueNoting.$isRecording.withValue(true) { recordIssue(failure) }
    }

    private func recordIssue(_ failure: HostFailure) {
        switch failure {
        case .thrown(let thrown):
            guard !(thrown.error is any ReportedByFramework) else { return }
            Issue.record(
                thrown.error, Comment(rawValue: thrown.pathDescription),
                sourceLocation: Self.sourceLocation(thrown.location))
        case .reported:
            Issue.record(
                Comment(rawValue: failure.description), sourceLocation: Self.sourceLocation(failure.location))
        }
    }

    package func deliver(_ run: FinishedRun) throws {
        let report = run.report
        let location = Self.sourceLocation(run.location)
        if report.everythingSkipped {
            if run.example != nil, Test.Case.current?.isParameterized == true {
                // The example is the test case: skipped, it is a cancelled case. Swift Testing's
                // console prints no line for a cancelled case, so a warning says what skipped.
                Issue.record(Comment(rawValue: run.skipSummary), severity: .warning, sourceLocation: location)
                try Test.cancel(Comment(rawValue: run.skipSummary), sourceLocation: location)
            }
            if let test = SpecTestScope.current {
                test.noteSkippedSpec(run.skipSummary)
            } else {
                let what = run.skippedWhat
                Issue.record(
                    Comment(
                        rawValue:
                            "\(run.skipSummary)\n\(what.prefix(1).uppercased() + what.dropFirst()); the test goes on. Give the test the '.specs' trait to report it as skipped when nothing else in it runs."
                    ),
                    severity: .warning,
                    sourceLocation: location
                )
            }
            return
        }
        SpecTestScope.current?.noteSpecRan()
        guard !report.skips.isEmpty else { return }
        let lines = report.skips.map { "  \($0.description)" }.joined(separator: "\n")
        Issue.record(Comment(rawValue: "Skipped:\n\(lines)"), severity: .warning, sourceLocation: location)
    }

    /// Adds the path of the element or hook running now to an issue recorded
    /// while it runs, unless it has it: as a comment of its own, or at the
    /// start of one (forwarded assertions and toolkit checks).
    @Sendable package static func annotate(_ issue: Issue) -> Issue? {
        guard let runner = ExampleRunner.current else { return issue }
        let path = runner.description
        guard !issue.comments.contains(where: { $0.rawValue == path || $0.rawValue.hasPrefix("\(path): ") }) else {
            return issue
        }
        var annotated = issue
        annotated.comments.insert(Comment(rawValue: path), at: 0)
        return annotated
    }

    /// A Swift Testing source location for `location`.
    ///
    /// `SourceLocation` traps on a file ID without a module (`/`) or on a line
    /// or column below 1, which would end the whole test run; such input is
    /// repaired instead.
    package static func sourceLocation(_ location: CodeLocation) -> SourceLocation {
        let fileID =
            location.fileID.contains("/")
            ? location.fileID : "Unknown/\(location.fileID.isEmpty ? "Unknown.swift" : location.fileID)"
        return SourceLocation(
            fileID: fileID, filePath: location.filePath, line: max(1, location.line),
            column: max(1, location.column))
    }
}

/// Tells the spec running in the recording task about each failing issue
/// that Swift Testing records by itself (`#expect`, `#require`,
/// `Issue.record` in a spec's element), so that the spec's reports and counts
/// include it. Swift Testing records it already: the host does not record it
/// again, and the issues the host records itself are left out.
///
/// Issue handlers nest (the `.specs` trait around a test, an asynchronous
/// spec's scope, another spec's inside one of its elements), and each sees
/// every issue; only the innermost notes it, so it is noted once.
package final class IssueNoting: Sendable {
    /// The innermost issue handler around the code running in this task.
    @TaskLocal package static var innermost: IssueNoting?
    /// Whether the host is recording an issue of its own, already in the reports.
    @TaskLocal static var isRecording = false

    package init() {}

    /// Notes `issue` if this is the innermost handler where it was recorded.
    package func noteIfInnermost(_ issue: Issue) {
        if Self.innermost === self { Self.note(issue) }
    }

    /// Tells the spec running here, if any, about `issue` if it is a failure.
    static func note(_ issue: Issue) {
        guard issue.isFailure, !isRecording, let host = SpecHosting.current else { return }
        let location = issue.sourceLocation.map {
            CodeLocation(fileID: $0.fileID, filePath: $0.filePath, line: $0.line, column: $0.column)
        }
        let runner = ExampleRunner.current
        // What went wrong, then what the user said, as XCTest shows it; not
        // the path, which the reports show as the issue's place.
        let comments = issue.comments.map(\.rawValue).filter { $0 != runner?.description }
        let message = ([String(describing: issue.kind)] + comments).joined(separator: " - ")
        host.noteFailureRecordedByFramework(
            .reported(
                message: message, path: runner?.path,
                location: location ?? runner?.location ?? CodeLocation(fileID: "", filePath: "", line: 0, column: 0)))
    }
}

/// `#require` records its own issue before it throws this, so the spec must
/// not report it a second time.
extension ExpectationFailedError: ReportedByFramework {}

extension SwiftTestingHost {
    /// Recognises what `Test.cancel` throws, so that it skips the element
    /// that called it instead of failing it.
    ///
    /// Its type is internal to Swift Testing, so it is known by name; its
    /// `comment` is the reason.
    package static let skipRecognizer: SkipRecognizer = { error in
        guard String(reflecting: type(of: error)) == "Testing.SkipInfo" else { return nil }
        let comment = Mirror(reflecting: error).children.first { $0.label == "comment" }?.value
        let reason = (comment as? Comment?)?.flatMap(\.rawValue) ?? (comment as? Comment)?.rawValue
        return SkipReason(message: reason)
    }
}

/// Carries the spec's run into Swift Testing's issue-handling scope and its
/// result back.
///
/// The scope's closure must be `@Sendable`, but the run is not. This is safe
/// because the caller awaits the scope, and the run happens once, back on
/// the caller's actor (``perform(on:)``), so it is never used concurrently.
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
#endif
