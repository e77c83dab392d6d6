import RundownEngine

/// Runs once before the elements of its group, if any of them runs.
///
/// - Parameters:
///   - name: How the hook appears in paths and failures; `"beforeAll"` if `nil`. `.excluded` in its place leaves an unnamed hook out: `beforeAll(.excluded) { … }`.
///   - traits: `.excluded` to leave the hook out.
///   - fileID: The caller's `#fileID`; see <doc:SourceLocations>.
///   - filePath: The caller's `#filePath`; see <doc:SourceLocations>.
///   - line: The caller's `#line`; see <doc:SourceLocations>.
///   - column: The caller's `#column`; see <doc:SourceLocations>.
///   - body: The hook's code.
public func beforeAll<Call: CallKind>(
    _ name: HookName? = nil,
    _ traits: HookTrait...,
    fileID: String = #fileID,
    filePath: String = #filePath,
    line: Int = #line,
    column: Int = #column,
    _ body: @escaping () throws -> Void
) -> Step<BeforeAllPhase, Call> {
    .hook(
        .beforeAll, name, traits, CodeLocation(fileID: fileID, filePath: filePath, line: line, column: column),
        .plain(Call.body(body)))
}

/// Runs once before the elements of its group, if any of them runs.
///
/// - Parameters:
///   - name: How the hook appears in paths and failures; `"beforeAll"` if `nil`. `.excluded` in its place leaves an unnamed hook out: `beforeAll(.excluded) { … }`.
///   - traits: `.excluded` to leave the hook out.
///   - fileID: The caller's `#fileID`; see <doc:SourceLocations>.
///   - filePath: The caller's `#filePath`; see <doc:SourceLocations>.
///   - line: The caller's `#line`; see <doc:SourceLocations>.
///   - column: The caller's `#column`; see <doc:SourceLocations>.
///   - body: The hook's code.
@_disfavoredOverload
public func beforeAll<Call: AsyncCallKind>(
    _ name: HookName? = nil,
    _ traits: HookTrait...,
    fileID: String = #fileID,
    filePath: String = #filePath,
    line: Int = #line,
    column: Int = #column,
    _ body: @escaping () async throws -> Void
) -> Step<BeforeAllPhase, Call> {
    .hook(
        .beforeAll, name, traits, CodeLocation(fileID: fileID, filePath: filePath, line: line, column: column),
        .plain(Call.asyncBody(body)))
}

/// Runs before each element of its group; for a nested group, once before the
/// whole group, unless the hook has the `.everyExample` trait: then before
/// every example below the group, at any depth.
///
/// - Parameters:
///   - name: How the hook appears in paths and failures; `"beforeEach"` if `nil`. `.excluded` in its place leaves an unnamed hook out: `beforeEach(.excluded) { … }`.
///   - traits: `.excluded` to leave the hook out; `.everyExample` to run it around every example below its group.
///   - fileID: The caller's `#fileID`; see <doc:SourceLocations>.
///   - filePath: The caller's `#filePath`; see <doc:SourceLocations>.
///   - line: The caller's `#line`; see <doc:SourceLocations>.
///   - column: The caller's `#column`; see <doc:SourceLocations>.
///   - body: The hook's code.
public func beforeEach<Call: CallKind>(
    _ name: HookName? = nil,
    _ traits: EachHookTrait...,
    fileID: String = #fileID,
    filePath: String = #filePath,
    line: Int = #line,
    column: Int = #column,
    _ body: @escaping () throws -> Void
) -> Step<BeforeEachPhase, Call> {
    .hook(
        .beforeEach, name, traits, CodeLocation(fileID: fileID, filePath: filePath, line: line, column: column),
        .plain(Call.body(body)))
}

/// Runs before each element of its group; for a nested group, once before the
/// whole group, unless the hook has the `.everyExample` trait: then before
/// every example below the group, at any depth.
///
/// - Parameters:
///   - name: How the hook appears in paths and failures; `"beforeEach"` if `nil`. `.excluded` in its place leaves an unnamed hook out: `beforeEach(.excluded) { … }`.
///   - traits: `.excluded` to leave the hook out; `.everyExample` to run it around every example below its group.
///   - fileID: The caller's `#fileID`; see <doc:SourceLocations>.
///   - filePath: The caller's `#filePath`; see <doc:SourceLocations>.
///   - line: The caller's `#line`; see <doc:SourceLocations>.
///   - column: The caller's `#column`; see <doc:SourceLocations>.
///   - body: The hook's code.
@_disfavoredOverload
public func beforeEach<Call: AsyncCallKind>(
    _ name: HookName? = nil,
    _ traits: EachHookTrait...,
    fileID: String = #fileID,
    filePath: String = #filePath,
    line: Int = #line,
    column: Int = #column,
    _ body: @escaping () async throws -> Void
) -> Step<BeforeEachPhase, Call> {
    .hook(
        .beforeEach, name, traits, CodeLocation(fileID: fileID, filePath: filePath, line: line, column: column),
        .plain(Call.asyncBody(body)))
}

