/// The `TaskStarting` of ``Schedule/tasks``: every task it starts is a controlled task of the run,
/// so code under test that starts its own tasks is explored too.
struct ControlledTaskStarter: TaskStarting {
    let schedule: Schedule

    func start<Success: Sendable>(
        priority: TaskPriority?,
        name: String?,
        @_inheritActorContext operation: sending @escaping @isolated(any) () async -> Success
    ) -> Task<Success, Never> {
        guard let id = register(name) else {
            // Reported already, or the run has stopped; the code under test still gets a task that
            // does its work.
            return Task(name: name, priority: priority, operation: operation)
        }
        let isolation = isolationOf(operation)
        return ControlledTask.start(
            id, of: schedule.run, name: name, priority: priority, isolation: isolation, operation: { await operation() }
        )
    }

    func start<Success: Sendable>(
        priority: TaskPriority?,
        name: String?,
        @_inheritActorContext operation: sending @escaping @isolated(any) () async throws -> Success
    ) -> Task<Success, any Error> {
        guard let id = register(name) else {
            return Task(name: name, priority: priority, operation: operation)
        }
        let isolation = isolationOf(operation)
        return ControlledTask.start(
            id, of: schedule.run, name: name, priority: priority, isolation: isolation,
            operation: { try await operation() })
    }

    /// Makes a task the code under test starts a controlled task of the run; `nil` if the run
    /// refused it (and said why).
    private func register(_ name: String?) -> Int? {
        // The code under test has no call site worth showing; its failures are the exploration's.
        schedule.register(name ?? "task", call: "tasks.start", site: schedule.run.site, reportsErrors: false)
    }
}
