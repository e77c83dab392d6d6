import RundownEngine

/// Registers a cleanup where the thing to clean up is made: in an example or
/// any hook, `try deferCleanup { server.stop() }`.
///
/// Cleanups run last registered first. Those registered in an example, or in
/// its `beforeEach`, `aroundEach` or `afterEach` hooks, run after the
/// element's each-hooks, inside its own scopes (such as `.exclusive`); those
/// registered in a `beforeAll` or `afterAll` hook run after the group's
/// `afterAll` hooks. A cleanup runs even when its element failed or skipped
/// after registering it; an error it throws is a failure of the element or
/// hook that registered it, at this call, and the other cleanups still run.
/// A skip thrown by a cleanup is recorded, like one of an `afterEach` hook.
///
/// ```swift
/// beforeEach {
///     let server = try TestServer.start()
///     try deferCleanup { server.stop() }
/// }
/// ```
///
/// The cleanup runs in the isolation it was written in (on the main actor in
/// a main-actor spec), and can read the example's `fresh` values.
///
/// - Parameters:
///   - fileID: The caller's `#fileID`; see <doc:SourceLocations>.
///   - filePath: The caller's `#filePath`; see <doc:SourceLocations>.
///   - line: The caller's `#line`; see <doc:SourceLocations>.
///   - column: The caller's `#column`; see <doc:SourceLocations>.
///   - isolation: Where the cleanup runs: the caller's isolation; leave the default.
///   - cleanup: What to run.
/// - Throws: ``DeferCleanupMisuse`` outside a spec, or when the element or
///   hook that calls it has ended.
public func deferCleanup(
    fileID: String = #fileID,
    filePath: String = #filePath,
    line: Int = #line,
    column: Int = #column,
    isolation: isolated (any Actor)? = #isolation,
    _ cleanup: @escaping () throws -> Void
) throws {
    let (runner, scope) = try CleanupRegistration.scope()
    let body: RunScope.Cleanup.Body
    if scope.isAsynchronous {
        let call = CleanupCall(call: cleanup)
        let actor = isolation
        body = .async { @Sendable () async throws -> Void in try await CleanupCall.run(call, on: actor) }
    } else if isolation === MainActor.shared {
        body = .sync {
            guard MainActorCheck.isOnMainActor else { throw MainActorSpecOffMainThread(location: nil) }
            try cleanup()
        }
    } else {
        body = .sync(cleanup)
    }
    try CleanupRegistration.register(
        body, in: scope, by: runner,
        at: CodeLocation(fileID: fileID, filePath: filePath, line: line, column: column))
}

/// Registers an `async` cleanup; see the synchronous `deferCleanup`. It needs
/// an asynchronous spec: `try await spec { … }`.
///
/// - Parameters:
///   - fileID: The caller's `#fileID`; see <doc:SourceLocations>.
///   - filePath: The caller's `#filePath`; see <doc:SourceLocations>.
///   - line: The caller's `#line`; see <doc:SourceLocations>.
///   - column: The caller's `#column`; see <doc:SourceLocations>.
///   - cleanup: What to run, awaited.
/// - Throws: ``DeferCleanupMisuse`` outside a spec, when the element or hook
///   that calls it has ended, or in a synchronous spec.
@_disfavoredOverload
public func deferCleanup(
    fileID: String = #fileID,
    filePath: String = #filePath,
    line: Int = #line,
    column: Int = #column,
    _ cleanup: @escaping () async throws -> Void
) throws {
    let (runner, scope) = try CleanupRegistration.scope()
    guard scope.isAsynchronous else {
        throw DeferCleanupMisuse(problem: .asyncInSynchronousSpec(runner.description))
    }
    try CleanupRegistration.register(
        .async(cleanup), in: scope, by: runner,
        at: CodeLocation(fileID: fileID, filePath: filePath, line: line, column: column))
}

private enum CleanupRegistration {
    /// The element or hook running in this task, and its scope.
    static func scope() throws -> (ExampleRunner, RunScope) {
        guard let runner = ExampleRunner.current, let scope = runner.scope else {
            throw DeferCleanupMisuse(problem: .outsideSpec)
        }
        return (runner, scope)
    }

    static func register(
        _ body: RunScope.Cleanup.Body, in scope: RunScope, by runner: ExampleRunner, at location: CodeLocation
    ) throws {
        guard scope.register(RunScope.Cleanup(body: body, location: location, registrant: runner)) else {
            throw DeferCleanupMisuse(problem: .afterItsElement(runner.description))
        }
    }
}

/// Carries a synchronous cleanup back to the isolation it was written in.
///
/// The compiler cannot see that this is safe, but it is: the closure was
/// written in `actor`'s isolation (the `deferCleanup` call's), and it is only
/// ever called there, by ``run(_:on:)``, once, after the closures of its
/// element have returned.
private struct CleanupCall: @unchecked Sendable {
    let call: () throws -> Void

    static func run(_ cleanup: CleanupCall, on actor: isolated (any Actor)?) throws {
        try cleanup.call()
    }
}