/// Runs after each element of its group, even when the element or a hook before
/// it failed; with the `.everyExample` trait, after every example below the group.
///
/// - Parameters:
///   - name: How the hook appears in paths and failures; `"afterEach"` if `nil`. `.excluded` in its place leaves an unnamed hook out: `afterEach(.excluded) { … }`.
///   - traits: `.excluded` to leave the hook out; `.everyExample` to run it around every example below its group.
///   - fileID: The caller's `#fileID`; see <doc:SourceLocations>.
///   - filePath: The caller's `#filePath`; see <doc:SourceLocations>.
///   - line: The caller's `#line`; see <doc:SourceLocations>.
///   - column: The caller's `#column`; see <doc:SourceLocations>.
///   - body: The hook's code.
public func afterEach<Call: CallKind>(
    _ name: HookName? = nil,
    _ traits: EachHookTrait...,
    fileID: String = #fileID,
    filePath: String = #filePath,
    line: Int = #line,
    column: Int = #column,
    _ body: @escaping () throws -> Void
) -> Step<AfterEachPhase, Call> {
    .hook(
        .afterEach, name, traits, CodeLocation(fileID: fileID, filePath: filePath, line: line, column: column),
        .plain(Call.body(body)))
}

/// Runs after each element of its group, even when the element or a hook before
/// it failed; with the `.everyExample` trait, after every example below the group.
///
/// - Parameters:
///   - name: How the hook appears in paths and failures; `"afterEach"` if `nil`. `.excluded` in its place leaves an unnamed hook out: `afterEach(.excluded) { … }`.
///   - traits: `.excluded` to leave the hook out; `.everyExample` to run it around every example below its group.
///   - fileID: The caller's `#fileID`; see <doc:SourceLocations>.
///   - filePath: The caller's `#filePath`; see <doc:SourceLocations>.
///   - line: The caller's `#line`; see <doc:SourceLocations>.
///   - column: The caller's `#column`; see <doc:SourceLocations>.
///   - body: The hook's code.
@_disfavoredOverload
public func afterEach<Call: AsyncCallKind>(
    _ name: HookName? = nil,
    _ traits: EachHookTrait...,
    fileID: String = #fileID,
    filePath: String = #filePath,
    line: Int = #line,
    column: Int = #column,
    _ body: @escaping () async throws -> Void
) -> Step<AfterEachPhase, Call> {
    .hook(
        .afterEach, name, traits, CodeLocation(fileID: fileID, filePath: filePath, line: line, column: column),
        .plain(Call.asyncBody(body)))
}

/// Runs once after the elements of its group, even when one of them failed.
///
/// - Parameters:
///   - name: How the hook appears in paths and failures; `"afterAll"` if `nil`. `.excluded` in its place leaves an unnamed hook out: `afterAll(.excluded) { … }`.
///   - traits: `.excluded` to leave the hook out.
///   - fileID: The caller's `#fileID`; see <doc:SourceLocations>.
///   - filePath: The caller's `#filePath`; see <doc:SourceLocations>.
///   - line: The caller's `#line`; see <doc:SourceLocations>.
///   - column: The caller's `#column`; see <doc:SourceLocations>.
///   - body: The hook's code.
public func afterAll<Call: CallKind>(
    _ name: HookName? = nil,
    _ traits: HookTrait...,
    fileID: String = #fileID,
    filePath: String = #filePath,
    line: Int = #line,
    column: Int = #column,
    _ body: @escaping () throws -> Void
) -> Step<AfterAllPhase, Call> {
    .hook(
        .afterAll, name, traits, CodeLocation(fileID: fileID, filePath: filePath, line: line, column: column),
        .plain(Call.body(body)))
}

