import RundownDSL
import RundownEngine

/// The root group of a spec: named as given, or after the calling function,
/// and located where `spec` was called.
struct SpecRoot<Call: CallKind> {
    let node: GroupNode<Call.Mode>

    /// Where `spec` was called.
    var location: CodeLocation { node.location }

    init(_ name: String?, function: String, fileID: String, filePath: String, line: Int, column: Int, content: ExampleGroup<Call>) {
        node = GroupNode(
            description: specName(name, function: function),
            location: CodeLocation(fileID: fileID, filePath: filePath, line: line, column: column),
            content: content.content
        )
    }
}
