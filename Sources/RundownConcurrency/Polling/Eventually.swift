import RundownCore

/// Waits until `condition` returns `true`, checking it again and again until `timeout` passes.
///
/// Use it for effects the test cannot await directly (a file appearing, a value another process
/// writes). When the test *can* await the work — a tracked task, a gate — do that instead; it is
/// exact where polling is only patient. The result never depends on the pause between checks:
/// the condition is checked at once, then after short pauses that grow to at most 50 ms, and once
/// more at the deadline.
///
/// An error thrown by the condition counts as "not yet" and is quoted in the timeout message, with
/// one exception: `CancellationError` ends the wait at once.
///
/// ```swift
/// try await eventually("the export file exists", within: .seconds(2)) {
///     FileManager.default.fileExists(atPath: exportPath)
/// }
/// ```
///
/// - Parameters:
///   - description: What is being waited for, quoted in the timeout message.
///   - timeout: How long to keep trying; `nil` means 2 seconds times `RUNDOWN_TIMEOUT_SCALE`.
///   - fileID: The caller's `#fileID`; leave the default.
///   - filePath: The caller's `#filePath`; leave the default.
///   - line: The caller's `#line`; leave the default.
///   - column: The caller's `#column`; leave the default.
///   - isolation: The actor the condition runs on; leave the default, which is the caller's.
///   - condition: The check, synchronous or asynchronous.
/// - Throws: ``EventuallyError`` describing the condition, the call site and the last result,
///   `CancellationError` as soon as the waiting task is cancelled, or ``InvalidArgumentError``
///   if the timeout is not more than zero.
public func eventually(
    _ description: String? = nil,
    within timeout: Duration? = nil,
    fileID: String = #fileID,
    filePath: StaticString = #filePath,
    line: Int = #line,
    column: Int = #column,
    isolation: isolated (any Actor)? = #isolation,
    _ condition: () async throws -> Bool
) async throws {
    let site = try PollSite(
        description: description, timeout: timeout, fileID: fileID, filePath: filePath, line: line, column: column)
    try await pollOnItsClock(site, isolation: isolation) { () async throws -> (Void?, String) in
        try await condition() ? ((), "true") : (nil, "false")
    }
}

/// Waits until `value` produces a non-`nil` result, and returns that result.
///
/// ```swift
/// let receipt = try await eventually("a receipt was stored", within: .seconds(2)) {
///     try? store.loadReceipt()
/// }
/// ```
///
/// - Parameters:
///   - description: What is being waited for, quoted in the timeout message.
///   - timeout: How long to keep trying; `nil` means 2 seconds times `RUNDOWN_TIMEOUT_SCALE`.
///   - fileID: The caller's `#fileID`; leave the default.
///   - filePath: The caller's `#filePath`; leave the default.
///   - line: The caller's `#line`; leave the default.
///   - column: The caller's `#column`; leave the default.
///   - isolation: The actor the closure runs on; leave the default, which is the caller's.
///   - value: Produces the value, or `nil` while it is not there yet.
/// - Returns: The first non-`nil` value.
/// - Throws: ``EventuallyError`` or `CancellationError`, as for the Boolean form.
public func eventually<Value>(
    _ description: String? = nil,
    within timeout: Duration? = nil,
    fileID: String = #fileID,
    filePath: StaticString = #filePath,
    line: Int = #line,
    column: Int = #column,
    isolation: isolated (any Actor)? = #isolation,
    _ value: () async throws -> Value?
) async throws -> Value {
    let site = try PollSite(
        description: description, timeout: timeout, fileID: fileID, filePath: filePath, line: line, column: column)
    return try await pollOnItsClock(site, isolation: isolation) { () async throws -> (Value?, String) in
        let current = try await value()
        return (current, "nil")
    }
}

