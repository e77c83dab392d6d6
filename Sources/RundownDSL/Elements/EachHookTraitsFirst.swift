import RundownEngine

// The each-hooks with traits and no name, so that a trait can come first:
// `beforeEach(.everyExample) { … }`. With a name, the trait follows it:
// `beforeEach("reset", .everyExample) { … }`.

/// Declares a `beforeEach` hook with traits and no name, such as
/// `beforeEach(.everyExample) { … }`; see the global `beforeEach`.
public func beforeEach<Call: CallKind>(
    _ trait: EachHookTrait,
    _ moreTraits: EachHookTrait...,
    fileID: String = #fileID,
    filePath: String = #filePath,
    line: Int = #line,
    column: Int = #column,
    _ body: @escaping () throws -> Void
) -> Step<BeforeEachPhase, Call> {
    .hook(
        .beforeEach, nil, [trait] + moreTraits,
        CodeLocation(fileID: fileID, filePath: filePath, line: line, column: column), .plain(Call.body(body)))
}

/// Declares a `beforeEach` hook with traits and no name, such as
/// `beforeEach(.everyExample) { … }`; see the global `beforeEach`.
@_disfavoredOverload
public func beforeEach<Call: AsyncCallKind>(
    _ trait: EachHookTrait,
    _ moreTraits: EachHookTrait...,
    fileID: String = #fileID,
    filePath: String = #filePath,
    line: Int = #line,
    column: Int = #column,
    _ body: @escaping () async throws -> Void
) -> Step<BeforeEachPhase, Call> {
    .hook(
        .beforeEach, nil, [trait] + moreTraits,
        CodeLocation(fileID: fileID, filePath: filePath, line: line, column: column), .plain(Call.asyncBody(body)))
}

/// Declares an `afterEach` hook with traits and no name, such as
/// `afterEach(.everyExample) { … }`; see the global `afterEach`.
public func afterEach<Call: CallKind>(
    _ trait: EachHookTrait,
    _ moreTraits: EachHookTrait...,
    fileID: String = #fileID,
    filePath: String = #filePath,
    line: Int = #line,
    column: Int = #column,
    _ body: @escaping () throws -> Void
) -> Step<AfterEachPhase, Call> {
    .hook(
        .afterEach, nil, [trait] + moreTraits,
        CodeLocation(fileID: fileID, filePath: filePath, line: line, column: column), .plain(Call.body(body)))
}

/// Declares an `afterEach` hook with traits and no name, such as
/// `afterEach(.everyExample) { … }`; see the global `afterEach`.
@_disfavoredOverload
public func afterEach<Call: AsyncCallKind>(
    _ trait: EachHookTrait,
    _ moreTraits: EachHookTrait...,
    fileID: String = #fileID,
    filePath: String = #filePath,
    line: Int = #line,
    column: Int = #column,
    _ body: @escaping () async throws -> Void
) -> Step<AfterEachPhase, Call> {
    .hook(
        .afterEach, nil, [trait] + moreTraits,
        CodeLocation(fileID: fileID, filePath: filePath, line: line, column: column), .plain(Call.asyncBody(body)))
}

/// Declares an `aroundEach` hook with traits and no name, such as
/// `aroundEach(.everyExample) { … }`; see the global `aroundEach`.
public func aroundEach<Call: CallKind>(
    _ trait: EachHookTrait,
    _ moreTraits: EachHookTrait...,
    fileID: String = #fileID,
    filePath: String = #filePath,
    line: Int = #line,
    column: Int = #column,
    _ body: @escaping (_ body: () throws -> Void) throws -> Void
) -> AroundEach<Call> where Call.Mode == Synchronous {
    .hook(
        .aroundEach, nil, [trait] + moreTraits,
        CodeLocation(fileID: fileID, filePath: filePath, line: line, column: column), .around(body))
}

/// Declares an `aroundEach` hook with traits and no name, such as
/// `aroundEach(.everyExample) { … }`; see the global `aroundEach`.
@_disfavoredOverload
public func aroundEach<Call: AsyncCallKind>(
    _ trait: EachHookTrait,
    _ moreTraits: EachHookTrait...,
    fileID: String = #fileID,
    filePath: String = #filePath,
    line: Int = #line,
    column: Int = #column,
    _ body: @escaping (_ body: () async throws -> Void) async throws -> Void
) -> AroundEach<Call> {
    .hook(
        .aroundEach, nil, [trait] + moreTraits,
        CodeLocation(fileID: fileID, filePath: filePath, line: line, column: column), .around(Call.asyncAround(body)))
}

