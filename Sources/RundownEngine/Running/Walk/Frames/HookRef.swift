extension SpecWalk {
    /// A hook, shared by reference: the walk hands hooks around for every
    /// example, and a reference costs one retain where a node costs one per field.
    ///
    /// `@unchecked Sendable`: it never changes, and the runners of the hook,
    /// which go to any task, see it only as its ``location`` and
    /// ``pathComponent``, Sendable values; its closures are called by the walk's driver alone.
    final class HookRef: RunnerHook, @unchecked Sendable {
        let node: HookNode<Mode>

        init(_ node: HookNode<Mode>) {
            self.node = node
        }

        var location: CodeLocation { node.location }

        var pathComponent: String { node.pathComponent }
    }
}
