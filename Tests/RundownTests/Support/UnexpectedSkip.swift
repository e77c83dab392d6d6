import Testing

/// Fails a test that ends cancelled: a skip that was not expected.
///
/// When everything in a spec was skipped, Rundown reports its Swift Testing
/// test as cancelled (`Test.cancel`), and a cancelled test is neither passed
/// nor failed. So if the engine wrongly decided "everything was skipped", a
/// test whose examples were meant to run would end green without having
/// asserted anything: the assertions after its spec never run, or run on
/// nothing. With this trait such a test fails instead.
///
/// It notices both ways a spec can cancel its test: by throwing Swift
/// Testing's cancellation out of `spec` (what the host does today), and by
/// leaving the test's task cancelled while the test goes on (a fully skipped
/// spec that does not hide what follows it). Each is an issue at the test's
/// own location, saying what happened.
///
/// Put it on every suite whose specs are expected to run; a test that checks
/// a fully skipped spec on purpose goes in a suite without it.
struct FailsWhenCancelled: TestTrait, SuiteTrait, TestScoping {
    var isRecursive: Bool { true }

    func provideScope(for test: Test, testCase: Test.Case?, performing function: @Sendable () async throws -> Void) async throws {
        do {
            try await function()
        } catch where Task.isCancelled {
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

extension Trait where Self == FailsWhenCancelled {
    /// Fails a test that ends cancelled (see ``FailsWhenCancelled``).
    static var failsWhenCancelled: Self { Self() }
}
