/// The tasks waiting for an ``AsyncLock``, in the order they arrived.
///
/// Invariants. Tickets only grow, so the order of arrival is the order of tickets, and `order`
/// holds the tickets in that order from `head` on. A ticket is in line exactly while `waiters`
/// has an entry for it; a waiter that leaves early (timed out, cancelled) only loses its entry,
/// and its ticket stays in `order` until the head passes it or a compaction drops it. So every
/// operation is O(1) amortized: joining appends, leaving removes one dictionary entry, handing
/// over skips the tickets that left, each of which is skipped once. (An array with
/// `removeFirst` and a linear search for a ticket made a line of n waiters cost O(n²).)
struct WaitingLine {
    private var waiters: [UInt64: AsyncLock.Waiter] = [:]
    private var order: [UInt64] = []
    private var head = 0

    /// How many tasks are in line.
    var count: Int { waiters.count }

    var isEmpty: Bool { waiters.isEmpty }

    /// Puts `waiter` at the end of the line; its ticket must be newer than every ticket in line.
    mutating func append(_ waiter: AsyncLock.Waiter) {
        waiters[waiter.ticket] = waiter
        order.append(waiter.ticket)
    }

    /// The first `count` waiters in line, first first, for progress reports: at most `count`
    /// lookups past the tickets that left, never the whole line.
    func first(_ count: Int) -> [AsyncLock.Waiter] {
        var first: [AsyncLock.Waiter] = []
        for ticket in order[head...] {
            guard first.count < count else { break }
            if let waiter = waiters[ticket] { first.append(waiter) }
        }
        return first
    }

    /// Whether `ticket` is in line.
    func contains(_ ticket: UInt64) -> Bool {
        waiters[ticket] != nil
    }

    /// Gives the waiter of `ticket` the continuation of its parked task; `false` if it is not in line.
    mutating func park(_ ticket: UInt64, _ continuation: CheckedContinuation<Void, any Error>) -> Bool {
        guard waiters[ticket] != nil else { return false }
        waiters[ticket]?.continuation = continuation
        return true
    }

    /// Takes the first waiter out of the line.
    mutating func removeFirst() -> AsyncLock.Waiter? {
        while head < order.count {
            let ticket = order[head]
            head += 1
            if let first = waiters.removeValue(forKey: ticket) {
                compact()
                return first
            }
        }
        compact()
        return nil
    }

    /// Takes `ticket` out of the line, wherever it stands.
    mutating func remove(_ ticket: UInt64) -> AsyncLock.Waiter? {
        guard let waiter = waiters.removeValue(forKey: ticket) else { return nil }
        compact()
        return waiter
    }

    /// Drops the tickets served or gone once they outnumber the waiters, so the storage stays
    /// proportional to the line under endless contention too; what a compaction copies is at most
    /// what was dropped since the last one, which keeps every operation O(1) amortized.
    private mutating func compact() {
        let stored = order.count - head
        if waiters.isEmpty {
            order.removeAll(keepingCapacity: order.count < 1024)
            head = 0
        } else if stored > 2 * waiters.count + 16 {
            order = order[head...].filter { waiters[$0] != nil }
            head = 0
        } else if head > 16 && head > stored {
            order.removeFirst(head)
            head = 0
        }
    }
}
