// How code that holds a runner posts a failure to that runner's run.

extension ExampleRunner {
    /// Hands a failure that was not thrown to the run of the spec this
    /// runner's closure belongs to, which attributes it to the element or
    /// hook this runner runs.
    ///
    /// - Parameters:
    ///   - message: What failed, without the path.
    ///   - location: Where: the assertion's or check's line.
    ///   - recordedByFramework: Whether the test framework has recorded it
    ///     already, so the run counts it and no host records it again.
    /// - Returns: Whether the runner belongs to a spec run (a runner made by
    ///   hand does not); if not, the caller reports the failure itself.
    @discardableResult
    package func post(_ message: String, at location: CodeLocation, recordedByFramework: Bool = false) -> Bool {
        guard inbox != nil else { return false }
        let failure = PostedFailure(message: message, location: location, recordedByFramework: recordedByFramework)
        RunContext.announce(failure)
        return postToRun(failure)
    }

    /// Puts `failure` in the inbox of this runner's run, attributed to this
    /// runner; `false` for a runner made by hand, which belongs to no run.
    func postToRun(_ failure: PostedFailure) -> Bool {
        guard let inbox else { return false }
        inbox.post(attributed(failure))
        return true
    }

    /// `failure` as the inbox keeps it: attributed to this runner, at its
    /// own place or, if it has none, this runner's.
    func attributed(_ failure: PostedFailure) -> FailureInbox.Posted {
        let error: any Error =
            failure.recordedByFramework
            ? RecordedByFramework(message: failure.message) : ReportedFailure(message: failure.message)
        return .posted(runner: self, error: error, location: failure.location ?? location)
    }
}
