// What of Rundown's runs in the process now, for progress reports: the
// ticker of `RUNDOWN_PROGRESS_AFTER`, the signal (`SIGUSR1`), and the
// failures that attach a report (a time limit, a grace period, a toolkit
// wait that gives up). It lives in the core, beside the run context, so that
// the engine, which registers closures, and the toolkit, which notes waits,
// both reach it without importing each other.
//
// Invariants.
// - Registration is always on (the signal is on by default), so it costs
//   nothing a run would notice: a walk registers once, as a `Run`; each of
//   its closures costs one uncontended lock where it starts, on the run's
//   own lock (never the board's, which parallel tests would share), the copy
//   of one reference, no allocation once the run's stack has grown to its
//   depth, and no clock read: the board's one thread, started with the
//   first walk, stamps each closure it has not seen yet when it looks, every
//   tick (at most 0.1 s), so a closure's time counts from at most a tick
//   after it started.
// - A walk runs one closure at a time, except that an `aroundEach` hook goes
//   on running while the closures its body drives run: so a run's closures
//   are a stack, one per depth (how many of the walk's `aroundEach` hooks
//   run around it), and the innermost is the one that runs. A closure's
//   start replaces what ran at its depth, which has ended: the driver
//   reports no end, except an `aroundEach` hook's and the wait for a
//   concurrent group's element walks, which leave their depth. A closure
//   that ended thus stays on the board until the walk's next one starts,
//   which is the walk's own bookkeeping in between; a walk that ends clears
//   its run.
// - A wait is noted on the board's lock with the closure of the context it
//   is made in (a task started inside a closure names that closure), and is
//   reported under that closure while it runs, under "left running by" once
//   it has ended, and under "outside specs" where no closure is.
// - A report reads the registry and the runs' stacks into values under
//   their locks, one lock at a time, and writes its text with no lock held:
//   a wait's description takes its tool's lock, and a tool may note a wait
//   while it holds that lock.

import Foundation

/// Everything of Rundown's that runs in the process now: each running
/// closure of a spec (registered by the engine's drivers, per ``Run``) and
/// the toolkit waits each is in (noted by the toolkit). Read by progress
/// reports (the ticker, the signal) and by failures that attach a report.
package final class ProgressBoard: Sendable {
    /// The board of the process, which the engine and the toolkit use.
    package static let shared = ProgressBoard(ticking: true)

    private let registry = Protected(Registry())
    /// Whether the first walk starts the board's thread: the process's board only.
    private let ticking: Bool

    private struct Registry {
        /// The walks that run, oldest first.
        var runs: [Run] = []
        /// The waits noted and not ended, oldest first.
        var waits: [WaitNote] = []
        /// The board's thread, started with the first walk: it stamps the closures, and reports them
        /// once a spec with `RUNDOWN_PROGRESS_AFTER` has set ``reporting``.
        var ticker: ProgressTicker?
        /// `RUNDOWN_PROGRESS_AFTER` and `RUNDOWN_PROGRESS_EVERY`, once a spec that has them started.
        var reporting: (after: Duration, every: Duration)?
    }

    /// A board of its own, for a test, which starts no thread: the test
    /// drives a ``ProgressTicker`` of it. Everything else uses ``shared``.
    package convenience init() {
        self.init(ticking: false)
    }

    private init(ticking: Bool) {
        self.ticking = ticking
    }

    // MARK: The engine's side

    /// Registers a walk of the spec `spec` run by the test `test`, whose
    /// closures the driver then reports with ``Run/started(_:)`` and
    /// ``Run/ended()``; the walk unregisters it when it ends.
    package func register(spec: String, test: String?) -> Run {
        let run = Run(spec: spec, test: test)
        let ticker: ProgressTicker? = registry.withLock { registry in
            registry.runs.append(run)
            guard ticking, registry.ticker == nil else { return nil }
            let ticker = ProgressTicker(board: self, write: StandardError.write)
            registry.ticker = ticker
            return ticker
        }
        ticker?.start()
        return run
    }

    /// Removes a walk that has ended, and what it ran.
    package func unregister(_ run: Run) {
        registry.withLock { registry in
            if let index = registry.runs.lastIndex(where: { $0 === run }) { registry.runs.remove(at: index) }
        }
        run.clear()
    }

    /// Makes the board's thread report what runs past `after`, then every
    /// `every`, unless it does already: the settings are the process's, so
    /// the first spec that has them sets them.
    package func startReporting(after: Duration, every: Duration) {
        registry.withLock { registry in
            if registry.reporting == nil { registry.reporting = (after, every) }
        }
    }

    /// What the board's thread reports past, if anything.
    var reporting: (after: Duration, every: Duration)? {
        registry.withLock { $0.reporting }
    }

    // MARK: The toolkit's side

    /// Notes that the code running now (the closure of `RunContext.current`,
    /// also in a task it started) is in a wait, until the note's
    /// ``WaitNote/end()``. `describe` is called only when a report is made,
    /// from any thread, with no lock of the board held, and returns the
    /// wait's lines: `Gate "server replied" (not opened; 1 parked)`.
    package static func noteWait(_ describe: @escaping @Sendable () -> String) -> WaitNote {
        shared.note(waitOf: RunContext.current?.closure, describe)
    }

    /// Notes a wait of `closure` (or outside any spec) on this board.
    package func note(waitOf closure: (any RunningClosure)?, _ describe: @escaping @Sendable () -> String)
        -> WaitNote
    {
        let note = WaitNote(board: self, closure: closure, describe: describe)
        registry.withLock { $0.waits.append(note) }
        return note
    }

    /// Forgets `note`; nothing if it was forgotten already.
    func remove(_ note: WaitNote) {
        registry.withLock { registry in
            if let index = registry.waits.lastIndex(where: { $0 === note }) { registry.waits.remove(at: index) }
        }
    }

    // MARK: Reports

    /// The report of the closure running in this task (its line and its
    /// waits), or `nil` outside a spec.
    package static func reportOfCurrentClosure() -> String? {
        guard let closure = RunContext.current?.closure else { return nil }
        return shared.report(of: closure)
    }

    /// The report of `closure`: its line (what runs, for how long, if it
    /// still runs) and a line for each wait it is in.
    package func report(of closure: any RunningClosure, at now: ContinuousClock.Instant = .now) -> String {
        let (runs, waits) = registered
        let started = runs.lazy.compactMap { $0.started(of: closure, stamping: now) }.first
        var text = ProgressText(now: now)
        text.closure(closure, started: started, indent: "")
        text.waits(waits.filter { $0.closure === closure }, indent: "  ")
        return text.lines.joined(separator: "\n")
    }

    /// The report of everything running, for the signal: one string, its
    /// lines prefixed with `Rundown:`, for one write.
    package func fullReport(reason: String, at now: ContinuousClock.Instant = .now) -> String {
        let (runs, waits) = registered
        let sightings = runs.compactMap { run in
            let closures = run.closures(stamping: now)
            return closures.isEmpty ? nil : Sighting(run: run, closures: closures)
        }
        return ProgressText.report(reason: reason, full: sightings, also: [], waits: waits, strays: true, now: now)
    }

    /// The runs and waits registered now.
    var registered: (runs: [Run], waits: [WaitNote]) {
        registry.withLock { ($0.runs, $0.waits) }
    }
}

/// What a report saw of one run: its closures running, outermost first.
struct Sighting {
    let run: ProgressBoard.Run
    let closures: [ProgressBoard.Running]
}
