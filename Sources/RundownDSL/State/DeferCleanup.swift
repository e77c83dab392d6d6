import Foundation
import RundownEngine

/// Registers a cleanup where the thing to clean up is made: in an example or
/// any hook, `deferCleanup { server.stop() }`.
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
///     deferCleanup { server.stop() }
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
/// A call that cannot register its cleanup is a ``DeferCleanupMisuse``
/// naming the call: a failure of the element or hook that made it when it
/// came after that element or hook had ended (from a task that outlived it),
/// and, outside any spec, an error printed at the call's file and line.
public func deferCleanup(
    fileID: String = #fileID,
    filePath: String = #filePath,
    line: Int = #line,
    column: Int = #column,
    isolation: isolated (any Actor)? = #isolation,
    _ cleanup: @escaping () throws -> Void
) {
    let location = CodeLocation(fileID: fileID, filePath: filePath, line: line, column: column)
    guard let (runner, state) = CleanupRegistration.state(at: location) else { return }
    let body: ElementState.Cleanup.Body
    if state.isAsynchronous {
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
    CleanupRegistration.register(body, in: state, by: runner, at: location)
}

/// Registers an `async` cleanup; see the synchronous `deferCleanup`. It needs
/// an asynchronous spec (`try await spec { … }`): in a synchronous one the call
/// is a failure of the element or hook that made it.
///
/// - Parameters:
///   - fileID: The caller's `#fileID`; see <doc:SourceLocations>.
///   - filePath: The caller's `#filePath`; see <doc:SourceLocations>.
///   - line: The caller's `#line`; see <doc:SourceLocations>.
///   - column: The caller's `#column`; see <doc:SourceLocations>.
///   - cleanup: What to run, awaited.
@_disfavoredOverload
public func deferCleanup(
    fileID: String = #fileID,
    filePath: String = #filePath,
    line: Int = #line,
    column: Int = #column,
    _ cleanup: @escaping () async throws -> Void
) {
    let location = CodeLocation(fileID: fileID, filePath: filePath, line: line, column: column)
    guard let (runner, state) = CleanupRegistration.state(at: location) else { return }
    guard state.isAsynchronous else {
        CleanupRegistration.fail(
            runner, DeferCleanupMisuse(problem: .asyncInSynchronousSpec(runner.description)), at: location)
        return
    }
    CleanupRegistration.register(.async(cleanup), in: state, by: runner, at: location)
}

/// Where a `deferCleanup` called outside any spec says so: no element runs to
/// fail, so the error is printed at the call; a test binds ``current`` to see it.
package final class StrayCleanupReport: Sendable {
    /// Takes the printed line's message and location.
    package let report: @Sendable (DeferCleanupMisuse, CodeLocation) -> Void

    package init(_ report: @escaping @Sendable (DeferCleanupMisuse, CodeLocation) -> Void) {
        self.report = report
    }

    /// Where the current task's stray calls go, if not to standard error.
    @TaskLocal package static var current: StrayCleanupReport?
}

private enum CleanupRegistration {
    /// The element or hook running in this task, and its state; outside a spec
    /// `nil`, the call reported as a misuse at `location`.
    static func state(at location: CodeLocation) -> (ExampleRunner, ElementState)? {
        guard let runner = ExampleRunner.current, let state = runner.state else {
            let misuse = DeferCleanupMisuse(problem: .outsideSpec)
            if let sink = StrayCleanupReport.current {
                sink.report(misuse, location)
            } else {
                FileHandle.standardError.write(
                    Data("\(location.filePath):\(location.line): error: Rundown: \(misuse)\n".utf8))
            }
            return nil
        }
        return (runner, state)
    }

    static func register(
        _ body: ElementState.Cleanup.Body, in state: ElementState, by runner: ExampleRunner, at location: CodeLocation
    ) {
        guard state.register(ElementState.Cleanup(body: body, location: location, registrant: runner)) else {
            fail(runner, DeferCleanupMisuse(problem: .afterItsElement(runner.description)), at: location)
            return
        }
    }

    /// The misuse, a failure of the element or hook `runner` runs for, through the run's one channel
    /// (late, if that element has ended).
    static func fail(_ runner: ExampleRunner, _ misuse: DeferCleanupMisuse, at location: CodeLocation) {
        runner.post(String(describing: misuse), at: location)
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
