import RundownCore

/// A ``TrackingTaskStarter`` inside `explore`: a task that a controlled task starts through it
/// while taking its step is a controlled task of the run too, still tracked, and
/// ``TrackingTaskStarter/waitForAll(within:)`` called by a controlled task waits blocked in the
/// schedule until no tracked task runs.
///
/// Such a task's record says it has finished inside its last step, before the run hears of its
/// end: at the next choice, whether a waiter may go on is read from the records alone, never from
/// how far a wrapper task has got in wall time.
extension TrackingTaskStarter {
    /// Makes the tracked task `context` a controlled task of the run whose task is taking its step
    /// now, named by `name` or "task"; `nil` outside a step (no exploration, the body, a plain
    /// `Task {}`, a stopped run), where the task is started as outside `explore`.
    func registerInRun(_ context: TrackingContext, name: String?) -> ControlledTask? {
        guard let parent = ControlledTask.takingStep else { return nil }
        let run = parent.run
        // The code under test has no call site worth showing; its failures are the exploration's.
        guard let id = run.register(name: name ?? "task", site: run.site, reportsErrors: false) else { return nil }
        state.withLock { $0.records[context.taskID - 1].run = run }
        return ControlledTask(run: run, id: id)
    }

    /// Starts tracked task `context` as controlled task `task`: it waits for its first step, and
    /// its record is finished at the end of its operation, inside its last step. The task returned
    /// is the task itself; cancelling it cancels the operation.
    func startInRun<Success: Sendable>(
        _ task: ControlledTask, context: TrackingContext, priority: TaskPriority?, name: String?,
        operation: sending @escaping @isolated(any) () async -> Success
    ) -> Task<Success, Never> {
        let (run, id) = (task.run, task.id)
        let isolation = isolationOf(operation)
        // The closure below runs once, synchronously, and is the only user of `operation`, which
        // it hands on to the task; the compiler cannot see that a `withValue` body runs once.
        nonisolated(unsafe) let operation = operation
        let work = TrackingContext.$current.withValue(context) {
            ControlledTask.start(id, of: run, name: name, priority: priority, isolation: isolation) { [self] in
                defer { finish(context.taskID) }
                return await operation()
            }
        }
        attach(context.taskID) { work.cancel() }
        return work
    }

    /// The same for an operation that can throw.
    func startInRun<Success: Sendable>(
        _ task: ControlledTask, context: TrackingContext, priority: TaskPriority?, name: String?,
        operation: sending @escaping @isolated(any) () async throws -> Success
    ) -> Task<Success, any Error> {
        let (run, id) = (task.run, task.id)
        let isolation = isolationOf(operation)
        // As above: the `withValue` body runs once and is the only user of `operation`.
        nonisolated(unsafe) let operation = operation
        let work = TrackingContext.$current.withValue(context) {
            ControlledTask.start(id, of: run, name: name, priority: priority, isolation: isolation) { [self] in
                defer { finish(context.taskID) }
                return try await operation()
            }
        }
        attach(context.taskID) { work.cancel() }
        return work
    }

    /// Ends the step of `task` blocked until no tracked task runs, it is cancelled, or the run
    /// stops. The caller's own wait then settles at once, or (cancelled, or a stopped run) waits
    /// as outside `explore`.
    ///
    /// Only the run's steps can end the wait when every running tracked task is a controlled task
    /// of this run; a tracked task started elsewhere (by the body, or outside `explore`) ends in
    /// wall time, and the driver waits for it up to the step deadline. Such a task may end between
    /// the choice that found the wait not over and the driver's question whether only the run can
    /// end it: with nothing running, the answer is no, and the next choice finds the wait over.
    func waitInRun(as task: ControlledTask) async {
        let state = self.state
        let run = task.run
        let isOver: @Sendable () -> Bool = { state.withLock { $0.runningCount == 0 } }
        let wait = BlockedWait(
            label: "waitForAll", site: run.describeTask(task.id).site, isOver: isOver,
            describe: { [self] in describeWait() },
            // Asked after `isOver`: a tracked task started outside the run may have ended since,
            // and a wait that is over now is no deadlock (the driver looks again).
            endsOnlyInRun: {
                state.withLock { state in
                    state.runningCount > 0 && state.records.allSatisfy { !$0.isRunning || $0.run === run }
                }
            })
        while !Task.isCancelled, !isOver(), ControlledTask.takingStep != nil {
            await task.block(on: wait)
        }
    }
}
