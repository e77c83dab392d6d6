import RundownCore

/// Something outside the test (a window, a database file, a singleton) that only one test may use
/// at a time, even when suites run in parallel.
///
/// Declare each resource once, as a static constant, so every test names it the same way:
///
/// ```swift
/// extension SharedResource {
///     static let hostWindow = SharedResource("host window")
///     static let keychain = SharedResource("keychain")
/// }
/// ```
///
/// Resources are identified by name. Every resource has its own ``AsyncLock``, so tests that use
/// unrelated resources never wait for each other.
///
/// Access is granted to a task and to the tasks that inherit its task-locals (see ``AsyncLock``
/// for `Task { }` started inside). Holding is re-entrant: code that already has exclusive access
/// (because its suite has the ``Testing/Trait/exclusive(_:_:)`` trait and a test inside also
/// asks, or a helper asks again) runs immediately instead of waiting for itself.
///
/// Resources are always taken in order of name. Asking for several at once sorts them; a task
/// that holds one and then asks for another whose name sorts *before* it fails at once with
/// ``ExclusiveAccessError/lockOrderInversion(held:requested:holder:)``, because another task
/// taking the two in the opposite order would deadlock with it. Ask for both at the outer level
/// instead.
public struct SharedResource: Hashable, Sendable, CustomStringConvertible {
    /// The name that identifies the resource and appears in failure messages.
    public let name: String

    /// Declares a resource.
    ///
    /// - Parameter name: A unique, human-readable name. Two values with the same name are the same
    ///   resource and share one lock.
    public init(_ name: String) {
        self.name = name
    }

    /// The resource's name, quoted, as failure messages show it.
    public var description: String {
        "'\(name)'"
    }

    /// The lock behind this resource, created on first use.
    var lock: AsyncLock {
        SharedResourceLocks.lock(for: self)
    }

    /// Whether the current task has exclusive access to the resource, directly or shared from the
    /// task it was started from.
    public var isHeldByCurrentTask: Bool {
        lock.isHeldByCurrentTask
    }

    /// Runs `body` with exclusive access to the resource, waiting in line while another task has it.
    ///
    /// Use it in XCTest methods and in any code that is not a Swift Testing suite or test; those use
    /// the `.exclusive(...)` trait instead. The closure runs in the caller's isolation and may be
    /// non-`Sendable`.
    ///
    /// ```swift
    /// let shown = try await SharedResource.hostWindow.withExclusiveAccess {
    ///     await HostWindow.shared.show("client form")
    /// }
    /// ```
    ///
    /// - Parameters:
    ///   - timeout: How long to wait for the resource; `nil` waits until it is free or the task is
    ///     cancelled.
    ///   - fileID: The caller's `#fileID`; leave the default.
    ///   - filePath: The caller's `#filePath`; leave the default.
    ///   - line: The caller's `#line`; leave the default.
    ///   - column: The caller's `#column`; leave the default.
    ///   - isolation: The actor the closure runs on; leave the default, which is the caller's.
    ///   - body: The work that needs the resource to itself.
    /// - Returns: Whatever `body` returns.
    /// - Throws: ``ExclusiveAccessError/lockOrderInversion(held:requested:holder:)`` at once if the
    ///   task holds a resource whose name sorts after this one, ``AsyncLockError/timedOut(lock:waited:holder:progressReport:)``
    ///   naming the holder when `timeout` passes, `CancellationError` if the task is cancelled
    ///   while it waits, or the error thrown by `body`. Access is released on every path.
    public func withExclusiveAccess<Value>(
        within timeout: Duration? = nil,
        fileID: String = #fileID,
        filePath: StaticString = #filePath,
        line: Int = #line,
        column: Int = #column,
        isolation: isolated (any Actor)? = #isolation,
        _ body: () async throws -> Value
    ) async throws -> Value {
        try await Self.withExclusiveAccess(
            to: [self], within: timeout, fileID: fileID, filePath: filePath, line: line, column: column,
            isolation: isolation, body
        )
    }

    /// Runs `body` with exclusive access to every resource in `resources`.
    ///
    /// The resources are acquired in order of name, whatever order they are listed in, so two tasks
    /// that need the same pair can never each hold one and wait for the other.
    ///
    /// - Parameters:
    ///   - resources: The resources to hold; duplicates are ignored.
    ///   - timeout: How long to wait for each resource; `nil` waits until it is free or the task
    ///     is cancelled.
    ///   - fileID: The caller's `#fileID`; leave the default.
    ///   - filePath: The caller's `#filePath`; leave the default.
    ///   - line: The caller's `#line`; leave the default.
    ///   - column: The caller's `#column`; leave the default.
    ///   - isolation: The actor the closure runs on; leave the default, which is the caller's.
    ///   - body: The work that needs all of them.
    /// - Returns: Whatever `body` returns.
    /// - Throws: As ``withExclusiveAccess(within:fileID:filePath:line:column:isolation:_:)``.
    public static func withExclusiveAccess<Value>(
        to resources: some Sequence<SharedResource>,
        within timeout: Duration? = nil,
        fileID: String = #fileID,
        filePath: StaticString = #filePath,
        line: Int = #line,
        column: Int = #column,
        isolation: isolated (any Actor)? = #isolation,
        _ body: () async throws -> Value
    ) async throws -> Value {
        try await withExclusiveAccess(
            to: resources, within: timeout,
            site: HoldSite(ConcurrencyFailure("", fileID: fileID, filePath: filePath, line: line, column: column)),
            isolation: isolation, body)
    }

    /// ``withExclusiveAccess(to:within:fileID:filePath:line:column:isolation:_:)`` for a hold whose
    /// failures belong to `site`: the suite or test of an `ExclusiveTrait`, or a spec's element.
    package static func withExclusiveAccess<Value>(
        to resources: some Sequence<SharedResource>,
        within timeout: Duration? = nil,
        site: HoldSite,
        isolation: isolated (any Actor)? = #isolation,
        _ body: () async throws -> Value
    ) async throws -> Value {
        let missing = Set(resources).filter { !$0.isHeldByCurrentTask }.sorted { $0.name < $1.name }
        if let first = missing.first,
            let held = HeldLocks.current.locks.compactMap(\.resource).filter({ $0.name > first.name }).max(by: {
                $0.name < $1.name
            })
        {
            throw ExclusiveAccessError.lockOrderInversion(
                held: held, requested: first, holder: FailureRouting.currentTest)
        }
        return try await nest(missing[...], timeout, site, isolation: isolation, body)
    }

    private static func nest<Value>(
        _ remaining: ArraySlice<SharedResource>,
        _ timeout: Duration?,
        _ site: HoldSite,
        isolation: isolated (any Actor)?,
        _ body: () async throws -> Value
    ) async throws -> Value {
        guard let first = remaining.first else { return try await body() }
        return try await first.lock.withLock(within: timeout, site: site, isolation: isolation) {
            try await nest(remaining.dropFirst(), timeout, site, isolation: isolation, body)
        }
    }
}

/// One lock per resource name, shared by every `SharedResource` value with that name.
enum SharedResourceLocks {
    private static let locks = Protected<[String: AsyncLock]>([:])

    static func lock(for resource: SharedResource) -> AsyncLock {
        locks.withLock { locks in
            if let lock = locks[resource.name] { return lock }
            let lock = AsyncLock("shared resource '\(resource.name)'", resource: resource)
            locks[resource.name] = lock
            return lock
        }
    }
}
