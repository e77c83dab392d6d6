/// The locks that the current task holds right now, directly or shared from the task it was
/// started from.
///
/// Held-ness lives in a task-local so that it follows the tasks that inherit task-locals: child
/// tasks of the holder (`async let`, task groups, the tests of a suite) and `Task { }`s started
/// inside the hold. Each entry carries a ``HoldLease``; a task that carries the entry keeps the
/// lease alive, and the lock is not released until every lease holder is gone.
struct HeldLocks: Sendable {
    struct Entry: Sendable {
        let lock: AsyncLock
        let ticket: UInt64
        let lease: HoldLease
    }

    @TaskLocal static var current = HeldLocks()

    private(set) var entries: [Entry] = []

    func adding(_ lock: AsyncLock, ticket: UInt64, lease: HoldLease) -> HeldLocks {
        var copy = self
        copy.entries.append(Entry(lock: lock, ticket: ticket, lease: lease))
        return copy
    }

    /// The ticket under which the current task holds `lock`, if the hold is still live. A hold
    /// whose owner gave up waiting for it to be shared (see ``AsyncLock``) is no longer live.
    func liveTicket(for lock: AsyncLock) -> UInt64? {
        for entry in entries.reversed() where entry.lock === lock {
            if lock.isCurrentHolder(ticket: entry.ticket) { return entry.ticket }
        }
        return nil
    }

    /// The locks held, outermost first.
    var locks: [AsyncLock] {
        entries.map(\.lock)
    }
}
