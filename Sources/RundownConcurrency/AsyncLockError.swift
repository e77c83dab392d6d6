/// The ways ``AsyncLock`` refuses a request instead of deadlocking.
public enum AsyncLockError: Error, Equatable, CustomStringConvertible {
    /// The task that holds the lock (or one of its child tasks) asked for it again.
    ///
    /// Waiting would never end, because the holder cannot release while it waits for itself.
    case reentrantAcquisition(lock: String)

    /// Names the lock and says how to get out of the situation.
    public var description: String {
        switch self {
        case .reentrantAcquisition(let lock):
            return "AsyncLock '\(lock)' is already held by this task; acquiring it again would deadlock. "
                + "AsyncLock is not re-entrant: do the nested work inside the outer withLock instead."
        }
    }
}
