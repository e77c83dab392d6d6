extension SpecWalk {
    /// A closure the walk has handed the driver, until ``finish(_:)`` takes
    /// back its outcome: which closure of which frame, and its runner.
    struct Pending {
        let closure: Closure
        let runner: ExampleRunner
    }

    /// Which closure of a frame runs.
    enum Closure {
        case groupHook(GroupFrame, HookRef)
        case elementHook(ElementFrame, HookRef)
        case example(ElementFrame)
        case elementCleanup(ElementFrame, ElementState.Cleanup)
        case groupCleanup(GroupFrame, ElementState.Cleanup)

        /// Whether it is one of an element's closures, which run once per
        /// example: the end of the element's run takes what they posted.
        var isElements: Bool {
            switch self {
            case .elementHook, .example, .elementCleanup: true
            case .groupHook, .groupCleanup: false
            }
        }
    }
}
