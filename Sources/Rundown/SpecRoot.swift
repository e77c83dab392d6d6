import RundownDSL
import RundownEngine

/// The root group of a spec, and where to report what happens in it.
struct SpecRoot<Call: CallKind> {
    let node: GroupNode<Call.Mode>

    init(_ name: String?, function: String, location: CodeLocation, content: ExampleGroup<Call>) {
        node = GroupNode(description: specName(name, function: function), location: location, content: content.content)
    }
}

func codeLocation(fileID: String, filePath: String, line: Int, column: Int) -> CodeLocation {
    CodeLocation(fileID: fileID, filePath: filePath, line: line, column: column)
}
