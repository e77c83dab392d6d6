extension SpecWalk {
    /// A group on the walk's stack: where it is among its `beforeAll` hooks,
    /// its elements and its `afterAll` hooks, and the each-hooks it puts
    /// around its elements. It is the state its `beforeAll` and `afterAll`
    /// hooks share.
    ///
    /// `@unchecked Sendable`, inherited from ElementState: a frame is handed to
    /// runners only as its ElementState and its immutable path and location; the
    /// frame's own state is touched by the walk alone, on one task.
    final class GroupFrame: ElementState, RunnerFrame, @unchecked Sendable {
        override var runnerFrame: (any RunnerFrame)? { self }

        enum Stage {
            case beforeAll(Int)
            case elements(Int)
            case afterAll(Int)
            case done
        }
        let node: GroupNode<Mode>
        let path: PathNode
        /// The frame under this one on the walk's stack: the element frame
        /// of the nested group this is, `nil` for the spec's root.
        let below: ElementFrame?
        var stage = Stage.beforeAll(0)
        let beforeAll: [HookRef]
        let afterAll: [HookRef]
        /// The every-example hooks of the groups above this one, outermost first.
        let inherited: [EachHooks]
        /// The each-hooks around an example of this group: all of them.
        let forExamples: EachHooks
        /// The each-hooks around a nested group: those that are not every-example.
        let forGroups: EachHooks
        /// What a nested group inherits: ``inherited`` and this group's every-example hooks.
        let childInherited: [EachHooks]
        /// The layers around an example of this group, and around a nested
        /// group, with an empty first layer for the element's scopes; shared
        /// by the elements that have none.
        let exampleLayers: [EachHooks]
        let groupLayers: [EachHooks]

        /// How the examples below run beyond once: the run's settings, with
        /// this group's and its ancestors' traits, the innermost winning.
        let attemptPlan: AttemptPlan?

        init(
            group: GroupNode<Mode>, path: PathNode, below: ElementFrame?, inherited: [EachHooks], inbox: FailureInbox,
            lock: StateLock, attemptPlan: AttemptPlan?
        ) {
            node = group
            self.path = path
            self.below = below
            self.attemptPlan = AttemptPlan.merging(attemptPlan, (group.marks.repetitions, group.marks.retries))
            beforeAll = group.content.hooks(.beforeAll).map(HookRef.init)
            afterAll = group.content.hooks(.afterAll).map(HookRef.init)
            self.inherited = inherited
            forExamples = EachHooks(group.content) { _ in true }
            let everyExample = EachHooks(group.content) { $0.isEveryExample }
            if everyExample.isEmpty {
                forGroups = forExamples
                childInherited = inherited
            } else {
                forGroups = EachHooks(group.content) { !$0.isEveryExample }
                childInherited = inherited + [everyExample]
            }
            exampleLayers = [EachHooks()] + inherited + [forExamples]
            groupLayers = [EachHooks(), forGroups]
            super.init(kind: .group, isAsynchronous: Mode.self == Asynchronous.self, inbox: inbox, lock: lock)
        }

        /// Whether the group has ended: a failure posted now is late. Not
        /// before its cleanups have run, which they do in `done`: a failure
        /// one of them posts is theirs, and a `#require` there is one failure.
        var isDone: Bool {
            if case .done = stage { return isClosed }
            return false
        }

        /// The group's path, from immutable parts only: runners of its hooks read it from any task.
        func steps(appending extra: String?) -> [String] {
            path.steps(appending: extra)
        }

        /// Where the group was declared.
        var location: CodeLocation { node.location }
    }
}
