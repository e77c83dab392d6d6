/// Tasks started through a ``TrackingTaskStarter`` did not finish when the test needed them to.
public struct TaskTrackingError: Error, CustomStringConvertible {
    /// The tasks still running when the wait gave up.
    public let stillRunning: [TrackedTask]
    /// How long the wait lasted.
    public let waited: Duration

    /// Creates the error; ``TrackingTaskStarter/waitForAll(within:)`` throws it.
    public init(stillRunning: [TrackedTask], waited: Duration) {
        self.stillRunning = stillRunning
        self.waited = waited
    }

    /// Lists every task that is still running, by name.
    public var description: String {
        "Waited \(waited) for tracked tasks to finish, but \(stillRunning.count) still running: "
            + stillRunning.map(\.description).joined(separator: ", ")
    }
}
