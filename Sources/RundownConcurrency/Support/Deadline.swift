/// An internal timeout, used where a wait would otherwise hang a test run forever.
struct DeadlineExceeded: Error, CustomStringConvertible {
    let description: String

    init(_ description: String) {
        self.description = description
    }
}

/// Runs `operation` and throws `onTimeout()` if it has not finished within `timeout`.
///
/// Both sides run as children of a task group, so whichever finishes first cancels the other and
/// nothing outlives the call. The operation must honour cancellation for the timeout to take
/// effect promptly; every wait in this module does.
func withDeadline<Success: Sendable>(
    _ timeout: Duration,
    onTimeout: @escaping @Sendable () -> any Error,
    operation: @escaping @Sendable () async throws -> Success
) async throws -> Success {
    let clock = ContinuousClock()
    let deadline = clock.now.advanced(by: timeout)
    return try await withThrowingTaskGroup(of: Success.self) { group in
        group.addTask { try await operation() }
        group.addTask {
            try await Task.sleep(until: deadline, clock: clock)
            throw onTimeout()
        }
        defer { group.cancelAll() }
        guard let first = try await group.next() else { throw CancellationError() }
        return first
    }
}
