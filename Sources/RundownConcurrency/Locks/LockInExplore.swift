import RundownCore

/// An ``AsyncLock`` inside `explore`: a controlled task that asks for a lock another task holds
/// waits blocked in the schedule, no option of the explorer, until the lock is handed to it in
/// the line's order; a deadlock among controlled tasks is then seen at once.
extension AsyncLock {
    /// How an interleaving names the step that ends where a task asks for this lock:
    /// `lock "db"`, or `resource "keychain"` for a resource's lock.
    var stepLabel: String {
        resource.map { "resource \"\($0.name)\"" } ?? "lock \"\(name)\""
    }

    /// Ends the step of `task`, which waits in line with `ticket` and no deadline of its own,
    /// blocked until the lock is handed to it, it is cancelled, or the run stops. The caller's own
    /// wait then settles at once, or (a stopped run) waits as outside `explore`.
    func waitInRun(for ticket: UInt64, as task: ControlledTask, site: ConcurrencyFailure) async {
        let state = self.state
        let isOver: @Sendable () -> Bool = {
            state.withLock { $0.holder == ticket || !$0.waiters.contains(ticket) }
        }
        let wait = BlockedWait(
            label: stepLabel, site: site, isOver: isOver,
            describe: { [self] in describeHold(for: task.run) },
            // A holder the explorer does not control may let go on its own; asked after `isOver`,
            // when such a holder may have handed the lock to this very task since: that wait is
            // over, no deadlock (the driver looks again).
            endsOnlyInRun: {
                state.withLock { $0.holder != ticket && $0.waiters.contains(ticket) && $0.holderTask?.run === task.run }
            })
        // Progress reports show the blocked task in line, as they show any waiter.
        let note = WaitReporting.note { [self] in describeLine() }
        defer { note.end() }
        while !Task.isCancelled, !isOver(), ControlledTask.takingStep != nil {
            await task.block(on: wait)
        }
    }

    /// What a deadlocked task waits for: `AsyncLock "b", held by 'B'`.
    private func describeHold(for run: ScheduleRun) -> String {
        let (task, party) = state.withLock { ($0.holderTask, $0.holderParty) }
        let holder =
            if let task, task.run === run {
                task.quotedName
            } else {
                party.map(\.description) ?? "nobody"
            }
        return "\(kindAndName), held by \(holder)"
    }
}
