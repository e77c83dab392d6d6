extension SpecWalk {
    /// One layer of the each-hooks around an element: its `aroundEach` hooks
    /// wrap its `beforeEach` hooks, the inner layers and its `afterEach` hooks.
    struct EachHooks {
        var arounds: [HookRef] = []
        var befores: [HookRef] = []
        var afters: [HookRef] = []

        var isEmpty: Bool { arounds.isEmpty && befores.isEmpty && afters.isEmpty }

        /// No hooks.
        init() {}

        /// The each-hooks of `content` that `keep` accepts.
        init(_ content: GroupContent<Mode>, where keep: (HookNode<Mode>) -> Bool) {
            arounds = content.hooks(.aroundEach).filter(keep).map(HookRef.init)
            befores = content.hooks(.beforeEach).filter(keep).map(HookRef.init)
            afters = content.hooks(.afterEach).filter(keep).map(HookRef.init)
        }
    }
}
