import RundownCore

/// What the body of ``explore(_:stepTimeout:fileID:filePath:line:column:isolation:_:)`` is given, fresh for each
/// run: it starts the tasks the explorer controls, marks the places where they may be overtaken,
/// and keeps virtual time.
///
/// Only one controlled task runs at a time: from its start, or from a ``point(_:fileID:filePath:line:column:)``,
/// to its next point or its end. Which one goes next is the explorer's choice, and each run of the
/// body makes other choices, until every order has run (or the strategy's sample has).
///
/// A schedule belongs to one run. Make everything its tasks share (test doubles, view models,
/// state) inside the body, from the schedule it is given; a double kept from an earlier run would
/// call an old schedule, which is reported as an error.
public final class Schedule: Sendable {
    let run: ScheduleRun

    /// Virtual time for this run: a `sleep` parks its controlled task until the explorer moves the
    /// clock to its deadline, which it tries at every step where a task sleeps, so a short timer
    /// and a slow response are tried in both orders, and sleeping takes no wall time.
    public let clock: VirtualClock

    /// A `TaskStarting` whose tasks are controlled tasks, to inject into code that starts its own
    /// tasks: each task it starts is explored like one started with ``start(_:fileID:filePath:line:column:operation:)``.
    ///
    /// An error such a task throws belongs to the code that started it (it can read it from the
    /// task's value), so it is not reported as a failure.
    public var tasks: any TaskStarting {
        ControlledTaskStarter(schedule: self)
    }

    init(run: ScheduleRun) {
        self.run = run
        clock = VirtualClock(run: run)
    }

    /// Starts a task the explorer controls.
    ///
    /// The task does not run yet: the explorer lets controlled tasks take their steps once the
    /// body calls ``finish()`` or returns. The operation keeps the caller's actor, as `Task {}`
    /// does, so a main-actor body can touch its view model inside it. An error it throws is a
    /// failure of the run, reported at this call.
    ///
    /// - Parameters:
    ///   - name: How the task is named in the interleaving that a failure prints.
    ///   - fileID: The caller's `#fileID`; leave the default.
    ///   - filePath: The caller's `#filePath`; leave the default.
    ///   - line: The caller's `#line`; leave the default.
    ///   - column: The caller's `#column`; leave the default.
    ///   - operation: The task's work.
    public func start(
        _ name: String,
        fileID: String = #fileID,
        filePath: StaticString = #filePath,
        line: Int = #line,
        column: Int = #column,
        @_inheritActorContext operation: @escaping @isolated(any) @Sendable () async throws -> Void
    ) {
        let site = ConcurrencyFailure("", fileID: fileID, filePath: filePath, line: line, column: column)
        guard let id = register(name, call: "start(\"\(name)\")", site: site, reportsErrors: true) else { return }
        _ = ControlledTask.start(id, of: run, name: nil, priority: nil, isolation: operation.isolation) {
            try await operation()
        }
    }

    /// A place where the running controlled task may be overtaken by another one.
    ///
    /// Write it in test doubles, where the code under test suspends in real life: a fake service's
    /// request and response, a stubbed clock, a delegate callback. In a controlled task it ends the
    /// step and waits until the explorer picks the task again. In a child task of a controlled task
    /// (a task group's, an `async let`'s) it does the same, and the first one makes the child a
    /// controlled task, named after its owner: `load.1`. In code that no controlled task runs (the
    /// body, a plain `Task {}`) it returns at once.
    ///
    /// - Parameters:
    ///   - name: How the place is named in the interleaving that a failure prints.
    ///   - fileID: The caller's `#fileID`; leave the default.
    ///   - filePath: The caller's `#filePath`; leave the default.
    ///   - line: The caller's `#line`; leave the default.
    ///   - column: The caller's `#column`; leave the default.

    public nonisolated(nonsending) func point(
        _ name: String,
        fileID: String = #fileID,
        filePath: StaticString = #filePath,
        line: Int = #line,
        column: Int = #column
    ) async {
        if let current = ControlledTask.current, current.run === run {
            // A plain `Task {}` started inside a controlled task inherits its task-local values; it
            // is not the task, nor a child of it, so its points are not steps.
            guard let id = run.stepTaker(binding: current.id) else { return }
            await run.park(id, at: name)
            return
        }
        let site = ConcurrencyFailure("", fileID: fileID, filePath: filePath, line: line, column: column)
        checkBelongs(call: "point(\"\(name)\")", site: site)
    }

    /// Lets the controlled tasks take their steps, in the explorer's order, until every one of
    /// them has ended. The end of the body does it too.
    ///
    /// - Throws: An error saying why, when the run had to stop (a task that neither reached a point
    ///   nor ended within its deadline, a run that does not repeat the recorded one); the
    ///   exploration reports it once.
    public nonisolated(nonsending) func finish() async throws {
        if let current = ControlledTask.current {
            let name = current.run.describeTask(current.id).name
            let stop = RunStop.misuse(ToolkitFailure.finishFromControlledTask(name).explanation, site: nil)
            current.run.stop(stop)
            throw stop
        }
        try await run.drive()
    }

    /// Registers a controlled task; `nil` when this schedule cannot take one: its run is over (an
    /// error reported) or stopped, or the caller is a task of another run (an error reported).
    func register(_ name: String, call: String, site: ConcurrencyFailure, reportsErrors: Bool) -> Int? {
        guard checkBelongs(call: call, site: site) else { return nil }
        guard let id = run.register(name: name, site: site, reportsErrors: reportsErrors) else {
            if run.stop == nil { run.report(site.saying(Self.afterRunMessage(call: call, run: run.number))) }
            return nil
        }
        return id
    }

    /// Reports a call on this schedule from a controlled task of another run, or after this run
    /// ended; `true` when neither is the case and the run goes on.
    ///
    /// A call after the run stopped (a deadline, a divergence, a cancellation) is no mistake of
    /// its own: the tasks the stop released run on outside the explorer, and the stop is reported
    /// once, as itself. Such a call returns `false` and reports nothing.
    @discardableResult
    func checkBelongs(call: String, site: ConcurrencyFailure) -> Bool {
        if let current = ControlledTask.current, current.run !== run {
            let failure = ToolkitFailure.scheduleOfAnotherRun(
                call: call, interleaving: run.number, from: current.run.number)
            current.run.report(site.saying(failure.explanation))
            return false
        }
        guard run.isOver else { return true }
        if run.stop == nil { run.report(site.saying(Self.afterRunMessage(call: call, run: run.number))) }
        return false
    }

    static func afterRunMessage(call: String, run: Int) -> String {
        ToolkitFailure.scheduleAfterItsRun(call: call, interleaving: run).explanation
    }
}
