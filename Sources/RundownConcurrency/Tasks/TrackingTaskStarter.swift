import RundownCore

/// A `TaskStarting` for tests: it records every task it starts and lets the test wait for them,
/// cancel them, or fail when some are left running.
///
/// Inject the same instance into the code under test; tasks that those tasks start through it are
/// tracked too, with a link to the task that started them.
///
/// ```swift
/// let tasks = TrackingTaskStarter()
/// let uploader = Uploader(tasks: tasks)
/// uploader.uploadLater("photo.jpg")      // synchronous; the upload runs in a task
/// try await tasks.waitForAll()           // also waits for tasks started meanwhile
/// #expect(uploader.uploaded == ["photo.jpg"])
/// #expect(tasks.startedTasks.map(\.name) == ["upload photo.jpg"])
/// tasks.expectNoneRunning()
/// ```
public final class TrackingTaskStarter: TaskStarting {
    let state = Protected(State())

    /// Creates a starter that has not started anything yet.
    public init() {}

    /// Every task started so far, in start order, with whether it is still running.
    public var startedTasks: [TrackedTask] {
        state.withLock { state in state.records.map { $0.snapshot } }
    }

    /// The tasks whose operation has not returned yet.
    public var runningTasks: [TrackedTask] {
        startedTasks.filter(\.isRunning)
    }

    /// Starts and records a task that cannot fail.
    ///
    /// The operation itself is the task's body, started exactly as `Task(name:priority:operation:)`
    /// starts it: on its own actor, so operations started in order on one actor begin in that
    /// order. The returned task is a thin wrapper that finishes after the operation and after the
    /// record says so, so `await task.value` followed by ``expectNoneRunning(fileID:filePath:line:column:)``
    /// is exact; cancelling it cancels the operation.
    ///
    /// Started by a controlled task of `explore` while it takes its step, the task is a controlled
    /// task of that run too, named by `name` (or "task"), and still tracked: its record says it has
    /// finished at the end of its last step, and the task returned is the task itself.
    @discardableResult
    public func start<Success: Sendable>(
        priority: TaskPriority?,
        name: String?,
        @_inheritActorContext operation: sending @escaping @isolated(any) () async -> Success
    ) -> Task<Success, Never> {
        let context = register(name: name, priority: priority)
        // `operation` is used once: handed to `startInRun`, or to the task that the closure below
        // starts; that closure runs once, synchronously, which the compiler cannot see.
        nonisolated(unsafe) let operation = operation
        if let inRun = registerInRun(context, name: name) {
            return startInRun(inRun, context: context, priority: priority, name: name, operation: operation)
        }
        let work = TrackingContext.$current.withValue(context) {
            Task(name: name, priority: priority, operation: operation)
        }
        let task = Task.detached(name: name, priority: priority) { [self] in
            defer { finish(context.taskID) }
            return await withTaskCancellationHandler {
                await work.value
            } onCancel: {
                work.cancel()
            }
        }
        attach(context.taskID) { task.cancel() }
        return task
    }

    /// Starts and records a task that can throw, the same way as the non-throwing `start`.
    @discardableResult
    public func start<Success: Sendable>(
        priority: TaskPriority?,
        name: String?,
        @_inheritActorContext operation: sending @escaping @isolated(any) () async throws -> Success
    ) -> Task<Success, any Error> {
        let context = register(name: name, priority: priority)
        // `operation` is used once: handed to `startInRun`, or to the task that the closure below
        // starts; that closure runs once, synchronously, which the compiler cannot see.
        nonisolated(unsafe) let operation = operation
        if let inRun = registerInRun(context, name: name) {
            return startInRun(inRun, context: context, priority: priority, name: name, operation: operation)
        }
        let work = TrackingContext.$current.withValue(context) {
            Task(name: name, priority: priority, operation: operation)
        }
        let task = Task.detached(name: name, priority: priority) { [self] in
            defer { finish(context.taskID) }
            return try await withTaskCancellationHandler {
                try await work.value
            } onCancel: {
                work.cancel()
            }
        }
        attach(context.taskID) { task.cancel() }
        return task
    }

    /// Suspends until no tracked task is running, including tasks started while it waits.
    ///
    /// It returns when the running count reaches zero; a tracked task cannot finish before the
    /// tasks it starts are registered, so "zero" really means the whole tree is done.
    ///
    /// Inside `explore`, a controlled task that calls it while taking its step waits blocked in the
    /// schedule: its step ends here, and it is no option of the explorer until no tracked task
    /// runs. The tasks a controlled task starts through this starter are controlled tasks of the
    /// run themselves, so each order of their steps is explored, and a cycle (a tracked task that
    /// waits for something only the waiter does after this wait) is reported at once as a
    /// deadlock naming the tasks. There `timeout` is not used: the wait ends when the run's own
    /// steps end the tasks, whatever the wall time, and a wait that never ends is a deadlock, or,
    /// for tracked tasks started outside the run, a task stuck past the step deadline.
    ///
    /// - Parameter timeout: How long to wait; `nil` means 10 seconds times `RUNDOWN_TIMEOUT_SCALE`.
    /// - Throws: ``TaskTrackingError`` listing the tasks still running at the deadline,
    ///   `CancellationError` if the waiting task is cancelled, or ``InvalidArgumentError`` if
    ///   `timeout` is not more than zero.
    public func waitForAll(within timeout: Duration? = nil) async throws {
        let limit = timeout ?? TimeoutScale.scaled(.seconds(10))
        try InvalidArgumentError.checkTimeout(limit, in: "TrackingTaskStarter.waitForAll(within:)")
        let id = state.withLock { $0.nextWaiterID() }
        let note = WaitReporting.note { [self] in describeWait() }
        defer { note.end() }
        // In a run, the schedule's own steps end the wait, and the timeout is not used. A task that
        // leaves it otherwise (cancelled, or a stopped run) waits on as outside `explore`.
        if let controlled = ControlledTask.takingStep {
            await waitInRun(as: controlled)
        }
        try await parkUntilAnswered(
            id, in: state, within: limit, answered: \.answeredWaiters,
            isAnswered: { $0.runningCount == 0 },
            enqueue: { state, continuation in
                state.idleWaiters.append((id, continuation))
                return []
            },
            dequeue: { state in
                guard let index = state.idleWaiters.firstIndex(where: { $0.id == id }) else { return nil }
                return state.idleWaiters.remove(at: index).continuation
            },
            timedOut: { state in
                TaskTrackingError(stillRunning: state.records.filter(\.isRunning).map(\.snapshot), waited: limit)
            }
        )
    }

