/// Runs spec trees. It knows no DSL and no test framework: it takes a tree of
/// plain values and tells an observer what happened.
package enum SpecEngine {
    /// Runs a synchronous spec tree on the calling thread.
    ///
    /// - Parameters:
    ///   - root: The spec's root group.
    ///   - recognizers: Ways to tell a framework's skip from a failure, besides ``Skip``.
    ///   - controls: What the run selects, its order, and whether focus is forbidden; inside an
    ///     element of another spec, the filter and the shard are not applied (see ``RunControls``).
    ///   - progress: Whether the observer gets the events that start and finish groups and examples.
    ///   - inbox: Where failures that are not thrown reach the run.
    ///   - host: The host the run reports to, if any: a spec started inside one of its closures reports through it.
    ///   - observer: Receives every event as it happens.
    ///   - scope: What each example and hook runs inside, if anything.
    /// - Returns: Every failure and skip, and how the examples ended.
    @discardableResult
    package static func run(
        _ root: GroupNode<Synchronous>,
        recognizers: [SkipRecognizer] = [],
        controls: RunControls = .none,
        progress: Bool = true,
        inbox: FailureInbox = FailureInbox(),
        host: (any SpecHost)? = nil,
        observer: @escaping (SpecEvent) -> Void = { _ in },
        scope: ClosureScope? = nil
    ) -> SpecReport {
        let walk = SpecWalk(
            root: root, controls: controls.inThisTask, progress: progress, inbox: inbox, host: host,
            observer: observer)
        walk.drive(recognizers: recognizers, scope: scope)
        return walk.report
    }

    /// Runs an asynchronous spec tree on the caller's actor.
    ///
    /// - Parameters:
    ///   - root: The spec's root group.
    ///   - recognizers: Ways to tell a framework's skip from a failure, besides ``Skip``.
    ///   - controls: What the run selects, its order, and whether focus is forbidden; inside an
    ///     element of another spec, the filter and the shard are not applied (see ``RunControls``).
    ///   - progress: Whether the observer gets the events that start and finish groups and examples.
    ///   - inbox: Where failures that are not thrown reach the run.
    ///   - host: The host the run reports to, if any: a spec started inside one of its closures reports through it.
    ///   - observer: Receives every event as it happens.
    /// - Returns: Every failure and skip, and how the examples ended.
    @discardableResult
    nonisolated(nonsending) package static func run(
        _ root: GroupNode<Asynchronous>,
        recognizers: [SkipRecognizer] = [],
        controls: RunControls = .none,
        progress: Bool = true,
        inbox: FailureInbox = FailureInbox(),
        host: (any SpecHost)? = nil,
        observer: @escaping (SpecEvent) -> Void = { _ in }
    ) async -> SpecReport {
        let walk = SpecWalk(
            root: root, controls: controls.inThisTask, progress: progress, inbox: inbox, host: host,
            observer: observer)
        await walk.drive(recognizers: recognizers)
        return walk.report
    }
}

extension RunControls {
    /// These controls, or their ``nested`` form when the spec starts inside
    /// an element or hook of another spec in this task.
    fileprivate var inThisTask: RunControls {
        ExampleRunner.current == nil ? self : nested
    }
}
