/// A failure of one run of an example that repeats or retries: its message
/// ends with which run it was.
package struct AttemptFailure: WrappedFailure, CustomStringConvertible {
    /// What failed.
    package var error: any Error
    /// Which run: `repetition 7 of 100`.
    package var note: String

    package var wrapped: any Error { error }

    package var description: String {
        "\(String(describing: error)) (\(note))"
    }
}
