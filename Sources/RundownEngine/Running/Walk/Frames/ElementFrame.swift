extension SpecWalk {
    /// One element of a group on the walk's stack, an example or a nested
    /// group: where it is among its layers of each-hooks and its body, how it
    /// is ending, and, for an example that repeats or retries, which run it
    /// is in. It is the state its each-hooks and body share.
    ///
    /// `@unchecked Sendable` for the same reason as GroupFrame.
    final class ElementFrame: ElementState, RunnerFrame, @unchecked Sendable {
        override var runnerFrame: (any RunnerFrame)? { self }

        /// `layer` indexes ``layers``; `unwinding` returns from the layer's
        /// entered `aroundEach` hooks, then moves to the next layer out.
        enum Stage {
            case around(Int, Int)
            case beforeEach(Int, Int)
            case body
            case afterEach(Int, Int)
            case unwinding(Int)
            case waitingForAround
        }
        let node: ElementNode<Mode>
        let parent: GroupFrame
        /// The frame under this one on the walk's stack: its parent, or
        /// `nil` in the walk of one element of a concurrent group, which ends
        /// with the element.
        let below: GroupFrame?
        /// The element's path as a chain, made the first time the walk needs
        /// it (a nested group, a failure, a report): runners read their path
        /// through the frame itself (see ``steps(appending:)``), so an example
        /// that passes makes none. Only the walk reads it.
        var path: PathNode {
            if let madePath { return madePath }
            let made = PathNode(node.description, parent: parent.path)
            madePath = made
            return made
        }
        var madePath: PathNode?
        /// What runs around the element, outermost first: its own scopes; for
        /// an example, the every-example hooks of the groups above its own;
        /// its group's each-hooks.
        let layers: [EachHooks]
        /// When the element started, if the run reports durations: as read
        /// by its walk's reporter (see ``WalkReporter/elapsed()``).
        let started: Duration?
        var stage = Stage.around(0, 0)
        /// How many `aroundEach` hooks, counted across the layers from the
        /// outermost, have called their body and not yet returned.
        var enteredArounds = 0
        /// False once a skip in a `beforeEach` or `aroundEach` hook means no
        /// `afterEach` hook runs.
        var runsAfterEach = true
        var bodyStarted = false
        /// Whether this run's cleanups have run and its state is closed.
        var cleanedUp = false
        var failed = false
        /// Why and where the element skipped, until it finishes (see `skip(_:_:declaredAt:)`).
        var skip: (reason: SkipReason, location: CodeLocation)?
        /// How the element ended, once it has: a failure posted after that is late.
        var result: ExampleResult?
        /// Where an example that repeats or retries is; `nil` for every other element.
        let attempts: ExampleAttempts?
        /// Whether the element itself says `.repeated` or `.retries`.
        let hasAttemptTraits: Bool

        /// `attemptMarks` are the node's, read where the walk is specialised
        /// for its mode: reading them here would copy the node.
        init(
            node: ElementNode<Mode>, parent: GroupFrame, alone: Bool = false, started: Duration?, inbox: FailureInbox,
            lock: StateLock,
            attemptMarks marks: (repetitions: Int?, retries: Int?)
        ) {
            self.parent = parent
            below = alone ? nil : parent
            self.started = started
            let shared =
                switch node {
                case .example: parent.exampleLayers
                case .group: parent.groupLayers
                }
            if !node.hasScopes {
                layers = shared
            } else {
                var scoped = shared
                scoped[0].arounds = node.scopes.map { scope in
                    HookRef(
                        HookNode<Mode>(
                            kind: .aroundEach, name: scope.name, location: node.location,
                            body: .around(Mode.around(for: scope))))
                }
                layers = scoped
            }
            hasAttemptTraits = marks.repetitions != nil || marks.retries != nil
            let kind: ElementState.Kind
            switch node {
            case .example:
                kind = .example
                let plan = hasAttemptTraits ? AttemptPlan.merging(parent.attemptPlan, marks) : parent.attemptPlan
                if let plan, plan.runsMoreThanOnce { attempts = ExampleAttempts(plan) } else { attempts = nil }
            case .group(let group):
                kind = .groupElement(group.description)
                attempts = nil
            }
            self.node = node
            super.init(kind: kind, isAsynchronous: Mode.self == Asynchronous.self, inbox: inbox, lock: lock)
        }

        /// Where the element was declared: its example runner's location.
        var location: CodeLocation { node.location }

        /// The element's path, from immutable parts only: runners read it
        /// from any task.
        func steps(appending extra: String?) -> [String] {
            var steps = parent.path.steps(appending: node.description)
            if let extra { steps.append(extra) }
            return steps
        }

        /// Back to the first stage, for the next run of an example that repeats or retries.
        func restart() {
            stage = .around(0, 0)
            enteredArounds = 0
            runsAfterEach = true
            bodyStarted = false
            cleanedUp = false
            failed = false
            skip = nil
            reopen()
        }

        /// How many `aroundEach` hooks the layers before `layer` hold.
        func aroundsBefore(_ layer: Int) -> Int {
            var count = 0
            for index in 0..<layer { count += layers[index].arounds.count }
            return count
        }
    }
}
