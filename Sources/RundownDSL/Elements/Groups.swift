import RundownEngine

/// Declares a group of examples that share a description and hooks.
///
/// A group is one element of its parent: the parent's `beforeEach`,
/// `aroundEach` and `afterEach` hooks run once around the whole group.
///
/// - Parameters:
///   - description: The group's step in the path of everything inside it.
///   - traits: `.focused` or `.excluded`; `.everyExample` to make every each-hook of the group and below it an every-example hook.
///   - fileID: The caller's `#fileID`; see <doc:SourceLocations>.
///   - filePath: The caller's `#filePath`; see <doc:SourceLocations>.
///   - line: The caller's `#line`; see <doc:SourceLocations>.
///   - column: The caller's `#column`; see <doc:SourceLocations>.
///   - content: The group's hooks and elements, in order: a trailing closure, or a
///     builder function passed by name, `context("when empty", content: emptyExamples)`.
public func describe<Call: CallKind>(
    _ description: String,
    _ traits: ExampleTrait...,
    fileID: String = #fileID,
    filePath: String = #filePath,
    line: Int = #line,
    column: Int = #column,
    @ExampleBuilder<Call> content: () -> ExampleGroup<Call>
) -> Examples<Call> {
    .group(description, traits, CodeLocation(fileID: fileID, filePath: filePath, line: line, column: column), content)
}

/// Declares a group of examples that share a situation and hooks. The same as `describe`; use whichever reads better.
///
/// A group is one element of its parent: the parent's `beforeEach`,
/// `aroundEach` and `afterEach` hooks run once around the whole group.
///
/// - Parameters:
///   - description: The group's step in the path of everything inside it.
///   - traits: `.focused` or `.excluded`; `.everyExample` to make every each-hook of the group and below it an every-example hook.
///   - fileID: The caller's `#fileID`; see <doc:SourceLocations>.
///   - filePath: The caller's `#filePath`; see <doc:SourceLocations>.
///   - line: The caller's `#line`; see <doc:SourceLocations>.
///   - column: The caller's `#column`; see <doc:SourceLocations>.
///   - content: The group's hooks and elements, in order: a trailing closure, or a
///     builder function passed by name, `context("when empty", content: emptyExamples)`.
public func context<Call: CallKind>(
    _ description: String,
    _ traits: ExampleTrait...,
    fileID: String = #fileID,
    filePath: String = #filePath,
    line: Int = #line,
    column: Int = #column,
    @ExampleBuilder<Call> content: () -> ExampleGroup<Call>
) -> Examples<Call> {
    .group(description, traits, CodeLocation(fileID: fileID, filePath: filePath, line: line, column: column), content)
}

/// Declares a focused group: its elements run, and unfocused elements elsewhere do not.
///
/// A group is one element of its parent: the parent's `beforeEach`,
/// `aroundEach` and `afterEach` hooks run once around the whole group.
///
/// - Parameters:
///   - description: The group's step in the path of everything inside it.
///   - traits: `.focused` or `.excluded`; `.everyExample` to make every each-hook of the group and below it an every-example hook.
///   - fileID: The caller's `#fileID`; see <doc:SourceLocations>.
///   - filePath: The caller's `#filePath`; see <doc:SourceLocations>.
///   - line: The caller's `#line`; see <doc:SourceLocations>.
///   - column: The caller's `#column`; see <doc:SourceLocations>.
///   - content: The group's hooks and elements, in order: a trailing closure, or a
///     builder function passed by name, `context("when empty", content: emptyExamples)`.
public func fDescribe<Call: CallKind>(
    _ description: String,
    _ traits: ExampleTrait...,
    fileID: String = #fileID,
    filePath: String = #filePath,
    line: Int = #line,
    column: Int = #column,
    @ExampleBuilder<Call> content: () -> ExampleGroup<Call>
) -> Examples<Call> {
    .group(
        description, [.focused] + traits, CodeLocation(fileID: fileID, filePath: filePath, line: line, column: column),
        content)
}

