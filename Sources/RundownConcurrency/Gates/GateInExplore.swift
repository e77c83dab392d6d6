import RundownCore

/// A ``Gate`` inside `explore`: a controlled task that arrives at a closed gate, or waits for
/// arrivals that have not come, waits blocked in the schedule, no option of the explorer, until
/// another step opens the gate or arrives; two test doubles can wait for each other this way.
///
/// Only the run's own steps can end such a wait once every controlled task is blocked (the body
/// waits for them then), so a gate nobody opens is a deadlock, reported at once.
extension Gate {
    /// Parks arrival `id` of `task` at the gate, blocked until `open()` releases it. The caller's
    /// own wait then settles at once; one that was not released (the task was cancelled, or the
    /// run stopped) leaves the gate here and parks again as outside `explore`.
    func arriveInRun(_ id: UInt64, party: WaitingParty, as task: ControlledTask) async {
        let state = self.state
        let watchers = state.withLock { state in
            state.parked.append(State.Parked(id: id, party: party, continuation: nil))
            return state.watchers.satisfied(by: state.parked.count)
        }
        for watcher in watchers { watcher.resume() }
        let isOver: @Sendable () -> Bool = {
            state.withLock { $0.isOpen || $0.released.contains(id) }
        }
        let wait = BlockedWait(
            label: "arrive \"\(name)\"", site: task.run.describeTask(task.id).site, isOver: isOver,
            describe: { [self] in describeArrival(id) }, endsOnlyInRun: { true })
        while !Task.isCancelled, !isOver(), ControlledTask.takingStep != nil {
            await task.block(on: wait)
        }
        state.withLock { state in
            guard !state.isOpen, !state.released.contains(id) else { return }
            state.parked.removeAll { $0.id == id }
        }
    }

    /// Blocks `task` until at least `count` arrivals are parked at the gate; the caller's own
    /// wait then settles at once, or (cancelled, or a stopped run) waits as outside `explore`.
    func watchInRun(_ count: Int, as task: ControlledTask) async {
        let state = self.state
        let isOver: @Sendable () -> Bool = { state.withLock { $0.parked.count >= count } }
        let wait = BlockedWait(
            label: "waitUntilParked \"\(name)\"", site: task.run.describeTask(task.id).site, isOver: isOver,
            describe: { [self] in describeWatch(count) }, endsOnlyInRun: { true })
        while !Task.isCancelled, !isOver(), ControlledTask.takingStep != nil {
            await task.block(on: wait)
        }
    }
}
