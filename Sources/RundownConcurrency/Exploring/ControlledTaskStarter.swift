/// The `TaskStarting` of ``Schedule/tasks``: every task it starts is a controlled task of the run,
/// so code under test that starts its own tasks is explored too.
struct ControlledTaskStarter: TaskStarting {
    let schedule: Schedule

    func start<Success: Sendable>(
        priority: TaskPriority?,
        name: String?,
        @_inheritActorContext operation: sending @escaping @isolated(any) () async -> Success
    ) -> Task<Success, Never> {
        // The code under test has no call site worth showing; its failures are the exploration's.
        let site = schedule.run.site
        let label = name ?? "task"
        guard let id = schedule.register(label, call: "tasks.start", site: site, reportsErrors: false) else {
            // Reported already; the code under test still gets a task that does its work.
            return Task(name: name, priority: priority, operation: operation)
        }
        let run = schedule.run
        let task = Task(name: name, priority: priority) {
            if let value = await ControlledTask.run(id, of: run, operation: { await operation() }) { return value }
            // The run stopped before the task's first step: it runs, cancelled, outside any control.
            return await operation()
        }
        run.attach(id) { task.cancel() }
        return task
    }

    func start<Success: Sendable>(
        priority: TaskPriority?,
        name: String?,
        @_inheritActorContext operation: sending @escaping @isolated(any) () async throws -> Success
    ) -> Task<Success, any Error> {
        // The code under test has no call site worth showing; its failures are the exploration's.
        let site = schedule.run.site
        let label = name ?? "task"
        guard let id = schedule.register(label, call: "tasks.start", site: site, reportsErrors: false) else {
            return Task(name: name, priority: priority, operation: operation)
        }
        let run = schedule.run
        let task = Task(name: name, priority: priority) {
            guard let value = try await ControlledTask.runThrowing(id, of: run, operation: { try await operation() })
            else { throw CancellationError() }
            return value
        }
        run.attach(id) { task.cancel() }
        return task
    }
}
