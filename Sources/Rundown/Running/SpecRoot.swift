import RundownDSL
import RundownEngine

/// The root group of a spec: named as given, or after the calling function,
/// and located where `spec` was called.
struct SpecRoot<Call: CallKind> {
    let node: GroupNode<Call.Mode>
    /// The file `spec` was called in, as XCTest wants it for a skip's location.
    let filePath: StaticString

    /// Where `spec` was called.
    var location: CodeLocation { node.location }

    /// Builds the root; `content` is called here, so that a fresh value
    /// read while it builds is a failure of the run.
    init(
        _ name: String?, _ traits: [SpecTrait] = [], function: String, fileID: String, filePath: StaticString,
        line: Int, column: Int, content: @autoclosure () -> ExampleGroup<Call>
    ) {
        self.filePath = filePath
        let (built, misuses) = SpecBuildCheck.building(content)
        let description = specName(name, function: function)
        var node = GroupNode(
            description: description,
            location: CodeLocation(fileID: fileID, filePath: filePath.description, line: line, column: column),
            content: traits.contains { $0.isEveryExample }
                ? built.content.withEveryEachHookEveryExample() : built.content
        ).checkedAsRoot(Call.self)
        node.buildFailures = misuses.map { SpecFailure(path: [description], error: $0.0, location: $0.1) }
        self.node = node
    }
}