/// Declares a focused group: its elements run, and unfocused elements elsewhere do not.
///
/// A group is one element of its parent: the parent's `beforeEach`,
/// `aroundEach` and `afterEach` hooks run once around the whole group.
///
/// - Parameters:
///   - description: The group's step in the path of everything inside it.
///   - traits: `.focused` or `.excluded`; `.everyExample` to make every each-hook of the group and below it an every-example hook.
///   - fileID: The caller's `#fileID`; see <doc:SourceLocations>.
///   - filePath: The caller's `#filePath`; see <doc:SourceLocations>.
///   - line: The caller's `#line`; see <doc:SourceLocations>.
///   - column: The caller's `#column`; see <doc:SourceLocations>.
///   - content: The group's hooks and elements, in order: a trailing closure, or a
///     builder function passed by name, `context("when empty", content: emptyExamples)`.
public func fContext<Call: CallKind>(
    _ description: String,
    _ traits: ExampleTrait...,
    fileID: String = #fileID,
    filePath: String = #filePath,
    line: Int = #line,
    column: Int = #column,
    @ExampleBuilder<Call> content: () -> ExampleGroup<Call>
) -> Examples<Call> {
    .group(
        description, [.focused] + traits, CodeLocation(fileID: fileID, filePath: filePath, line: line, column: column),
        content)
}

/// Declares an excluded group, which does not run.
///
/// A group is one element of its parent: the parent's `beforeEach`,
/// `aroundEach` and `afterEach` hooks run once around the whole group.
///
/// - Parameters:
///   - description: The group's step in the path of everything inside it.
///   - traits: `.focused` or `.excluded`; `.everyExample` to make every each-hook of the group and below it an every-example hook.
///   - fileID: The caller's `#fileID`; see <doc:SourceLocations>.
///   - filePath: The caller's `#filePath`; see <doc:SourceLocations>.
///   - line: The caller's `#line`; see <doc:SourceLocations>.
///   - column: The caller's `#column`; see <doc:SourceLocations>.
///   - content: The group's hooks and elements, in order: a trailing closure, or a
///     builder function passed by name, `context("when empty", content: emptyExamples)`.
public func xDescribe<Call: CallKind>(
    _ description: String,
    _ traits: ExampleTrait...,
    fileID: String = #fileID,
    filePath: String = #filePath,
    line: Int = #line,
    column: Int = #column,
    @ExampleBuilder<Call> content: () -> ExampleGroup<Call>
) -> Examples<Call> {
    .group(
        description, [.excluded] + traits, CodeLocation(fileID: fileID, filePath: filePath, line: line, column: column),
        content)
}

/// Declares an excluded group, which does not run.
///
/// A group is one element of its parent: the parent's `beforeEach`,
/// `aroundEach` and `afterEach` hooks run once around the whole group.
///
/// - Parameters:
///   - description: The group's step in the path of everything inside it.
///   - traits: `.focused` or `.excluded`; `.everyExample` to make every each-hook of the group and below it an every-example hook.
///   - fileID: The caller's `#fileID`; see <doc:SourceLocations>.
///   - filePath: The caller's `#filePath`; see <doc:SourceLocations>.
///   - line: The caller's `#line`; see <doc:SourceLocations>.
///   - column: The caller's `#column`; see <doc:SourceLocations>.
///   - content: The group's hooks and elements, in order: a trailing closure, or a
///     builder function passed by name, `context("when empty", content: emptyExamples)`.
public func xContext<Call: CallKind>(
    _ description: String,
    _ traits: ExampleTrait...,
    fileID: String = #fileID,
    filePath: String = #filePath,
    line: Int = #line,
    column: Int = #column,
    @ExampleBuilder<Call> content: () -> ExampleGroup<Call>
) -> Examples<Call> {
    .group(
        description, [.excluded] + traits, CodeLocation(fileID: fileID, filePath: filePath, line: line, column: column),
        content)
}