/// Waits until the value produced by `value` satisfies `predicate`, and returns that value.
///
/// Unlike the Boolean form, a timeout reports the last value seen, which usually says at once how
/// far the code got.
///
/// ```swift
/// let count = try await eventually("three items synced", within: .seconds(2)) {
///     await inbox.count
/// } satisfies: { $0 >= 3 }
/// ```
///
/// - Parameters:
///   - description: What is being waited for, quoted in the timeout message.
///   - timeout: How long to keep trying; `nil` means 2 seconds times `RUNDOWN_TIMEOUT_SCALE`.
///   - fileID: The caller's `#fileID`; leave the default.
///   - filePath: The caller's `#filePath`; leave the default.
///   - line: The caller's `#line`; leave the default.
///   - column: The caller's `#column`; leave the default.
///   - isolation: The actor the closures run on; leave the default, which is the caller's.
///   - value: Reads the current value.
///   - predicate: Decides whether the value is the one awaited.
/// - Returns: The first value that satisfies `predicate`.
/// - Throws: ``EventuallyError`` (quoting the last value) or `CancellationError`.
public func eventually<Value>(
    _ description: String? = nil,
    within timeout: Duration? = nil,
    fileID: String = #fileID,
    filePath: StaticString = #filePath,
    line: Int = #line,
    column: Int = #column,
    isolation: isolated (any Actor)? = #isolation,
    _ value: () async throws -> Value,
    satisfies predicate: (Value) throws -> Bool
) async throws -> Value {
    let site = try PollSite(
        description: description, timeout: timeout, fileID: fileID, filePath: filePath, line: line, column: column)
    return try await pollOnItsClock(site, isolation: isolation) { () async throws -> (Value?, String) in
        let current = try await value()
        return try predicate(current) ? (current, "") : (nil, String(describing: current))
    }
}

/// Where and how long a poll runs, kept together for the timeout message.
struct PollSite: Sendable {
    let description: String?
    let timeout: Duration
    let location: CodeLocation

    init(
        description: String?, timeout: Duration?, fileID: String, filePath: StaticString, line: Int, column: Int
    ) throws {
        let timeout = timeout ?? TimeoutScale.scaled(.seconds(2))
        try InvalidArgumentError.checkTimeout(timeout, in: "eventually(_:within:)")
        self.description = description
        self.timeout = timeout
        self.location = CodeLocation(fileID: fileID, filePath: filePath.description, line: line, column: column)
    }

    /// The call as messages quote it: `eventually("the export file exists")`, or `eventually`.
    var call: String {
        description.map { "eventually(\"\($0)\")" } ?? "eventually"
    }

    /// `File.swift:12:9`.
    var place: String {
        "\(location.fileID):\(location.line):\(location.column)"
    }
}

/// The polling loop behind every `eventually` overload.
///
/// `attempt` returns the awaited value, or `nil` and a description of what it saw instead.
/// `clock` is the continuous clock but for tests, which pass one they advance themselves to pin
/// when the last check happens without timing anything.
func poll<Value, PollClock: Clock<Duration>>(
    _ site: PollSite,
    clock: PollClock = ContinuousClock(),
    isolation: isolated (any Actor)?,
    _ attempt: () async throws -> (Value?, String)
) async throws -> Value {
    let deadline = clock.now.advanced(by: site.timeout)
    var pause = Duration.milliseconds(1)
    var attempts = 0
    var lastSeen = "nothing (never checked)"
    // What a progress report says of this wait, kept up to date after each check.
    let progress = Protected((attempts: 0, lastSeen: lastSeen))
    let note = WaitReporting.note {
        let (attempts, lastSeen) = progress.withLock { $0 }
        let left = max(clock.now.duration(to: deadline), .zero)
        return "\(site.call) at \(site.place): \(attempts) check(s) so far, last seen \(lastSeen); "
            + "\(WaitReporting.seconds(left)) left of \(WaitReporting.seconds(site.timeout))"
    }
    defer { note.end() }
    while true {
        try Task.checkCancellation()
        attempts += 1
        do {
            let (value, seen) = try await attempt()
            if let value { return value }
            lastSeen = seen
        } catch is CancellationError {
            throw CancellationError()
        } catch {
            lastSeen = "an error: \(error)"
        }
        progress.withLock { $0 = (attempts, lastSeen) }
        let now = clock.now
        if now >= deadline {
            throw WaitReporting.attachingReport(
                to: EventuallyError(
                    description: site.description,
                    timeout: site.timeout,
                    attempts: attempts,
                    lastSeen: lastSeen,
                    location: site.location
                ))
        }
        // Never sleep past the deadline, so the final check happens on time.
        let wake = min(now.advanced(by: pause), deadline)
        try await Task.sleep(until: wake, clock: clock)
        pause = min(pause * 2, .milliseconds(50))
    }
}
