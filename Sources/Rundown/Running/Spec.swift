import RundownDSL
import RundownEngine

/// Builds a spec and runs it.
///
/// ```swift
/// @Test func stack() throws {
///     try spec {
///         context("when empty") { emptyStackExamples() }
///     }
/// }
/// ```
///
/// The spec's root group is named `name`, or after the calling function
/// without a leading `test` and its parameters.
///
/// Inside a Swift Testing test, every failure is recorded as an issue of that
/// test, with the path of the element that failed, and nothing is thrown.
/// `XCTAssert…` and `XCTFail` inside its elements and hooks are issues too, at
/// the assertion's line, with the path; on Linux, where XCTest alone drops
/// them, Rundown forwards them. A spec whose every example was skipped
/// cancels the test (Swift Testing's skip).
/// Where no framework can take the failures, everything that can run still
/// runs and then the first failure is thrown as a ``SpecFailure``. In an
/// XCTest class, subclass ``TestCase`` so that every failure is recorded.
///
/// - Parameters:
///   - name: The root group's description.
///   - traits: `.everyExample` to make every each-hook of the spec an every-example hook.
///   - function: The caller's `#function`, which names the root group when `name` is `nil`; leave the default.
///   - fileID: The caller's `#fileID`; see <doc:SourceLocations>.
///   - filePath: The caller's `#filePath`; see <doc:SourceLocations>.
///   - line: The caller's `#line`; see <doc:SourceLocations>.
///   - column: The caller's `#column`; see <doc:SourceLocations>.
///   - content: The spec's hooks and elements.
public func spec(
    _ name: String? = nil,
    _ traits: SpecTrait...,
    function: String = #function,
    fileID: String = #fileID,
    // A StaticString, as XCTest takes it for the spec's skip (SpecCall.filePath).
    filePath: StaticString = #filePath,
    line: Int = #line,
    column: Int = #column,
    @ExampleBuilder<SyncCall> _ content: () -> ExampleGroup<SyncCall>
) throws {
    let call = SpecCall(
        name, traits, function: function, fileID: fileID, filePath: filePath, line: line, column: column)
    try SpecRun(SpecRoot(call, content: content())).run()
}

/// Builds a spec whose closures may be `async`, and runs it.
///
/// Synchronous and `async` closures mix freely. The spec runs on the caller's
/// actor. Failures are reported as for the synchronous `spec`.
///
/// - Parameters:
///   - name: The root group's description.
///   - traits: `.everyExample` to make every each-hook of the spec an every-example hook.
///   - function: The caller's `#function`, which names the root group when `name` is `nil`; leave the default.
///   - fileID: The caller's `#fileID`; see <doc:SourceLocations>.
///   - filePath: The caller's `#filePath`; see <doc:SourceLocations>.
///   - line: The caller's `#line`; see <doc:SourceLocations>.
///   - column: The caller's `#column`; see <doc:SourceLocations>.
///   - content: The spec's hooks and elements.
nonisolated(nonsending) public func spec(
    _ name: String? = nil,
    _ traits: SpecTrait...,
    function: String = #function,
    fileID: String = #fileID,
    // A StaticString, as XCTest takes it for the spec's skip (SpecCall.filePath).
    filePath: StaticString = #filePath,
    line: Int = #line,
    column: Int = #column,
    @ExampleBuilder<AsyncCall> _ content: () -> ExampleGroup<AsyncCall>
) async throws {
    let call = SpecCall(
        name, traits, function: function, fileID: fileID, filePath: filePath, line: line, column: column)
    try await SpecRun(SpecRoot(call, content: content())).run()
}
