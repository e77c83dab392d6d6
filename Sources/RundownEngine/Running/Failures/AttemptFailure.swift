/// A failure of one run of an example that repeats or retries: its message
/// ends with which run it was.
package struct AttemptFailure: WrappedFailure, CustomStringConvertible {
    /// What failed.
    package var error: any Error
    /// Which run: its description is `repetition 7 of 100`; the events file
    /// (`RUNDOWN_EVENTS`) writes its numbers.
    package var run: AttemptNote

    package var wrapped: any Error { error }

    package var description: String {
        "\(String(describing: error)) (\(run))"
    }
}
