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

    /// Whether Swift Testing (not XCTest) drives this process: the test
    /// binary that `swift test` starts with `--testing-library swift-testing`,
    /// or SwiftPM's testing helper.
    package static let isDrivingProcess: Bool = {
        let arguments = CommandLine.arguments
        if (arguments.first ?? "").hasSuffix("swiftpm-testing-helper") { return true }
        guard let flag = arguments.firstIndex(of: "--testing-library"), flag + 1 < arguments.count else {
            return false
        }
        return arguments[flag + 1] == "swift-testing"
    }()

    package init() {}

    /// Runs a synchronous spec so that the issues its elements record reach
    /// its reports. Swift Testing scopes issue handling only around
    /// asynchronous code; a synchronous spec sees each issue through a known
    /// issue scope whose matcher notes it and matches nothing, unless a
    /// handler (the `.specs` trait's, or an enclosing asynchronous spec's)
    /// sees it already.
    package func scope<Result>(_ run: () -> Result) -> Result {
        guard let test = Test.current, IssueScope.innermost == nil else { return run() }
        var result: Result?
        let noted = Protected(false)
        withKnownIssue(isIntermittent: true) {
            result = run()
        } matching: { issue in
            let posted = IssueScope.post(issue)
            if posted != .notPosted { noted.withLock { $0 = true } }
            // An example that retries: the walk holds the failure and reports it itself,
            // as a warning if a later attempt passes; a known issue fails no test meanwhile.
            return posted == .held
        }
        if noted.withLock({ $0 }) { ForgottenSpecsTrait.warnOnce(test) }
        // The body runs unless the precondition, true by default, says no.
        return result ?? run()
    }

    package func scope<Result>(isolation: isolated (any Actor)?, _ run: () async -> Result) async -> Result {
        guard let test = Test.current else { return await run() }
        let scopeOfIssues = IssueScope()
        let handler = IssueHandlingTrait.compactMapIssues(scopeOfIssues.handle)
        return await withoutActuallyEscaping(run) { run in
            let handOver = HandOver(work: run)
            try? await IssueScope.$innermost.withValue(scopeOfIssues) {
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

    /// A flaky example's earlier failures, each a warning at its place (a
    /// warning fails no test), and a limit `until-failure` reached.
    package func notice(_ notice: SpecNotice, seed: UInt64?) {
        IssueScope.$isRecording.withValue(true) {
            switch notice.kind {
            case .flaky(_, _, let failures):
                for failure in failures {
                    let below = failure.path.dropFirst(notice.path.count)
                    let what = (below.isEmpty ? "" : PathText.joined(below) + ": ") + failure.message
                    let warning = SwiftTestingWarning.earlierAttemptFailed(
                        notice: notice.description, failure: what, seed: seed)
                    Issue.record(
                        Comment(rawValue: warning.message), severity: .warning,
                        sourceLocation: Self.sourceLocation(failure.location))
                }
            case .repetitionsEnded:
                Issue.record(
                    Comment(rawValue: SwiftTestingWarning.notice(notice.description, seed: seed).message),
                    severity: .warning, sourceLocation: Self.sourceLocation(notice.location))
            }
        }
    }

    /// The test's name as Swift Testing shows it, `stack()`.
    package var testName: String? {
        Test.current?.name
    }

    package func record(_ failure: SpecFailure) {
        guard !failure.isReportedByFramework else { return }
        IssueScope.$isRecording.withValue(true) { Self.recordIssue(failure) }
    }

    /// A thrown error as `Caught error: …` with the path as its comment; a
    /// failure that was not thrown (a forwarded `XCTAssert`, a toolkit check)
    /// as its message, starting with the path.
    private static func recordIssue(_ failure: SpecFailure) {
        if Self.wasThrown(failure.error) {
            Issue.record(
                failure.error, Comment(rawValue: failure.pathDescription),
                sourceLocation: sourceLocation(failure.location))
        } else {
            Issue.record(Comment(rawValue: failure.description), sourceLocation: sourceLocation(failure.location))
        }
    }

    /// Records an issue at `location` that no spec took (a toolkit check, a
    /// forwarded `XCTFail`): the handlers of the scopes around it leave it
    /// alone, since it was posted already.
    package static func recordIssue(_ message: String, at location: CodeLocation) {
        IssueScope.$isRecording.withValue(true) {
            Issue.record(Comment(rawValue: message), sourceLocation: sourceLocation(location))
        }
    }

    /// Whether `error` is one an element threw, not a message Rundown made of
    /// an assertion or check (late or seeded, the same).
    private static func wasThrown(_ error: any Error) -> Bool {
        if let wrapper = error as? any WrappedFailure { return wasThrown(wrapper.wrapped) }
        return !(error is ReportedFailure)
    }

    package func deliver(_ run: FinishedRun) throws {
        let report = run.report
        let location = Self.sourceLocation(run.location)
        if report.everythingSkipped {
            if run.example != nil, Test.Case.current?.isParameterized == true {
                // The example is the test case: skipped, it is a cancelled case. Swift Testing's
                // console prints no line for a cancelled case, so a warning says what skipped.
                Issue.record(
                    Comment(rawValue: SwiftTestingWarning.caseSkipped(summary: run.skipSummary).message),
                    severity: .warning, sourceLocation: location)
                try Test.cancel(Comment(rawValue: run.skipSummary), sourceLocation: location)
            }
            if let test = SpecTestScope.current {
                test.noteSkippedSpec(run.skipSummary)
            } else {
                let warning = SwiftTestingWarning.everythingSkippedTestGoesOn(
                    summary: run.skipSummary, skippedWhat: run.skippedWhat)
                Issue.record(Comment(rawValue: warning.message), severity: .warning, sourceLocation: location)
            }
            return
        }
        SpecTestScope.current?.noteSpecRan()
        guard !report.skips.isEmpty else { return }
        let warning = SwiftTestingWarning.skipped(report.skips.map(\.description))
        Issue.record(Comment(rawValue: warning.message), severity: .warning, sourceLocation: location)
    }

    /// Adds the path of the element or hook running now to an issue recorded
    /// while it runs, unless it has it: as a comment of its own, or at the
    /// start of one; and, while shuffling, the seed. The host's own issues
    /// carry their path and seed already, and are left as they are (an
    /// `aroundEach` hook whose body the walk runs in is not their place).
    package static func annotate(_ issue: Issue) -> Issue {
        guard !IssueScope.isRecording, let runner = ExampleRunner.current else { return issue }
        var annotated = issue
        let path = runner.description
        if !issue.comments.contains(where: { $0.rawValue == path || $0.rawValue.hasPrefix("\(path): ") }) {
            annotated.comments.insert(Comment(rawValue: path), at: 0)
        }
        if issue.isFailure, let attempt = runner.attempt {
            // Nested handlers (the trait's, an asynchronous spec's) each see the issue; one note is enough.
            let note = "(\(attempt))"
            if !annotated.comments.contains(where: { $0.rawValue == note }) {
                annotated.comments.append(Comment(rawValue: note))
            }
        }
        if issue.isFailure, let seed = runner.inbox?.seed {
            // As the attempt's note: the `.specs` trait scopes both a test and its test case.
            let note = "(seed \(seed))"
            if !annotated.comments.contains(where: { $0.rawValue == note }) {
                annotated.comments.append(Comment(rawValue: note))
            }
        }
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

/// Posts each failing issue that Swift Testing records by itself
/// (`#expect`, `#require`, `Issue.record` in a spec's element) to the run of
/// the spec whose element recorded it, so that the run counts it. Swift
/// Testing records it already: it is posted as such, and no host records it
/// again; the issues the host records itself are left out.
///
/// Issue handlers nest (the `.specs` trait around a test, an asynchronous
/// spec's scope, another spec's inside one of its elements), and each sees
/// every issue recorded inside it; only the innermost posts it, so it is
/// posted once. An issue recorded where no current configuration is (a
/// detached task) is handed by Swift Testing to every configuration, and so
/// to every handler's scope in the process: a handler takes out each issue
/// that was not recorded inside its own scope, which the test's own
/// configuration gets anyway, so it is reported once.
package final class IssueScope: Sendable {
    /// The innermost issue handler around the code running in this task.
    @TaskLocal package static var innermost: IssueScope?
    /// Whether the host is recording an issue of its own, already in the run.
    @TaskLocal static var isRecording = false

    /// The handler this one is nested in, if any.
    private let parent: IssueScope?

    /// A handler inside the innermost one running here, if any.
    package init() {
        parent = Self.innermost
    }

    /// Whether the code running now is inside this handler's scope.
    private var isAround: Bool {
        var scope = Self.innermost
        while let current = scope {
            if current === self { return true }
            scope = current.parent
        }
        return false
    }

    /// What the handler does with each issue: an issue from outside its
    /// scope is taken out (the test's own configuration reports it); one from
    /// inside is posted by the innermost handler and annotated.
    ///
    /// An issue of an example that retries is dropped: the walk holds
    /// it and records it later, as a warning if a later attempt passes, as
    /// a failure if none does.
    @Sendable package func handle(_ issue: Issue) -> Issue? {
        guard isAround else { return nil }
        if Self.innermost === self, Self.post(issue) == .held { return nil }
        return SwiftTestingHost.annotate(issue)
    }

    /// What ``post(_:)`` did with an issue.
    enum Posting: Equatable {
        /// It is no failure of an element of a spec run here.
        case notPosted
        /// Posted as recorded by Swift Testing: the run counts it.
        case posted
        /// Posted for the walk to record, since the example retries:
        /// Swift Testing must not record it now.
        case held
    }

    /// Posts `issue`, if it is a failure, on the one road: the regions
    /// listening here hear it, and the run of the spec whose element is
    /// running here takes it.
    @discardableResult
    static func post(_ issue: Issue) -> Posting {
        guard !isRecording, issue.severity >= .error else { return .notPosted }
        let runner = ExampleRunner.current
        let location = issue.sourceLocation.map {
            CodeLocation(fileID: $0.fileID, filePath: $0.filePath, line: $0.line, column: $0.column)
        }
        // What went wrong, then what the user said, as XCTest shows it; not
        // the path, which the reports show as the issue's place.
        let comments = issue.comments.map(\.rawValue).filter { $0 != runner?.description }
        let message = ([String(describing: issue.kind)] + comments).joined(separator: " - ")
        let held = runner?.attempt?.isHeldByTheWalk == true
        let failure = PostedFailure(message: message, location: location, recordedByFramework: !held)
        guard issue.isFailure else {
            // Known (a `withKnownIssue` around an exploration marks it before this sees it): no
            // failure of a spec, but the region listening here, an exploration's run, failed.
            RunContext.announce(failure)
            return .notPosted
        }
        guard RunContext.post(failure), runner != nil else { return .notPosted }
        return held ? .held : .posted
    }
}

/// Fault 15's warning: a synchronous spec in a test without the `.specs`
/// trait cannot add paths to its issues; the first time such a test records
/// one, a warning says so.
enum ForgottenSpecsTrait {
    private static let warned = Protected<Set<String>>([])

    static func warnOnce(_ test: Test) {
        let key = "\(test.id)"
        let first = warned.withLock { $0.insert(key).inserted }
        guard first else { return }
        IssueScope.$isRecording.withValue(true) {
            Issue.record(
                Comment(rawValue: SwiftTestingWarning.specsTraitForgotten(test: test.name).message),
                severity: .warning, sourceLocation: test.sourceLocation)
        }
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

/// Carries work into Swift Testing's issue-handling scope (a spec's run, an
/// exploration) and its result back.
///
/// The scope's closure must be `@Sendable`, but the work is not. This is safe
/// because the caller awaits the scope, and the work happens once, back on
/// the caller's actor (``perform(on:)``), so it is never used concurrently.
package final class HandOver<Result>: @unchecked Sendable {
    let work: () async -> Result
    /// What the work returned, once it has run.
    package private(set) var result: Result?

    package init(work: @escaping () async -> Result) {
        self.work = work
    }

    package func perform(on actor: isolated (any Actor)?) async {
        result = await work()
    }
}
#endif
