/// The clock of one run of `explore`'s body: its time moves only when the explorer says so.
///
/// A controlled task that sleeps stops taking steps until the explorer moves the clock to its
/// deadline. Moving the clock is one of the explorer's options at every step where some task
/// sleeps, so a timer that fires first and a response that arrives first are both tried; and as
/// nothing waits in wall time, a run that sleeps for a minute takes microseconds.
///
/// The body itself moves the clock to its deadline at once when it sleeps. Only controlled tasks
/// (with their child tasks, which become controlled tasks when they sleep) and the body may sleep
/// on it: a task the explorer does not control (a `Task {}`, a child of the body) cannot take its
/// turn in an order, and its sleep fails the run, saying so.
public struct VirtualClock: Clock {
    /// A moment of virtual time: how long after the run's start it is.
    public struct Instant: InstantProtocol, CustomStringConvertible {
        /// Virtual time since the run began; each run starts at zero.
        public let sinceStart: Duration

        /// The moment `sinceStart` after the run began.
        public init(sinceStart: Duration) {
            self.sinceStart = sinceStart
        }

        /// The moment `duration` later.
        public func advanced(by duration: Duration) -> Instant {
            Instant(sinceStart: sinceStart + duration)
        }

        /// How long it is from this moment to `other`.
        public func duration(to other: Instant) -> Duration {
            other.sinceStart - sinceStart
        }

        /// Whether `lhs` comes before `rhs`.
        public static func < (lhs: Instant, rhs: Instant) -> Bool {
            lhs.sinceStart < rhs.sinceStart
        }

        /// `+1.5 seconds`: the time since the run began.
        public var description: String {
            "+\(sinceStart)"
        }
    }

    let run: ScheduleRun

    /// The current virtual time.
    public var now: Instant {
        Instant(sinceStart: run.now)
    }

    /// Virtual time has no granularity of its own.
    public var minimumResolution: Duration {
        .nanoseconds(1)
    }

    /// Waits until virtual time reaches `deadline`: in a controlled task or one of its child tasks,
    /// until the explorer moves the clock there (a deadline that has passed returns at once); in
    /// the body itself, it moves the clock there at once.
    ///
    /// Any other task (a `Task {}` started inside a controlled task or the body, a child of the
    /// body) cannot take turns with the controlled tasks, so its sleep stops the run with a failure
    /// saying so: start the work that sleeps as a controlled task instead.
    ///
    /// - Throws: `CancellationError` when the task is cancelled, before or during the wait; the
    ///   explorer's stop when the caller is not a task the explorer controls.
    public func sleep(until deadline: Instant, tolerance: Duration? = nil) async throws {
        let now = run.now
        if let current = ControlledTask.current, current.run === run, let id = run.stepTaker(binding: current.id) {
            guard deadline.sinceStart > now else { return try Task.checkCancellation() }
            try await run.sleep(id, until: deadline.sinceStart, label: "sleep \(deadline.sinceStart - now)")
            return
        }
        guard Schedule(run: run).checkBelongs(call: "clock.sleep(until: \(deadline))", site: run.site) else {
            return try Task.checkCancellation()
        }
        try Task.checkCancellation()
        if run.isBody {
            run.advanceClock(to: deadline.sinceStart)
            return
        }
        // A task of the run the explorer does not control: inside a controlled task, or the body.
        let inside = ControlledTask.current.flatMap { $0.run === run ? run.describeTask($0.id) : nil }
        let failure = ToolkitFailure.sleepOutsideControlledTasks(inside: inside?.name)
        let stop = RunStop.misuse(failure.explanation, site: inside?.site)
        run.stop(stop)
        throw stop
    }
}
