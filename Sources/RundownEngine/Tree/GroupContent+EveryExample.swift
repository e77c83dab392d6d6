extension GroupContent {
    /// The same content with every each-hook, its nested groups' included,
    /// made an every-example hook: what `.everyExample` on a group means.
    package func withEveryEachHookEveryExample() -> GroupContent<Mode> {
        var hooks = self.hooks
        for kind in [HookKind.beforeEach, .aroundEach, .afterEach] {
            hooks[kind] = hooks[kind]?.map { hook in
                var hook = hook
                hook.isEveryExample = true
                return hook
            }
        }
        let elements = self.elements.map { element in
            guard case .group(var group) = element else { return element }
            group.content = group.content.withEveryEachHookEveryExample()
            return .group(group)
        }
        return replacing(hooks: hooks, elements: elements)
    }
}
