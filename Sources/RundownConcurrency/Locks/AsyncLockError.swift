/// The ways ``AsyncLock`` refuses a request instead of deadlocking or waiting forever.
public enum AsyncLockError: Error, Equatable, CustomStringConvertible {
    /// The task that holds the lock (or a task that shares its hold) asked for it again.
    ///
    /// Waiting would never end, because the holder cannot release while it waits for itself.
    case reentrantAcquisition(lock: String)
    /// The caller's deadline passed while it waited in line; `holder` says who had the lock then
    /// (a test or spec, or `nil` for code outside any).
    case timedOut(lock: String, waited: Duration, holder: String?)

    /// Names the lock and says how to get out of the situation.
    public var description: String {
        switch self {
        case .reentrantAcquisition(let lock):
            return "AsyncLock '\(lock)' is already held by this task; acquiring it again would deadlock. "
                + "AsyncLock is not re-entrant: do the nested work inside the outer withLock instead."
        case .timedOut(let lock, let waited, let holder):
            let who = holder ?? "a task outside any test"
            return "AsyncLock '\(lock)': waited \(waited) in line and gave up; it is still held by \(who)."
        }
    }
}
