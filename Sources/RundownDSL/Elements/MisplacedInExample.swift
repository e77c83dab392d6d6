import RundownEngine

// An element or hook written inside an example's body (or any other plain
// code) is a statement whose result nobody takes, so the DSL's generic
// functions cannot tell which call kind it is for. These overloads are what
// the compiler settles on then, only to report what is wrong: being
// unavailable, they are never chosen where a spec's closure takes the step.

/// Not a declaration: the compile error for `it` written where nothing takes
/// it, such as inside an example's body.
@available(
    *, unavailable,
    message:
        "'it' declares nothing here: write it directly in a 'spec', 'describe' or 'context' closure, not inside an example's body"
)
public func it(
    _ description: String, _ traits: ExampleTrait..., line: Int = #line, _ body: @escaping () async throws -> Void
) {}

/// Not a declaration: the compile error for `describe` written where nothing takes
/// it, such as inside an example's body.
@available(
    *, unavailable,
    message:
        "'describe' declares nothing here: write it directly in a 'spec', 'describe' or 'context' closure, not inside an example's body"
)
public func describe(
    _ description: String, _ traits: ExampleTrait..., line: Int = #line,
    @ExampleBuilder<AsyncCall> _ content: () -> ExampleGroup<AsyncCall>
) {}

/// Not a declaration: the compile error for `context` written where nothing takes
/// it, such as inside an example's body.
@available(
    *, unavailable,
    message:
        "'context' declares nothing here: write it directly in a 'spec', 'describe' or 'context' closure, not inside an example's body"
)
public func context(
    _ description: String, _ traits: ExampleTrait..., line: Int = #line,
    @ExampleBuilder<AsyncCall> _ content: () -> ExampleGroup<AsyncCall>
) {}

/// Not a declaration: the compile error for `beforeAll` written where nothing takes
/// it, such as inside an example's body.
@available(
    *, unavailable,
    message:
        "'beforeAll' declares nothing here: hooks belong directly in a 'spec', 'describe' or 'context' closure, before its examples, not inside an example's body"
)
public func beforeAll(
    _ name: String? = nil, _ traits: HookTrait..., line: Int = #line, _ body: @escaping () async throws -> Void
) {}

/// Not a declaration: the compile error for `beforeEach` written where nothing takes
/// it, such as inside an example's body.
@available(
    *, unavailable,
    message:
        "'beforeEach' declares nothing here: hooks belong directly in a 'spec', 'describe' or 'context' closure, before its examples, not inside an example's body"
)
public func beforeEach(
    _ name: String? = nil, _ traits: EachHookTrait..., line: Int = #line, _ body: @escaping () async throws -> Void
) {}

/// Not a declaration: the compile error for `afterEach` written where nothing takes
/// it, such as inside an example's body.
@available(
    *, unavailable,
    message:
        "'afterEach' declares nothing here: hooks belong directly in a 'spec', 'describe' or 'context' closure, after its examples, not inside an example's body"
)
public func afterEach(
    _ name: String? = nil, _ traits: EachHookTrait..., line: Int = #line, _ body: @escaping () async throws -> Void
) {}

/// Not a declaration: the compile error for `afterAll` written where nothing takes
/// it, such as inside an example's body.
@available(
    *, unavailable,
    message:
        "'afterAll' declares nothing here: hooks belong directly in a 'spec', 'describe' or 'context' closure, after its examples, not inside an example's body"
)
public func afterAll(
    _ name: String? = nil, _ traits: HookTrait..., line: Int = #line, _ body: @escaping () async throws -> Void
) {}

/// Not a declaration: the compile error for `aroundEach` written where nothing takes
/// it, such as inside an example's body.
@available(
    *, unavailable,
    message:
        "'aroundEach' declares nothing here: hooks belong directly in a 'spec', 'describe' or 'context' closure, before its examples, not inside an example's body"
)
public func aroundEach(
    _ name: String? = nil, _ traits: EachHookTrait..., line: Int = #line,
    _ body: @escaping (_ body: () async throws -> Void) async throws -> Void
) {}
