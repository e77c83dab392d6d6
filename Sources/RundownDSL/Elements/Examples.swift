import RundownEngine

/// Declares an example: what the spec checks.
///
/// - Parameters:
///   - description: What the example does; the last step of its path.
///   - traits: `.focused` or `.excluded`.
///   - fileID: The caller's `#fileID`; see <doc:SourceLocations>.
///   - filePath: The caller's `#filePath`; see <doc:SourceLocations>.
///   - line: The caller's `#line`; see <doc:SourceLocations>.
///   - column: The caller's `#column`; see <doc:SourceLocations>.
///   - body: The example's code. It may be `async` when the spec is.
@_specialize(where Call == SyncCall)
@_specialize(where Call == AsyncCall)
public func it<Call: CallKind>(
    _ description: String,
    _ traits: ExampleTrait...,
    fileID: String = #fileID,
    filePath: String = #filePath,
    line: Int = #line,
    column: Int = #column,
    _ body: @escaping () throws -> Void
) -> Example<Call> {
    .example(
        description, traits, CodeLocation(fileID: fileID, filePath: filePath, line: line, column: column),
        Call.body(body))
}

/// Declares an example: what the spec checks.
///
/// - Parameters:
///   - description: What the example does; the last step of its path.
///   - traits: `.focused` or `.excluded`.
///   - fileID: The caller's `#fileID`; see <doc:SourceLocations>.
///   - filePath: The caller's `#filePath`; see <doc:SourceLocations>.
///   - line: The caller's `#line`; see <doc:SourceLocations>.
///   - column: The caller's `#column`; see <doc:SourceLocations>.
///   - body: The example's code. An `async` body needs an asynchronous spec: `try await spec { … }`.
@_disfavoredOverload
public func it<Call: AsyncCallKind>(
    _ description: String,
    _ traits: ExampleTrait...,
    fileID: String = #fileID,
    filePath: String = #filePath,
    line: Int = #line,
    column: Int = #column,
    _ body: @escaping () async throws -> Void
) -> Example<Call> {
    .example(
        description, traits, CodeLocation(fileID: fileID, filePath: filePath, line: line, column: column),
        Call.asyncBody(body))
}

/// Declares a focused example: while any element of a spec is focused, only focused ones run. Same as `it(_:.focused)`.
///
/// - Parameters:
///   - description: What the example does; the last step of its path.
///   - traits: `.focused` or `.excluded`.
///   - fileID: The caller's `#fileID`; see <doc:SourceLocations>.
///   - filePath: The caller's `#filePath`; see <doc:SourceLocations>.
///   - line: The caller's `#line`; see <doc:SourceLocations>.
///   - column: The caller's `#column`; see <doc:SourceLocations>.
///   - body: The example's code. It may be `async` when the spec is.
public func fIt<Call: CallKind>(
    _ description: String,
    _ traits: ExampleTrait...,
    fileID: String = #fileID,
    filePath: String = #filePath,
    line: Int = #line,
    column: Int = #column,
    _ body: @escaping () throws -> Void
) -> Example<Call> {
    .example(
        description, [.focused] + traits, CodeLocation(fileID: fileID, filePath: filePath, line: line, column: column),
        Call.body(body))
}

/// Declares a focused example: while any element of a spec is focused, only focused ones run. Same as `it(_:.focused)`.
///
/// - Parameters:
///   - description: What the example does; the last step of its path.
///   - traits: `.focused` or `.excluded`.
///   - fileID: The caller's `#fileID`; see <doc:SourceLocations>.
///   - filePath: The caller's `#filePath`; see <doc:SourceLocations>.
///   - line: The caller's `#line`; see <doc:SourceLocations>.
///   - column: The caller's `#column`; see <doc:SourceLocations>.
///   - body: The example's code. An `async` body needs an asynchronous spec: `try await spec { … }`.
@_disfavoredOverload
public func fIt<Call: AsyncCallKind>(
    _ description: String,
    _ traits: ExampleTrait...,
    fileID: String = #fileID,
    filePath: String = #filePath,
    line: Int = #line,
    column: Int = #column,
    _ body: @escaping () async throws -> Void
) -> Example<Call> {
    .example(
        description, [.focused] + traits, CodeLocation(fileID: fileID, filePath: filePath, line: line, column: column),
        Call.asyncBody(body))
}

/// Declares an excluded example, which does not run. Same as `it(_:.excluded)`.
///
/// - Parameters:
///   - description: What the example does; the last step of its path.
///   - traits: `.focused` or `.excluded`.
///   - fileID: The caller's `#fileID`; see <doc:SourceLocations>.
///   - filePath: The caller's `#filePath`; see <doc:SourceLocations>.
///   - line: The caller's `#line`; see <doc:SourceLocations>.
///   - column: The caller's `#column`; see <doc:SourceLocations>.
///   - body: The example's code. It may be `async` when the spec is.
public func xIt<Call: CallKind>(
    _ description: String,
    _ traits: ExampleTrait...,
    fileID: String = #fileID,
    filePath: String = #filePath,
    line: Int = #line,
    column: Int = #column,
    _ body: @escaping () throws -> Void
) -> Example<Call> {
    .example(
        description, [.excluded] + traits, CodeLocation(fileID: fileID, filePath: filePath, line: line, column: column),
        Call.body(body))
}

/// Declares an excluded example, which does not run. Same as `it(_:.excluded)`.
///
/// - Parameters:
///   - description: What the example does; the last step of its path.
///   - traits: `.focused` or `.excluded`.
///   - fileID: The caller's `#fileID`; see <doc:SourceLocations>.
///   - filePath: The caller's `#filePath`; see <doc:SourceLocations>.
///   - line: The caller's `#line`; see <doc:SourceLocations>.
///   - column: The caller's `#column`; see <doc:SourceLocations>.
///   - body: The example's code. An `async` body needs an asynchronous spec: `try await spec { … }`.
@_disfavoredOverload
public func xIt<Call: AsyncCallKind>(
    _ description: String,
    _ traits: ExampleTrait...,
    fileID: String = #fileID,
    filePath: String = #filePath,
    line: Int = #line,
    column: Int = #column,
    _ body: @escaping () async throws -> Void
) -> Example<Call> {
    .example(
        description, [.excluded] + traits, CodeLocation(fileID: fileID, filePath: filePath, line: line, column: column),
        Call.asyncBody(body))
}
