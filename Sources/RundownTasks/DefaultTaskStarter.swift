/// The production ``TaskStarting``: it starts a plain `Task` and keeps no record.
public struct DefaultTaskStarter: TaskStarting {
    /// Creates the starter; it has no state, so every instance behaves the same.
    public init() {}

    /// Starts `Task(name:priority:operation:)`.
    @discardableResult
    public func start<Success: Sendable>(
        priority: TaskPriority?,
        name: String?,
        @_inheritActorContext operation: sending @escaping @isolated(any) () async -> Success
    ) -> Task<Success, Never> {
        Task(name: name, priority: priority, operation: operation)
    }

    /// Starts `Task(name:priority:operation:)`.
    @discardableResult
    public func start<Success: Sendable>(
        priority: TaskPriority?,
        name: String?,
        @_inheritActorContext operation: sending @escaping @isolated(any) () async throws -> Success
    ) -> Task<Success, any Error> {
        Task(name: name, priority: priority, operation: operation)
    }
}

extension TaskStarting where Self == DefaultTaskStarter {
    /// The starter to use as a default argument, so production callers never mention it.
    public static var `default`: DefaultTaskStarter { DefaultTaskStarter() }
}
