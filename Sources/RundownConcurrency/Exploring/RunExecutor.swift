import Dispatch
import RundownCore

/// The executor a run's controlled tasks prefer, so their child tasks (task groups, `async let`)
/// take turns with them instead of racing.
///
/// Every controlled task runs under this executor's preference, and its child tasks inherit it (a
/// `Task {}` does not). Their nonisolated jobs, and those of the default actors they call, run here
/// one at a time in the order they were enqueued, so the same step makes the same children reach
/// their first point in the same order. The run counts the jobs queued or running here: when the
/// count falls to zero inside a step, every task that prefers this executor is suspended (a task
/// isolated to the main actor is asked there), which is how the run sees a task waiting for its
/// children (`group.next()`, an `async let`), a wait that never passes through the schedule.
///
/// `TaskExecutor`, `ExecutorJob` and `UnownedJob` are macOS 15 / iOS 18 API; on older systems
/// controlled tasks run on the global executor and their children are not controlled.
final class RunExecutor: Sendable {
    // On the global queue's threads, not a thread of its own: a controlled task's job then runs on
    // the thread that the driver's job has just freed, as on the global executor, without a wake-up
    // (a step of a nonisolated task: 16 µs so, 51 to 84 µs on a queue of its own, 16 to 19 µs
    // before child tasks). A controlled task that blocks its thread holds one of those threads, as
    // it did when controlled tasks ran on the global executor.
    private let queue = DispatchQueue(label: "Rundown.explore.run", target: .global())
    private let key = DispatchSpecificKey<Bool>()
    /// The key of the task whose job runs now, while one runs: see ``currentTaskKey``.
    private let runningKey = Protected<String?>(nil)
    /// Told when a job is queued (`true`) and when one has run (`false`); counts them for the run.
    private let count: @Sendable (_ queued: Bool) -> Void

    init(count: @escaping @Sendable (_ queued: Bool) -> Void) {
        self.count = count
        queue.setSpecific(key: key, value: true)
    }

    /// Whether the calling code runs on this executor: in a controlled task, one of its child
    /// tasks, or an actor one of them called; never in a `Task {}`, the body or another actor.
    var isCurrent: Bool {
        DispatchQueue.getSpecific(key: key) == true
    }

    /// The task whose job runs now on this executor, as a key no later task shares: its ID, as
    /// the job's description gives it (`UnownedJob(id: 7)`). `nil` off the executor, and inside
    /// an actor's job, which runs the jobs of several tasks and has no ID of its own.
    ///
    /// A task's memory, and so `withUnsafeCurrentTask`'s identity, may be given to a task started
    /// after it ended, within one step (a retry loop's next task group); its ID is never reused.
    /// `ChildTaskTests` breaks if the description stops telling tasks apart.
    ///
    /// Code on another thread (a plain `Task {}`, an actor with its own executor) gets `nil`, not
    /// the key of the job running here meanwhile, which is another task's.
    ///
    /// The key is read from the job before it runs: an actor's job is not kept whole while it
    /// runs, and its description read then gave an ID of no task, now and then the same for two
    /// children calling one actor (on Linux), which were then taken for one.
    var currentTaskKey: String? {
        guard isCurrent else { return nil }
        return runningKey.withLock { $0 }
    }

    /// Runs `job` on the serial queue, counted, with ``currentTaskKey`` set while it runs.
    fileprivate func submit(_ job: UnownedJob, run: @escaping @Sendable (UnownedJob) -> Void) {
        count(true)
        queue.async { [count, runningKey] in
            let description = "\(job)"
            // Read only by code that this job runs (on this queue), while it runs.
            runningKey.withLock { $0 = description.hasSuffix("(id: nil)") ? nil : description }
            run(job)
            runningKey.withLock { $0 = nil }
            count(false)
        }
    }
}

@available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, visionOS 2.0, *)
extension RunExecutor: TaskExecutor {
    func enqueue(_ job: consuming ExecutorJob) {
        // The closure keeps the executor alive while the job that refers to it runs.
        submit(UnownedJob(job)) { [self] job in job.runSynchronously(on: asUnownedTaskExecutor()) }
    }
}
