/// Collects the report and passes every event on to the observer.
///
/// Only its walk uses it, on the walk's task (and, once a concurrent group's
/// walks have ended, the walk that absorbs them).
final class WalkReporter {
    /// What was reported, except how the examples ended.
    private var collected = SpecReport()
    /// How the examples ended, kept apart from ``collected``, which the
    /// reporter changes through calls: these change at every example, and
    /// the compiler checks plain increments statically.
    private var passedCount = 0
    private var failedCount = 0
    private var skippedCount = 0
    /// How many of the report's first skips the plan made.
    private var plannedSkips = 0
    private let observer: ((SpecEvent) -> Void)?
    /// The events of a walk that runs one element of a concurrent group,
    /// kept for ``absorb(_:)``: such a walk has no observer of its own.
    private var kept: [SpecEvent] = []
    /// Whether the observer wants the events that only say how far the run
    /// has come (groups and examples starting and finishing), which the walk
    /// then builds; failures and skips always reach it.
    let progress: Bool

    /// Everything reported so far.
    var report: SpecReport {
        var report = collected
        report.passedCount = passedCount
        report.failedCount = failedCount
        report.skippedCount = skippedCount
        return report
    }

    init(observer: @escaping (SpecEvent) -> Void, progress: Bool) {
        self.observer = observer
        self.progress = progress
    }

    /// A reporter that keeps its events instead of passing them on.
    init(buffering progress: Bool) {
        observer = nil
        self.progress = progress
    }

    /// When the reporter was made, or its walk got a slot in a concurrent
    /// group (``restartClock()``): what ``elapsed()`` counts from.
    private var epoch = ContinuousClock.now

    /// Counts ``elapsed()`` from now: the walk of a concurrent group's
    /// element got its slot.
    func restartClock() {
        epoch = .now
    }

    /// The time since the reporter was made, if the observer wants durations
    /// (``progress``); `nil` otherwise. An element keeps its start as this
    /// duration rather than as a `ContinuousClock.Instant`: the instant's
    /// layout is opaque outside the standard library, so every frame would
    /// copy and destroy it, even when `nil`, through its value witnesses.
    func elapsed() -> Duration? {
        progress ? sinceEpoch() : nil
    }

    /// Out of line: where it is inlined, the caller makes room for an
    /// instant of the opaque layout (a metadata lookup) even when it does
    /// not read the clock.
    @inline(never)
    private func sinceEpoch() -> Duration {
        epoch.duration(to: .now)
    }

    /// Passes `event` on to the walk's listener, or keeps it when the walk has none.
    func emit(_ event: SpecEvent) {
        if let observer { observer(event) } else { kept.append(event) }
    }

    /// Takes in what `other` collected, and passes its events on in their order.
    func absorb(_ other: WalkReporter) {
        let theirs = other.collected
        collected.failures += theirs.failures
        collected.skips.insert(contentsOf: theirs.skips.prefix(other.plannedSkips), at: plannedSkips)
        collected.skips += theirs.skips.dropFirst(other.plannedSkips)
        plannedSkips += other.plannedSkips
        passedCount += other.passedCount
        failedCount += other.failedCount
        skippedCount += other.skippedCount
        collected.notices += theirs.notices
        collected.repetitions.add(theirs.repetitions)
        for event in other.kept { emit(event) }
    }

    func report(_ failure: SpecFailure) {
        collected.failures.append(failure)
        emit(.failed(failure))
    }

    /// A skip of the run; one the plan made (`planned`) is reported where
    /// it stands, and listed in the report before those of closures.
    func report(_ skip: SpecSkip, planned: Bool = false) {
        if planned {
            collected.skips.insert(skip, at: plannedSkips)
            plannedSkips += 1
        } else {
            collected.skips.append(skip)
        }
        emit(.skipped(skip))
    }

    func notice(_ notice: SpecNotice) {
        collected.notices.append(notice)
        emit(.noticed(notice))
    }

    /// Counts an example that has finished repeating: it ran `repetitions`.
    func repeated(_ repetitions: Int, failed: Bool, stop: UntilFailureStop?) {
        collected.repetitions.add(repetitions: repetitions, failed: failed, stop: stop)
    }

    /// An example counted as `result` failed late: it counts as failed, and is no skip.
    func correct(_ path: [String], from result: ExampleResult) {
        switch result {
        case .passed: passedCount -= 1
        case .skipped:
            skippedCount -= 1
            plannedSkips -= collected.skips.prefix(plannedSkips).count { $0.path == path }
            collected.skips.removeAll { $0.path == path }
        case .failed: return
        }
        failedCount += 1
    }

    func filteredOut(_ count: Int) {
        collected.filteredOutCount = count
    }

    func placesMissed(_ misses: [PlaceTargets.Miss]) {
        collected.placeMisses = misses
    }

    /// Counts an example that ended as `result`.
    private func count(_ result: ExampleResult) {
        switch result {
        case .passed: passedCount += 1
        case .failed: failedCount += 1
        case .skipped: skippedCount += 1
        }
    }

    func finishExample(_ path: [String], _ result: ExampleResult) {
        count(result)
        if progress { emit(.exampleFinished(path: path, result: result, duration: .zero)) }
    }

    func finishExample(_ path: any PathSource, _ result: ExampleResult, started: Duration?) {
        count(result)
        guard progress else { return }
        let duration = if let started, let now = elapsed() { now - started } else { Duration.zero }
        emit(.exampleFinished(path: path.steps(appending: nil), result: result, duration: duration))
    }
}
