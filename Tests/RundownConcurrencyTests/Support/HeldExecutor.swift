import RundownTestSupport

/// A task executor that runs nothing until the test says so: the jobs of the tasks that prefer it
/// (and of their child tasks) wait in a queue, in the order they were enqueued, and
/// ``runUntilIdle()`` runs them on the test's thread.
///
/// It makes a task late on purpose, which a busy machine does by chance: a waiter whose deadline
/// and answer are both due can be held until both are queued, then run in the order that used to
/// fail.
///
/// `TaskExecutor`, `ExecutorJob` and `UnownedJob` are macOS 15 / iOS 18 API, newer than the
/// platforms the package declares.
@available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, *)
final class HeldExecutor: TaskExecutor, @unchecked Sendable {
    // @unchecked: the only stored property is a `Locked` queue; a job is taken out under its lock
    // and run once, by the one caller of runUntilIdle() that took it.
    private let queue = Locked<[UnownedJob]>([])

    func enqueue(_ job: consuming ExecutorJob) {
        let job = UnownedJob(job)
        queue.withLock { $0.append(job) }
    }

    /// How many jobs wait to run.
    var pending: Int { queue.withLock { $0.count } }

    /// Runs the waiting jobs, and those they enqueue, until none is left: every task that prefers
    /// this executor is then suspended or done.
    func runUntilIdle() {
        while let job = queue.withLock({ $0.isEmpty ? nil : $0.removeFirst() }) {
            job.runSynchronously(on: asUnownedTaskExecutor())
        }
    }
}
