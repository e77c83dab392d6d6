/// The locks that the current task, or one of its ancestors, holds right now.
///
/// Held-ness lives in a task-local so that it follows structured concurrency: child tasks of the
/// holder (`async let`, task groups, the tests of a suite) see the hold, unrelated tasks do not.
/// Each entry carries the ticket of one acquisition; an unstructured task that copied the value and
/// outlives the scope sees a stale ticket and therefore no longer counts as a holder.
struct HeldLocks: Sendable {
    struct Entry: Sendable {
        let lock: AsyncLock
        let ticket: UInt64
    }

    @TaskLocal static var current = HeldLocks()

    private(set) var entries: [Entry] = []

    func adding(_ lock: AsyncLock, ticket: UInt64) -> HeldLocks {
        var copy = self
        copy.entries.append(Entry(lock: lock, ticket: ticket))
        return copy
    }

    /// The ticket under which the current task holds `lock`, if the hold is still live.
    func liveTicket(for lock: AsyncLock) -> UInt64? {
        for entry in entries.reversed() where entry.lock === lock {
            if lock.isCurrentHolder(ticket: entry.ticket) { return entry.ticket }
        }
        return nil
    }
}