/// Runs once after the elements of its group, even when one of them failed.
///
/// - Parameters:
///   - name: How the hook appears in paths and failures; `"afterAll"` if `nil`. `.excluded` in its place leaves an unnamed hook out: `afterAll(.excluded) { … }`.
///   - traits: `.excluded` to leave the hook out.
///   - fileID: The caller's `#fileID`; see <doc:SourceLocations>.
///   - filePath: The caller's `#filePath`; see <doc:SourceLocations>.
///   - line: The caller's `#line`; see <doc:SourceLocations>.
///   - column: The caller's `#column`; see <doc:SourceLocations>.
///   - body: The hook's code.
@_disfavoredOverload
public func afterAll<Call: AsyncCallKind>(
    _ name: HookName? = nil,
    _ traits: HookTrait...,
    fileID: String = #fileID,
    filePath: String = #filePath,
    line: Int = #line,
    column: Int = #column,
    _ body: @escaping () async throws -> Void
) -> Step<AfterAllPhase, Call> {
    .hook(
        .afterAll, name, traits, CodeLocation(fileID: fileID, filePath: filePath, line: line, column: column),
        .plain(Call.asyncBody(body)))
}

/// Wraps each element of its group: the hook receives the element's body and
/// calls it exactly once, `try run()`.
///
/// Calling the body runs the `beforeEach` hooks, the element and the
/// `afterEach` hooks. Their failures are already recorded, so the body returns
/// normally and the code after it always runs. The first `aroundEach` declared
/// is the outermost. A hook that returns without calling its body, or calls it
/// twice, is a failure of the element that names the hook.
///
/// - Parameters:
///   - name: How the hook appears in paths and failures; `"aroundEach"` if `nil`. `.excluded` in its place leaves an unnamed hook out: `aroundEach(.excluded) { … }`.
///   - traits: `.excluded` to leave the hook out; `.everyExample` to run it around every example below its group.
///   - fileID: The caller's `#fileID`; see <doc:SourceLocations>.
///   - filePath: The caller's `#filePath`; see <doc:SourceLocations>.
///   - line: The caller's `#line`; see <doc:SourceLocations>.
///   - column: The caller's `#column`; see <doc:SourceLocations>.
///   - body: The hook's code, given the body it wraps.
public func aroundEach<Call: CallKind>(
    _ name: HookName? = nil,
    _ traits: EachHookTrait...,
    fileID: String = #fileID,
    filePath: String = #filePath,
    line: Int = #line,
    column: Int = #column,
    _ body: @escaping (_ body: () throws -> Void) throws -> Void
) -> AroundEach<Call> where Call.Mode == Synchronous {
    .hook(
        .aroundEach, name, traits, CodeLocation(fileID: fileID, filePath: filePath, line: line, column: column),
        .around(body))
}

/// Wraps each element of its group: the hook receives the element's body and
/// calls it exactly once, `try await run()`.
///
/// Calling the body runs the `beforeEach` hooks, the element and the
/// `afterEach` hooks. Their failures are already recorded, so the body returns
/// normally and the code after it always runs. The first `aroundEach` declared
/// is the outermost. A hook that returns without calling its body, or calls it
/// twice, is a failure of the element that names the hook.
///
/// - Parameters:
///   - name: How the hook appears in paths and failures; `"aroundEach"` if `nil`. `.excluded` in its place leaves an unnamed hook out: `aroundEach(.excluded) { … }`.
///   - traits: `.excluded` to leave the hook out; `.everyExample` to run it around every example below its group.
///   - fileID: The caller's `#fileID`; see <doc:SourceLocations>.
///   - filePath: The caller's `#filePath`; see <doc:SourceLocations>.
///   - line: The caller's `#line`; see <doc:SourceLocations>.
///   - column: The caller's `#column`; see <doc:SourceLocations>.
///   - body: The hook's code, given the body it wraps.
@_disfavoredOverload
public func aroundEach<Call: AsyncCallKind>(
    _ name: HookName? = nil,
    _ traits: EachHookTrait...,
    fileID: String = #fileID,
    filePath: String = #filePath,
    line: Int = #line,
    column: Int = #column,
    _ body: @escaping (_ body: () async throws -> Void) async throws -> Void
) -> AroundEach<Call> {
    .hook(
        .aroundEach, name, traits, CodeLocation(fileID: fileID, filePath: filePath, line: line, column: column),
        .around(Call.asyncAround(body)))
}
