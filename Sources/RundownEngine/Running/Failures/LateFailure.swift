/// A failure that arrived after the element that started its task had
/// finished, or after the run of its example that started the task (an
/// attempt, a repetition) had.
package struct LateFailure: WrappedFailure, CustomStringConvertible {
    /// What failed.
    package var error: any Error
    /// The path of the element or hook whose task posted it.
    package var example: [String]
    /// Which run of its example started the task, for an example that
    /// repeats or retries (its description: `attempt 1 of 2`).
    package var run: AttemptNote?
    /// Whether it came after the whole spec run had ended, so that its test may have ended too.
    package var afterRun: Bool

    package init(error: any Error, example: [String], run: AttemptNote? = nil, afterRun: Bool = false) {
        self.error = error
        self.example = example
        self.run = run
        self.afterRun = afterRun
    }

    package var wrapped: any Error { error }

    package var description: String {
        let finished = run.map { "had finished \($0)" } ?? "had finished"
        return
            "\(String(describing: error)) (late: after '\(PathText.joined(example))' \(finished), from a task it started)"
    }
}
