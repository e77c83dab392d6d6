import RundownDSL
import RundownEngine

/// How `spec` (or `Spec`) was called: what names a spec's root group and
/// locates it. Every entry point hands its parameters over as one of these.
struct SpecCall: Sendable {
    var name: String?
    var traits: [SpecTrait]
    /// The caller's `#function`, which names the root when `name` is `nil`.
    var function: String
    var fileID: String
    /// A `StaticString` because XCTest takes no other: `XCTSkip(file:)` and
    /// `XCTFail(file:)` place a spec's skip and its late failures there.
    var filePath: StaticString
    var line: Int
    var column: Int

    init(
        _ name: String?, _ traits: [SpecTrait], function: String, fileID: String, filePath: StaticString,
        line: Int, column: Int
    ) {
        (self.name, self.traits, self.function) = (name, traits, function)
        (self.fileID, self.filePath, self.line, self.column) = (fileID, filePath, line, column)
    }

    var location: CodeLocation {
        CodeLocation(fileID: fileID, filePath: filePath.description, line: line, column: column)
    }
}

/// The root group of a spec: named as given, or after the calling function,
/// and located where `spec` was called.
struct SpecRoot<Call: CallKind> {
    let node: GroupNode<Call.Mode>
    /// The file `spec` was called in, as XCTest wants it for a skip's location.
    let filePath: StaticString
    /// The check of the build, which takes to the run what is found where
    /// no element runs (a fresh value used from a detached task).
    let buildCheck: SpecBuildCheck

    /// Where `spec` was called.
    var location: CodeLocation { node.location }

    /// Builds the root; `content` is called here, so that a fresh value
    /// read while it builds is a failure of the run.
    init(_ call: SpecCall, content: @autoclosure () -> ExampleGroup<Call>) {
        self.filePath = call.filePath
        var built: ExampleGroup<Call>?
        buildCheck = SpecBuildCheck.building { built = content() }
        let misuses = buildCheck.misusesFound
        guard let built else { preconditionFailure("SpecBuildCheck.building returned without building") }
        let description = specName(call.name, function: call.function)
        var node = GroupNode(
            description: description, location: call.location,
            content: call.traits.contains { $0.isEveryExample }
                ? built.content.withEveryEachHookEveryExample() : built.content
        ).checkedAsRoot(Call.self)
        if !misuses.isEmpty {
            node.buildFailures = misuses.map { SpecFailure(path: [description], error: $0.0, location: $0.1) }
        }
        self.node = node
    }
}
