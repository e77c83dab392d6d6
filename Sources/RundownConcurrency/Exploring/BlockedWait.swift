import RundownCore

/// What a blocked controlled task waits for: a lock another task holds, a gate to open, tasks to
/// end. While it waits the task is no option of the scheduler; it becomes one again at the first
/// choice that finds its wait over.
///
/// The closures are asked by the scheduler: `isOver` under the run's lock, while no controlled
/// task takes a step, so it reads only the waited-for thing's own state and never calls into the
/// run (and once more out of that lock, before a deadlock is reported); the others out of that
/// lock.
struct BlockedWait: Sendable {
    /// How the step that ends here names its end in an interleaving: `withLock "b"`.
    let label: String
    /// Where the wait was asked for: where a deadlock is reported.
    let site: ConcurrencyFailure
    /// Whether the wait is over, and the task can go on when picked.
    let isOver: @Sendable () -> Bool
    /// What it waits for and, where there is one, who holds it: `AsyncLock "b", held by 'B'`.
    let describe: @Sendable () -> String
    /// Whether only a controlled task of this run can end the wait: when every unfinished task
    /// waits so, none of them ever will. A wait something else may end (a lock held by a task
    /// the explorer does not control) is not a deadlock yet.
    let endsOnlyInRun: @Sendable () -> Bool
}

extension ControlledTask {
    /// The controlled task calling now, while it takes a step of its run (a child task of one
    /// included, which becomes a controlled task here): a wait it makes takes part in the
    /// schedule. `nil` anywhere else (no exploration, the body, a plain `Task {}` a controlled task
    /// started, a run that stopped), where waits wait as they always do.
    static var takingStep: ControlledTask? {
        guard let current, !current.run.isOver, let id = current.run.stepTaker(binding: current.id) else {
            return nil
        }
        return ControlledTask(run: current.run, id: id)
    }

    /// Ends this task's step at `wait`, and returns once the scheduler picks it again, after the
    /// wait is over, the task was cancelled, or the run stopped (then the caller waits on its
    /// own, as outside `explore`).
    func block(on wait: BlockedWait) async {
        await run.block(id, on: wait)
    }

    /// How a wait names this task to others: `'writer'`.
    var quotedName: String {
        run.describeTask(id).name.quotedInMessage
    }
}

extension String {
    /// A task's name as messages quote it: `'writer'`.
    var quotedInMessage: String { "'\(self)'" }
}
