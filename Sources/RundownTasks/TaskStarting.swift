/// Starts unstructured tasks on behalf of the code that owns them.
///
/// A synchronous method that starts `Task { ... }` hands its work to the scheduler and returns;
/// a test calling that method has nothing to wait for, so its assertions race the task. Injecting
/// a `TaskStarting` value instead of calling `Task.init` directly keeps production behaviour
/// (``DefaultTaskStarter``) while letting a test substitute a `TrackingTaskStarter` (in `RundownConcurrency`) that sees and
/// awaits every task.
///
/// ```swift
/// @MainActor
/// final class Uploader {
///     private let tasks: any TaskStarting
///     private(set) var uploaded: [String] = []
///
///     init(tasks: any TaskStarting = .default) {
///         self.tasks = tasks
///     }
///
///     func uploadLater(_ file: String) {
///         tasks.start(name: "upload \(file)") {
///             await self.upload(file)
///         }
///     }
///
///     private func upload(_ file: String) async {
///         await Task.yield()
///         uploaded.append(file)
///     }
/// }
/// ```
///
/// The operation closure inherits the caller's actor the way `Task { }` does, so the main-actor
/// method above can touch `self` inside it.
public protocol TaskStarting: Sendable {
    /// Starts a task that cannot fail, exactly as `Task(name:priority:operation:)` would.
    ///
    /// - Parameters:
    ///   - priority: The task's priority, or `nil` to inherit it.
    ///   - name: A human-readable name (SE-0469); it shows in debuggers and in tracking reports.
    ///   - operation: The work. It keeps its isolation, so main-actor code stays on the main actor.
    /// - Returns: The task, for callers that want its value or want to cancel it.
    @discardableResult
    func start<Success: Sendable>(
        priority: TaskPriority?,
        name: String?,
        @_inheritActorContext operation: sending @escaping @isolated(any) () async -> Success
    ) -> Task<Success, Never>

    /// Starts a task that can throw, exactly as `Task(name:priority:operation:)` would.
    ///
    /// - Parameters:
    ///   - priority: The task's priority, or `nil` to inherit it.
    ///   - name: A human-readable name (SE-0469); it shows in debuggers and in tracking reports.
    ///   - operation: The work. It keeps its isolation, so main-actor code stays on the main actor.
    /// - Returns: The task, whose value rethrows the operation's error.
    @discardableResult
    func start<Success: Sendable>(
        priority: TaskPriority?,
        name: String?,
        @_inheritActorContext operation: sending @escaping @isolated(any) () async throws -> Success
    ) -> Task<Success, any Error>
}

extension TaskStarting {
    /// Starts a task that cannot fail, with the argument order and defaults of `Task.init`.
    @discardableResult
    public func start<Success: Sendable>(
        name: String? = nil,
        priority: TaskPriority? = nil,
        @_inheritActorContext operation: sending @escaping @isolated(any) () async -> Success
    ) -> Task<Success, Never> {
        start(priority: priority, name: name, operation: operation)
    }

    /// Starts a task that can throw, with the argument order and defaults of `Task.init`.
    @discardableResult
    public func start<Success: Sendable>(
        name: String? = nil,
        priority: TaskPriority? = nil,
        @_inheritActorContext operation: sending @escaping @isolated(any) () async throws -> Success
    ) -> Task<Success, any Error> {
        start(priority: priority, name: name, operation: operation)
    }
}