extension MainActorSuite {

    /// Declares a `beforeEach` hook with traits and no name, such as
    /// `beforeEach(.everyExample) { … }`; see the global `beforeEach`.
    public func beforeEach<Call: MainActorCallKind>(
        _ trait: EachHookTrait,
        _ moreTraits: EachHookTrait...,
        fileID: String = #fileID,
        filePath: String = #filePath,
        line: Int = #line,
        column: Int = #column,
        _ body: @escaping @MainActor () throws -> Void
    ) -> Step<BeforeEachPhase, Call> {
        .hook(
            .beforeEach, nil, [trait] + moreTraits,
            CodeLocation(fileID: fileID, filePath: filePath, line: line, column: column), .plain(Call.body(body)))
    }

    /// Declares a `beforeEach` hook with traits and no name, such as
    /// `beforeEach(.everyExample) { … }`; see the global `beforeEach`.
    @_disfavoredOverload
    public func beforeEach<Call: AsyncMainActorCallKind>(
        _ trait: EachHookTrait,
        _ moreTraits: EachHookTrait...,
        fileID: String = #fileID,
        filePath: String = #filePath,
        line: Int = #line,
        column: Int = #column,
        _ body: @escaping @MainActor () async throws -> Void
    ) -> Step<BeforeEachPhase, Call> {
        .hook(
            .beforeEach, nil, [trait] + moreTraits,
            CodeLocation(fileID: fileID, filePath: filePath, line: line, column: column),
            .plain(Call.asyncMainBody(body)))
    }

    /// Declares an `afterEach` hook with traits and no name, such as
    /// `afterEach(.everyExample) { … }`; see the global `afterEach`.
    public func afterEach<Call: MainActorCallKind>(
        _ trait: EachHookTrait,
        _ moreTraits: EachHookTrait...,
        fileID: String = #fileID,
        filePath: String = #filePath,
        line: Int = #line,
        column: Int = #column,
        _ body: @escaping @MainActor () throws -> Void
    ) -> Step<AfterEachPhase, Call> {
        .hook(
            .afterEach, nil, [trait] + moreTraits,
            CodeLocation(fileID: fileID, filePath: filePath, line: line, column: column), .plain(Call.body(body)))
    }

    /// Declares an `afterEach` hook with traits and no name, such as
    /// `afterEach(.everyExample) { … }`; see the global `afterEach`.
    @_disfavoredOverload
    public func afterEach<Call: AsyncMainActorCallKind>(
        _ trait: EachHookTrait,
        _ moreTraits: EachHookTrait...,
        fileID: String = #fileID,
        filePath: String = #filePath,
        line: Int = #line,
        column: Int = #column,
        _ body: @escaping @MainActor () async throws -> Void
    ) -> Step<AfterEachPhase, Call> {
        .hook(
            .afterEach, nil, [trait] + moreTraits,
            CodeLocation(fileID: fileID, filePath: filePath, line: line, column: column),
            .plain(Call.asyncMainBody(body)))
    }

    /// Declares an `aroundEach` hook with traits and no name, such as
    /// `aroundEach(.everyExample) { … }`; see the global `aroundEach`.
    public func aroundEach(
        _ trait: EachHookTrait,
        _ moreTraits: EachHookTrait...,
        fileID: String = #fileID,
        filePath: String = #filePath,
        line: Int = #line,
        column: Int = #column,
        _ body: @escaping @MainActor (_ body: () throws -> Void) throws -> Void
    ) -> AroundEach<SyncMainCall> {
        .hook(
            .aroundEach, nil, [trait] + moreTraits,
            CodeLocation(fileID: fileID, filePath: filePath, line: line, column: column),
            .around(SyncMainCall.around(body)))
    }

    /// Declares an `aroundEach` hook with traits and no name, such as
    /// `aroundEach(.everyExample) { … }`; see the global `aroundEach`.
    @_disfavoredOverload
    public func aroundEach<Call: AsyncMainActorCallKind>(
        _ trait: EachHookTrait,
        _ moreTraits: EachHookTrait...,
        fileID: String = #fileID,
        filePath: String = #filePath,
        line: Int = #line,
        column: Int = #column,
        _ body: @escaping @MainActor (_ body: () async throws -> Void) async throws -> Void
    ) -> AroundEach<Call> {
        .hook(
            .aroundEach, nil, [trait] + moreTraits,
            CodeLocation(fileID: fileID, filePath: filePath, line: line, column: column),
            .around(Call.asyncMainAround(body)))
    }

}
