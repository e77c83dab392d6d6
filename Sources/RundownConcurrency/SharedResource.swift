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
/// Access is granted to a task and its child tasks. Holding is re-entrant: code that already has
/// exclusive access (because its suite has the ``ExclusiveTrait`` and a test inside also asks, or a
/// helper asks again) runs immediately instead of waiting for itself.
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
        SharedResourceLocks.lock(for: name)
    }

    /// Whether the current task (or one of its ancestors) has exclusive access to the resource.
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
    ///   - isolation: The actor the closure runs on; leave the default, which is the caller's.
    ///   - body: The work that needs the resource to itself.
    /// - Returns: Whatever `body` returns.
    /// - Throws: `CancellationError` if the task is cancelled while it waits, or the error thrown by
    ///   `body`. Access is released on every path.
    public func withExclusiveAccess<Result>(
        isolation: isolated (any Actor)? = #isolation,
        _ body: () async throws -> Result
    ) async throws -> Result {
        if isHeldByCurrentTask {
            return try await body()
        }
        return try await lock.withLock(isolation: isolation, body)
    }

    /// Runs `body` with exclusive access to every resource in `resources`.
    ///
    /// The resources are acquired in order of name, whatever order they are listed in, so two tasks
    /// that need the same pair can never each hold one and wait for the other.
    ///
    /// - Parameters:
    ///   - resources: The resources to hold; duplicates are ignored.
    ///   - isolation: The actor the closure runs on; leave the default, which is the caller's.
    ///   - body: The work that needs all of them.
    /// - Returns: Whatever `body` returns.
    public static func withExclusiveAccess<Result>(
        to resources: some Sequence<SharedResource>,
        isolation: isolated (any Actor)? = #isolation,
        _ body: () async throws -> Result
    ) async throws -> Result {
        let ordered = Set(resources).sorted { $0.name < $1.name }
        return try await nest(ordered[...], isolation: isolation, body)
    }

    private static func nest<Result>(
        _ remaining: ArraySlice<SharedResource>,
        isolation: isolated (any Actor)?,
        _ body: () async throws -> Result
    ) async throws -> Result {
        guard let first = remaining.first else { return try await body() }
        return try await first.withExclusiveAccess(isolation: isolation) {
            try await nest(remaining.dropFirst(), isolation: isolation, body)
        }
    }
}

/// One lock per resource name, shared by every `SharedResource` value with that name.
enum SharedResourceLocks {
    private static let locks = Protected<[String: AsyncLock]>([:])

    static func lock(for name: String) -> AsyncLock {
        locks.withLock { locks in
            if let lock = locks[name] { return lock }
            let lock = AsyncLock("shared resource '\(name)'")
            locks[name] = lock
            return lock
        }
    }
}
