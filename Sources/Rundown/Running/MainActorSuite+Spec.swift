import RundownDSL
import RundownEngine

extension MainActorSuite {
    /// Builds a main-actor spec and runs it on the main thread.
    ///
    /// Its closures may touch `@MainActor` state without `await`. Called on the
    /// main thread (a synchronous XCTest method, a `@MainActor` test), it runs
    /// there. Failures are reported as for the global `spec`.
    ///
    /// - Parameters:
    ///   - name: The root group's description; by default the calling function's name.
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
        @ExampleBuilder<SyncMainCall> _ content: () -> ExampleGroup<SyncMainCall>
    ) throws {
        let call = SpecCall(
            name, traits, function: function, fileID: fileID, filePath: filePath, line: line, column: column)
        let root = SpecRoot(call, content: content())
        try MainThread.run(specAt: root.location) {
            try SpecRun(root, testCase: self as AnyObject).run()
        }
    }

    /// Builds a main-actor spec whose closures may be `async`, and runs it.
    ///
    /// Each closure runs on the main actor. Failures are reported as for the global `spec`.
    ///
    /// - Parameters:
    ///   - name: The root group's description; by default the calling function's name.
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
        @ExampleBuilder<AsyncMainCall> _ content: () -> ExampleGroup<AsyncMainCall>
    ) async throws {
        let call = SpecCall(
            name, traits, function: function, fileID: fileID, filePath: filePath, line: line, column: column)
        let root = SpecRoot(call, content: content())
        try await SpecRun(root, testCase: self as AnyObject).run()
    }
}
