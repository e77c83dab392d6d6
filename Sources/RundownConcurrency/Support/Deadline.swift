/// An internal timeout, used where a wait would otherwise hang a test run forever.
struct DeadlineExceeded: Error, CustomStringConvertible {
    let description: String

    init(_ description: String) {
        self.description = description
    }
}

/// Runs `operation` and throws the error `onTimeout()` returns if it has not finished within
/// `timeout`; when `onTimeout()` returns `nil` instead, the operation has been answered after all
/// (see ``parkUntilAnswered(_:in:within:answered:isAnswered:enqueue:dequeue:timedOut:)``) and the
/// call waits for it to end.
///
/// Both sides run as children of a task group, so whichever decides first cancels the other and
/// nothing outlives the call. The operation must honour cancellation for the timeout to take
/// effect promptly; every wait in this module does.
func withDeadline<Success: Sendable>(
    _ timeout: Duration,
    onTimeout: @escaping @Sendable () -> (any Error)?,
    operation: @escaping @Sendable () async throws -> Success
) async throws -> Success {
    let clock = ContinuousClock()
    let deadline = clock.now.advanced(by: timeout)
    return try await withThrowingTaskGroup(of: Success?.self) { group in
        group.addTask { try await operation() }
        group.addTask {
            try await Task.sleep(until: deadline, clock: clock)
            if let failure = onTimeout() { throw failure }
            return nil
        }
        defer { group.cancelAll() }
        while let ended = try await group.next() {
            if let value = ended { return value }
        }
        throw CancellationError()
    }
}
