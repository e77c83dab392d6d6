import RundownEngine

/// An `eventually` call ran out of time; the description says what, where, and what it saw last.
///
/// It is a `LocatedError`, so a spec reports it at the `eventually` call rather than at the
/// example that made the call.
public struct EventuallyError: LocatedError, CustomStringConvertible {
    /// The caller's description of the condition, if it gave one.
    public let conditionDescription: String?
    /// How long the condition was retried.
    public let timeout: Duration
    /// How many times it was checked.
    public let attempts: Int
    /// The last result: `false`, `nil`, the last value, or the last error thrown.
    public let lastSeen: String
    /// Where the `eventually` call is.
    public let location: CodeLocation

    /// Creates the error; the `eventually` functions throw it.
    public init(description: String?, timeout: Duration, attempts: Int, lastSeen: String, location: CodeLocation) {
        self.conditionDescription = description
        self.timeout = timeout
        self.attempts = attempts
        self.lastSeen = lastSeen
        self.location = location
    }

    /// A one-line report, for example
    /// `eventually("cache warmed") at App/CacheTests.swift:12:9 did not hold within 2.0 seconds (38 checks); last seen: false`.
    public var description: String {
        let what = conditionDescription.map { "eventually(\"\($0)\")" } ?? "eventually"
        let place = "\(location.fileID):\(location.line):\(location.column)"
        return "\(what) at \(place) did not hold within \(timeout) (\(attempts) checks); last seen: \(lastSeen)"
    }
}
