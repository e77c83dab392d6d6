import Testing

/// Fails a test in which a spec skipped everything: a skip that was not expected.
///
/// When everything in a spec was skipped, Rundown records a warning (and,
/// with the `.specs` trait, cancels the test when it ends); neither fails the
/// test. So if the engine wrongly decided "everything was skipped", a test
/// whose examples were meant to run would end green without having asserted
/// anything. With this trait such a test fails instead.
///
/// It notices every way a spec can say so: the warning, which it turns into
/// an error; Swift Testing's cancellation thrown out of the test; and the
/// test's task left cancelled when it ends. Each is an issue saying what
/// happened.
///
/// Put it on every suite whose specs are expected to run; a test that checks
/// a fully skipped spec on purpose goes in a suite without it.
struct FailsWhenCancelled: TestTrait, SuiteTrait, TestScoping {
    var isRecursive: Bool { true }

    func provideScope(for test: Test, testCase: Test.Case?, performing function: @Sendable () async throws -> Void)
        async throws
    {
        do {
            try await IssueHandlingTrait.compactMapIssues(Self.failingFullSkips).provideScope(
                for: test, testCase: testCase, performing: function)
        } catch  where Task.isCancelled {
            Issue.record(
                "the test was cancelled (\(error)): a spec in it skipped everything, though its examples were expected to run",
                sourceLocation: test.sourceLocation
            )
            return
        }
        if Task.isCancelled {
            Issue.record(
                "the test ended cancelled: a spec in it skipped everything, though its examples were expected to run",
                sourceLocation: test.sourceLocation
            )
        }
    }
}

extension FailsWhenCancelled {
    /// Rundown's warning that a spec skipped every example, made an error.
    @Sendable static func failingFullSkips(_ issue: Issue) -> Issue? {
        guard issue.severity == .warning,
            issue.comments.contains(where: { $0.rawValue.contains("was skipped; the test goes on") })
        else {
            return issue
        }
        var failing = issue
        failing.severity = .error
        failing.comments.append("unexpected: a spec skipped everything, though its examples were expected to run")
        return failing
    }
}

extension Trait where Self == FailsWhenCancelled {
    /// Fails a test that ends cancelled (see ``FailsWhenCancelled``).
    static var failsWhenCancelled: Self { Self() }
}
