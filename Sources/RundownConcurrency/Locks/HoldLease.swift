/// Keeps one acquisition of an ``AsyncLock`` from being released while any task still shares it.
///
/// The lease sits in the holder's task-local ``HeldLocks``. Child tasks read it from their parent;
/// an unstructured `Task { }` copies the task-locals, and with them a reference to the lease,
/// and the runtime drops that copy when the task finishes. So the lease lives exactly as long as
/// the last task that may act as the holder, and its end is the moment the lock may be released.
final class HoldLease: Sendable {
    private let lock: AsyncLock
    private let ticket: UInt64

    init(lock: AsyncLock, ticket: UInt64) {
        self.lock = lock
        self.ticket = ticket
        lock.leaseStarted(ticket)
    }

    deinit {
        lock.leaseEnded(ticket)
    }
}
