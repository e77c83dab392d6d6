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
    ///
    /// A struct, so that the closure inside is stored as it is called, not
    /// in the form the tree's generic storage would give a bare closure
    /// (which took a heap box and a thunk at every call).
    public struct Body {
        package let closure: () throws -> Void

        /// A body that runs `closure`.
        package init(_ closure: @escaping () throws -> Void) {
            self.closure = closure
        }

        /// Runs the body.
        package func callAsFunction() throws {
            try closure()
        }
    }
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
    /// A body that may suspend, or a synchronous one that an asynchronous
    /// spec runs as it is.
    ///
    /// The engine calls a synchronous body without awaiting it (it runs on
    /// the spec's isolation either way), which spares the suspension points,
    /// executor checks and frames an `async` call costs; most hooks are
    /// synchronous. A struct, so that the closure inside is stored as it is
    /// called, not in the form the tree's generic storage would give it.
    public struct Body {
        /// The closure, and whether it may suspend.
        package enum Closure {
            case synchronous(() throws -> Void)
            case asynchronous(() async throws -> Void)
        }

        package let closure: Closure

        /// A body that may suspend.
        package init(_ body: @escaping () async throws -> Void) {
            closure = .asynchronous(body)
        }

        /// A body that runs to its end without suspending.
        package init(synchronous body: @escaping () throws -> Void) {
            closure = .synchronous(body)
        }

        /// Runs the body, awaiting it if it may suspend.
        package func callAsFunction() async throws {
            switch closure {
            case .synchronous(let body): try body()
            case .asynchronous(let body): try await body()
            }
        }
    }
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
