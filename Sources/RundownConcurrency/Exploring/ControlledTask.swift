/// The controlled task the current code runs in, so a `point` or a `sleep` knows whose step it
/// ends; bound by the task's own wrapper around its operation.
struct ControlledTask: Sendable {
    let run: ScheduleRun
    let id: Int

    @TaskLocal static var current: ControlledTask?

    /// Runs `operation` as task `id` of `run`: waits for the first grant, runs the operation with
    /// the task bound, and reports its end.
    ///
    /// If the run stopped before the task's first step, the operation still runs, cancelled and
    /// outside the explorer's control (its points return at once): a body that waits for what the
    /// task does (a stream it finishes, a flag it sets) then gets on to its end.
    ///
    /// The task prefers the run's executor, so its child tasks run there and take turns with it
    /// (see ``RunExecutor``); an operation isolated to an actor (`isolation`) still runs on it.
    static func runThrowing<Success: Sendable>(
        _ id: Int, of run: ScheduleRun, isolation: (any Actor)?,
        operation: () async throws -> Success
    ) async throws -> Success {
        // The end is reported inside the executor's preference: leaving it is a hop, which would
        // let the run see its executor idle before the task has ended.
        let outcome = await onRunExecutor(of: run) {
            _ = await run.arriveAtStart(id, isolation: isolation)
            do {
                let value = try await $current.withValue(ControlledTask(run: run, id: id)) { try await operation() }
                run.end(id, error: nil)
                return Result<Success, any Error>.success(value)
            } catch {
                run.end(id, error: error)
                return .failure(error)
            }
        }
        return try outcome.get()
    }

    /// The same for an operation that cannot fail.
    static func run<Success: Sendable>(
        _ id: Int, of run: ScheduleRun, isolation: (any Actor)?,
        operation: () async -> Success
    ) async -> Success {
        await onRunExecutor(of: run) {
            _ = await run.arriveAtStart(id, isolation: isolation)
            let value = await $current.withValue(ControlledTask(run: run, id: id)) { await operation() }
            run.end(id, error: nil)
            return value
        }
    }

    /// Starts the real task of controlled task `id` of `run`: it waits for its first grant, runs
    /// `operation` (isolated to `isolation`, if any) as the task, and a stop of the run cancels it.
    static func start<Success: Sendable>(
        _ id: Int, of run: ScheduleRun, name: String?, priority: TaskPriority?, isolation: (any Actor)?,
        operation: sending @escaping () async -> Success
    ) -> Task<Success, Never> {
        let task = Task(name: name, priority: priority) {
            await Self.run(id, of: run, isolation: isolation) { await operation() }
        }
        run.attach(id) { task.cancel() }
        return task
    }

    /// The same for an operation that can throw.
    static func start<Success: Sendable>(
        _ id: Int, of run: ScheduleRun, name: String?, priority: TaskPriority?, isolation: (any Actor)?,
        operation: sending @escaping () async throws -> Success
    ) -> Task<Success, any Error> {
        let task = Task(name: name, priority: priority) {
            try await runThrowing(id, of: run, isolation: isolation) { try await operation() }
        }
        run.attach(id) { task.cancel() }
        return task
    }

    /// Runs `body` preferring `run`'s executor, where its nonisolated code and its child tasks run;
    /// on a system older than task executors, as before (its children are not controlled).
    private static func onRunExecutor<Value>(of run: ScheduleRun, _ body: () async -> Value) async -> Value {
        if #available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, visionOS 2.0, *) {
            return await withTaskExecutorPreference(run.executor, operation: body)
        }
        return await body()
    }
}

/// The actor an operation is isolated to. Read through this function because Swift 6.3 crashes
/// compiling `.isolation` on a `sending` parameter read in place.
func isolationOf<Success>(_ operation: @isolated(any) () async throws -> Success) -> (any Actor)? {
    operation.isolation
}
