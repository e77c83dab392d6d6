import RundownEngine

extension ElementNode {
    /// A group as an element of its parent, or, when the group holds no
    /// element, an example at the group's place that fails with
    /// ``EmptyGroup``; its marks still apply, its hooks and scopes are dropped.
    static func checkedGroup<Call: CallKind>(_ group: GroupNode<Mode>, as _: Call.Type) -> ElementNode<Mode>
    where Call.Mode == Mode {
        guard group.content.elements.isEmpty else { return .group(group) }
        let error = EmptyGroup(group: group.description)
        return .example(
            ExampleNode(
                description: group.description, marks: group.marks, location: group.location,
                body: Call._body { throw error }))
    }
}

extension GroupNode {
    /// The root group of a spec as it is; or, when it holds no element, the
    /// same group holding only an example named "no example" that fails with
    /// ``EmptyGroup``, so that an empty spec is never a silent pass.
    package func checkedAsRoot<Call: CallKind>(_: Call.Type) -> GroupNode where Call.Mode == Mode {
        guard content.elements.isEmpty else { return self }
        let error = EmptyGroup(group: description)
        var root = self
        root.content = GroupContent(
            element: .example(
                ExampleNode(description: "no example", location: location, body: Call._body { throw error })))
        return root
    }
}
