import RundownEngine

/// How the closures of a spec are called: synchronously or asynchronously,
/// on any thread or on the main actor.
///
/// Every DSL element is generic over its call kind, and the kind is decided by
/// the spec it is written in: `try spec { … }` builds a ``SyncCall`` spec,
/// `try await spec { … }` an ``AsyncCall`` one, and the `spec` members of a
/// ``MainActorSuite`` build ``SyncMainCall`` and ``AsyncMainCall`` specs.
/// A synchronous closure fits every kind; an `async` closure only fits an
/// asynchronous kind, so an `async` closure in a synchronous spec is a
/// compile-time error, never a closure that silently does not run.
///
/// You name a call kind when you write a helper that returns part of a spec;
/// see ``ExampleBuilder``. The requirements adapt closures to the engine; you
/// do not call them.
public protocol CallKind: SendableMetatype {
    /// The shape of closure the engine runs for specs of this kind.
    @_documentation(visibility: internal)
    associatedtype Mode: ExecutionMode
    /// Adapts a synchronous body.
    @_documentation(visibility: internal)
    static func _body(_ body: @escaping () throws -> Void) -> Mode.Body
}

/// A call kind whose specs may contain `async` closures.
///
/// ``SyncCall`` conforms too, but the conformance is unavailable: it is what
/// makes an `async` closure in a synchronous spec fail to compile with a
/// message that says what to change, on the closure's own line.
public protocol AsyncCallKind: CallKind {
    /// Adapts an `async` body.
    @_documentation(visibility: internal)
    static func _asyncBody(_ body: @escaping () async throws -> Void) -> Mode.Body
    /// Adapts an `async` `aroundEach` hook.
    @_documentation(visibility: internal)
    static func _asyncAround(_ around: @escaping (_ body: () async throws -> Void) async throws -> Void) -> Mode.Around
}

extension AsyncCallKind where Mode == Asynchronous {
    /// Adapts an `async` body to this kind's engine.
    @_documentation(visibility: internal)
    public static func _asyncBody(_ body: @escaping () async throws -> Void) -> Mode.Body { Asynchronous.Body(body) }

    /// Adapts an `async` `aroundEach` hook to this kind's engine.
    @_documentation(visibility: internal)
    public static func _asyncAround(_ around: @escaping (_ body: () async throws -> Void) async throws -> Void)
        -> Mode.Around
    {
        around
    }
}

/// A call kind whose specs run on the main actor, so their closures may touch
/// `@MainActor` state without `await`.
public protocol MainActorCallKind: CallKind {
    /// Adapts a main-actor body.
    @_documentation(visibility: internal)
    static func _body(_ body: @escaping @MainActor () throws -> Void) -> Mode.Body
}

extension CallKind where Mode == Synchronous {
    /// A synchronous body is already what a synchronous engine runs.
    @_documentation(visibility: internal)
    public static func _body(_ body: @escaping () throws -> Void) -> Mode.Body { Synchronous.Body(body) }
}

extension CallKind where Mode == Asynchronous {
    /// A synchronous body runs unchanged inside an asynchronous spec.
    @_documentation(visibility: internal)
    public static func _body(_ body: @escaping () throws -> Void) -> Mode.Body {
        Asynchronous.Body(synchronous: body)
    }
}

extension MainActorCallKind where Mode == Synchronous {
    /// Runs the body on the main actor. The `spec` members of
    /// ``MainActorSuite`` start such specs there; a tree run some other way
    /// off the main actor fails instead of trapping.
    @_documentation(visibility: internal)
    public static func _body(_ body: @escaping @MainActor () throws -> Void) -> Mode.Body {
        Synchronous.Body {
            guard MainActorCheck.isOnMainActor else { throw MainActorSpecOffMainThread(location: nil) }
            try MainActor.assumeIsolated { try body() }
        }
    }
}

extension MainActorCallKind where Mode == Asynchronous {
    /// A main-actor body is awaited, which hops to the main actor.
    @_documentation(visibility: internal)
    public static func _body(_ body: @escaping @MainActor () throws -> Void) -> Mode.Body {
        Asynchronous.Body { try await body() }
    }
}

/// A main-actor call kind whose specs may contain `async` closures.
///
/// ``SyncMainCall`` conforms too, but the conformance is unavailable, so an
/// `async` closure in a synchronous main-actor spec fails to compile with a
/// message that says what to change, on the closure's own line.
public protocol AsyncMainActorCallKind: MainActorCallKind {
    /// Adapts an `async` main-actor body.
    @_documentation(visibility: internal)
    static func _asyncMainBody(_ body: @escaping @MainActor () async throws -> Void) -> Mode.Body
    /// Adapts an `async` main-actor `aroundEach` hook.
    @_documentation(visibility: internal)
    static func _asyncMainAround(_ around: @escaping @MainActor (_ body: () async throws -> Void) async throws -> Void)
        -> Mode.Around
}

/// Synchronous specs: `try spec { … }`.
public enum SyncCall: CallKind {
    /// Its closures run synchronously.
    @_documentation(visibility: internal)
    public typealias Mode = Synchronous
}

