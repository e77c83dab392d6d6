/// The two shapes of closure the engine can run.
///
/// The engine's rules are written once; only the small drivers that call the
/// closures exist in a synchronous and an asynchronous form. Main-actor
/// closures are adapted to one of these two shapes before they reach the engine.
@_documentation(visibility: internal)
public protocol ExecutionMode: SendableMetatype {
    /// A hook or example body.
    associatedtype Body
    /// An `aroundEach` hook, which receives the body it wraps.
    associatedtype Around
    /// The scope as a wrapper these closures can run in.
    static func around(for scope: ElementScope) -> Around
}

/// Closures that run synchronously, on the caller's thread.
@_documentation(visibility: internal)
public enum Synchronous: ExecutionMode {
    /// A body that runs to completion on the caller's thread.
    public typealias Body = () throws -> Void
    /// An `aroundEach` hook that calls the body it wraps synchronously.
    public typealias Around = (_ body: () throws -> Void) throws -> Void

    /// A synchronous spec cannot wait for a scope, so its element fails instead of running.
    public static func around(for scope: ElementScope) -> Around {
        { _ in throw ElementScopeNeedsAsynchronousSpec(scope: scope.name) }
    }
}

/// Closures that may suspend.
@_documentation(visibility: internal)
public enum Asynchronous: ExecutionMode {
    /// A body that may suspend.
    public typealias Body = () async throws -> Void
    /// An `aroundEach` hook that awaits the body it wraps.
    ///
    /// The body is escaping only so that a main-actor hook can carry it to
    /// the main actor; the engine still requires it to be called at most once,
    /// before the hook returns.
    public typealias Around = (_ body: @escaping () async throws -> Void) async throws -> Void

    /// The scope itself: it already awaits its body.
    public static func around(for scope: ElementScope) -> Around {
        scope.around
    }
}
