/// A `beforeAll` failure in a group whose examples would be retried: they
/// are left out, not retried, and the message says so.
package struct NotRetried: WrappedFailure, CustomStringConvertible {
    package var error: any Error
    package var wrapped: any Error { error }

    package var description: String {
        "\(String(describing: error)) (the group's examples were left out, not retried: retries rerun an example with its each-hooks, never a group's beforeAll)"
    }
}