    /// A `waitForAll` in a progress report: `tracked tasks (waitForAll): 2 still running: 'upload
    /// a.jpg', unnamed task #3`.
    func describeWait() -> String {
        let running = runningTasks
        let list =
            running.isEmpty
            ? "none running, ending"
            : "\(running.count) still running: "
                + running.map(\.label).joined(separator: ", ")
        return "tracked tasks (waitForAll): " + list
    }

    /// Cancels every tracked task that is still running.
    ///
    /// Cancellation is cooperative: follow with ``waitForAll(within:)`` to know they have stopped.
    public func cancelAll() {
        let handles = state.withLock { state -> [@Sendable () -> Void] in
            var handles: [@Sendable () -> Void] = []
            for index in state.records.indices where state.records[index].isRunning {
                if let cancel = state.records[index].cancel {
                    handles.append(cancel)
                } else {
                    state.records[index].cancelWhenAttached = true
                }
            }
            return handles
        }
        for cancel in handles { cancel() }
    }

    /// Records a test failure naming every tracked task that is still running.
    ///
    /// Call it at the end of a test (or example) to catch work that escaped the test's control;
    /// such a task would otherwise go on mutating state while the next test runs.
    ///
    /// - Returns: `true` when nothing is running.
    @discardableResult
    public func expectNoneRunning(
        fileID: String = #fileID,
        filePath: StaticString = #filePath,
        line: Int = #line,
        column: Int = #column
    ) -> Bool {
        let running = runningTasks
        guard !running.isEmpty else { return true }
        FailureRouting.record(
            ConcurrencyFailure(
                ToolkitFailure.tasksStillRunning(running).explanation, fileID: fileID, filePath: filePath, line: line,
                column: column))
        return false
    }

    // MARK: - Bookkeeping

    private func register(name: String?, priority: TaskPriority?) -> TrackingContext {
        let parent = TrackingContext.current.flatMap { $0.tracker == ObjectIdentifier(self) ? $0.taskID : nil }
        let id = state.withLock { state in
            let id = state.records.count + 1
            state.records.append(Record(id: id, name: name, priority: priority, parentID: parent))
            state.runningCount += 1
            return id
        }
        return TrackingContext(tracker: ObjectIdentifier(self), taskID: id)
    }

    func attach(_ id: Int, cancel: @escaping @Sendable () -> Void) {
        let cancelNow = state.withLock { state -> Bool in
            let index = id - 1
            guard state.records[index].isRunning else { return false }
            state.records[index].cancel = cancel
            return state.records[index].cancelWhenAttached
        }
        if cancelNow { cancel() }
    }

    func finish(_ id: Int) {
        let waiters = state.withLock { state -> [CheckedContinuation<Void, any Error>] in
            state.records[id - 1].isRunning = false
            state.records[id - 1].cancel = nil
            state.runningCount -= 1
            guard state.runningCount == 0 else { return [] }
            defer { state.idleWaiters.removeAll() }
            state.answeredWaiters.formUnion(state.idleWaiters.map(\.id))
            return state.idleWaiters.map(\.continuation)
        }
        for waiter in waiters { waiter.resume() }
    }

    struct Record {
        let id: Int
        let name: String?
        let priority: TaskPriority?
        let parentID: Int?
        var isRunning = true
        var cancel: (@Sendable () -> Void)?
        var cancelWhenAttached = false
        /// The run of `explore` whose controlled task this is, when a controlled task started it
        /// while taking its step: only that run's steps can end it.
        var run: ScheduleRun?

        var snapshot: TrackedTask {
            TrackedTask(id: id, name: name, priority: priority, parentID: parentID, isRunning: isRunning)
        }
    }

    struct State {
        var records: [Record] = []
        var runningCount = 0
        var lastWaiterID: UInt64 = 0
        var idleWaiters: [(id: UInt64, continuation: CheckedContinuation<Void, any Error>)] = []
        /// Waiters that the last running task's end released while their wait was still under way.
        var answeredWaiters: Set<UInt64> = []

        mutating func nextWaiterID() -> UInt64 {
            lastWaiterID += 1
            return lastWaiterID
        }
    }
}

/// Which tracked task the current code runs in, so tasks it starts can name their parent.
struct TrackingContext: Sendable {
    let tracker: ObjectIdentifier
    let taskID: Int

    @TaskLocal static var current: TrackingContext?
}
