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

    init(
        _ name: String?, function: String, fileID: String, filePath: StaticString, line: Int, column: Int,
        content: ExampleGroup<Call>
    ) {
        self.filePath = filePath
        node = GroupNode(
            description: specName(name, function: function),
            location: CodeLocation(fileID: fileID, filePath: filePath.description, line: line, column: column),
            content: content.content
        ).checkedAsRoot(Call.self)
    }
}