// Only the compile error is wanted from this conformance: being unavailable,
// it can never be used, so its members are never called.
@available(
    *, unavailable,
    message:
        "an 'async' closure needs an asynchronous spec: write 'try await spec { … }' inside an 'async' function (top-level code picks the synchronous 'spec'), or make the helper's call kind 'AsyncCall'"
)
extension SyncCall: AsyncCallKind {
    /// Adapts an `async` body to this kind's engine.
    @_documentation(visibility: internal)
    public static func _asyncBody(_ body: @escaping () async throws -> Void) -> Mode.Body {
        preconditionFailure("unreachable: the conformance is unavailable")
    }

    /// Adapts an `async` `aroundEach` hook to this kind's engine.
    @_documentation(visibility: internal)
    public static func _asyncAround(_ around: @escaping (_ body: () async throws -> Void) async throws -> Void)
        -> Mode.Around
    {
        preconditionFailure("unreachable: the conformance is unavailable")
    }
}

/// Asynchronous specs: `try await spec { … }`. Synchronous and `async` closures mix freely.
public enum AsyncCall: AsyncCallKind {
    /// Its closures run asynchronously.
    @_documentation(visibility: internal)
    public typealias Mode = Asynchronous
}

/// Synchronous main-actor specs, built by the `spec` members of a ``MainActorSuite``.
public enum SyncMainCall: MainActorCallKind {
    /// Its closures run synchronously.
    @_documentation(visibility: internal)
    public typealias Mode = Synchronous
}

/// Asynchronous main-actor specs, built by the `async` `spec` members of a ``MainActorSuite``.
public enum AsyncMainCall: AsyncCallKind, MainActorCallKind {
    /// Its closures run asynchronously.
    @_documentation(visibility: internal)
    public typealias Mode = Asynchronous
}

// Only the compile error is wanted from this conformance: being unavailable,
// it can never be used, so its members are never called.
@available(
    *, unavailable,
    message:
        "an 'async' closure needs an asynchronous spec: write 'try await spec { … }' inside an 'async' function (top-level code picks the synchronous 'spec'), or make the helper's call kind 'AsyncMainCall'"
)
extension SyncMainCall: AsyncMainActorCallKind {
    /// Adapts a main-actor `async` body to this kind's engine.
    @_documentation(visibility: internal)
    public static func _asyncMainBody(_ body: @escaping @MainActor () async throws -> Void) -> Mode.Body {
        preconditionFailure("unreachable: the conformance is unavailable")
    }

    /// Adapts a main-actor `async` `aroundEach` hook to this kind's engine.
    @_documentation(visibility: internal)
    public static func _asyncMainAround(
        _ around: @escaping @MainActor (_ body: () async throws -> Void) async throws -> Void
    ) -> Mode.Around {
        preconditionFailure("unreachable: the conformance is unavailable")
    }
}

extension AsyncMainCall: AsyncMainActorCallKind {
    /// Adapts a main-actor `async` body to this kind's engine.
    @_documentation(visibility: internal)
    public static func _asyncMainBody(_ body: @escaping @MainActor () async throws -> Void) -> Mode.Body {
        self.body(body)
    }

    /// Adapts a main-actor `async` `aroundEach` hook to this kind's engine.
    @_documentation(visibility: internal)
    public static func _asyncMainAround(
        _ around: @escaping @MainActor (_ body: () async throws -> Void) async throws -> Void
    ) -> Mode.Around {
        self.around(around)
    }
}

/// Carries the body an `aroundEach` hook wraps across to the main actor.
///
/// The compiler cannot see that this is safe, but it is: the engine waits for
/// the hook to return, so while the hook runs, only the hook uses the body.
private struct WrappedBody<Body>: @unchecked Sendable {
    let call: Body
}

extension SyncMainCall {
    static func around(_ around: @escaping @MainActor (_ body: () throws -> Void) throws -> Void) -> Mode.Around {
        { inner in
            guard MainActorCheck.isOnMainActor else { throw MainActorSpecOffMainThread(location: nil) }
            try withoutActuallyEscaping(inner) { inner in
                let wrapped = WrappedBody(call: inner)
                try MainActor.assumeIsolated { try around(wrapped.call) }
            }
        }
    }
}

extension AsyncMainCall {
    static func body(_ body: @escaping @MainActor () async throws -> Void) -> Mode.Body {
        Asynchronous.Body { try await body() }
    }

    static func around(_ around: @escaping @MainActor (_ body: () async throws -> Void) async throws -> Void)
        -> Mode.Around
    {
        { inner in
            try await callAround(around, WrappedBody(call: inner))
        }
    }

    /// Unwraps the body on the main actor, where the hook calls it, so that it
    /// never crosses actors unwrapped.
    @MainActor private static func callAround(
        _ around: @MainActor (_ body: () async throws -> Void) async throws -> Void,
        _ wrapped: WrappedBody<() async throws -> Void>
    ) async throws {
        try await around(wrapped.call)
    }
}
