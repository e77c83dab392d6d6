// What of Rundown's runs in the process now, for progress reports: the
// ticker of `RUNDOWN_PROGRESS_AFTER`, the signal (`SIGUSR1`), and the
// failures that attach a report (a time limit, a grace period, a toolkit
// wait that gives up). It lives in the core, beside the run context, so that
// the engine, which registers closures, and the toolkit, which notes waits,
// both reach it without importing each other.
//
// Invariants.
// - Every walk registers once, as a `Run`, with its test, spec and start,
//   and every toolkit wait notes its closure and walk (from the run
//   context): that much is always on, for the signal, and costs a spec, not
//   an example. A walk tracks its closures only where
//   `RUNDOWN_PROGRESS_AFTER` is set (CI sets it): one uncontended lock per
//   closure, on the run's own lock (never the board's, which parallel tests
//   would share), is still about a fifth of what the walk spends on a
//   synchronous example, too much to pay where nobody asked for reports.
//   A tracked closure costs the copy of one reference, no allocation once
//   the run's stack has grown to its depth, and no clock read: the board's
//   one thread, started with the first walk that tracks, stamps each closure
//   it has not seen yet when it looks, every tick (at most 0.1 s), so a
//   closure's time counts from at most a tick after it started.
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
        /// The waits noted and not ended, each with its place in the order they were noted.
        var waits: [ObjectIdentifier: (order: UInt64, note: WaitNote)] = [:]
        /// The place of the wait noted last.
        var lastWait: UInt64 = 0
        /// The board's thread, started with the first walk that tracks its closures: it stamps them, and reports them
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
    /// closures the driver then reports with ``Run/runs(_:at:)``, if it
    /// `tracksClosures`; the walk unregisters it when it ends. The first walk
    /// that tracks its closures starts the board's thread, which stamps them.
    package func register(spec: String, test: String?, tracksClosures: Bool = true) -> Run {
        let run = Run(spec: spec, test: test, tracksClosures: tracksClosures)
        let ticker: ProgressTicker? = registry.withLock { registry in
            registry.runs.append(run)
            guard ticking, tracksClosures, registry.ticker == nil else { return nil }
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
        let context = RunContext.current
        return shared.note(waitOf: context?.closure, in: context?.surroundings?.progressRun, describe)
    }

    /// Notes a wait of `closure` (or outside any spec) on this board.
    package func note(
        waitOf closure: (any RunningClosure)?, in run: Run? = nil, _ describe: @escaping @Sendable () -> String
    ) -> WaitNote {
        let note = WaitNote(board: self, closure: closure, run: run, describe: describe)
        registry.withLock { registry in
            registry.lastWait += 1
            registry.waits[ObjectIdentifier(note)] = (registry.lastWait, note)
        }
        return note
    }

    /// Forgets `note`; nothing if it was forgotten already.
    func remove(_ note: WaitNote) {
        registry.withLock { registry in
            // By its identity, which is its own while the registry holds it: a long line of a lock's
            // waiters leaves in any order, and a search of an array would make that quadratic.
            _ = registry.waits.removeValue(forKey: ObjectIdentifier(note))
        }
    }

    // MARK: Reports

    /// The report of the closure running in this task (its line and its
    /// waits), or `nil` outside a spec.
    package static func reportOfCurrentClosure() -> String? {
        guard let context = RunContext.current, let closure = context.closure else { return nil }
        // Asked from inside the closure: it runs, whether or not its walk tracks it.
        return shared.report(of: closure, untracked: context.surroundings?.progressRun?.tracksClosures == false)
    }

    /// The report of `closure`: its line (what runs, for how long, if it
    /// still runs) and a line for each wait it is in. `started` is when it
    /// started, if the caller knows (a time limit does); otherwise the board
    /// knows where its walk tracks its closures.
    package func report(
        of closure: any RunningClosure, started: ContinuousClock.Instant? = nil, untracked: Bool = false,
        at now: ContinuousClock.Instant = .now
    ) -> String {
        let (runs, waits) = registered
        let started = started ?? runs.lazy.compactMap { $0.started(of: closure, stamping: now) }.first
        var text = ProgressText(now: now)
        // Not on a stack: it ended, unless its walk does not track its closures.
        let untracked = untracked || waits.contains { $0.closure === closure && $0.run?.tracksClosures == false }
        text.closure(closure, started: started, untracked: untracked, indent: "")
        text.waits(waits.filter { $0.closure === closure }, indent: "  ")
        return text.lines.joined(separator: "\n")
    }

    /// The report of everything running, for the signal: one string, its
    /// lines prefixed with `Rundown:`, for one write.
    package func fullReport(reason: String, at now: ContinuousClock.Instant = .now) -> String {
        let (runs, waits) = registered
        let sightings = runs.compactMap { run in
            let closures = run.tracksClosures ? run.closures(stamping: now) : []
            return closures.isEmpty ? nil : Sighting(run: run, closures: closures)
        }
        return ProgressText.report(
            reason: reason, full: sightings, also: [], untracked: runs.filter { !$0.tracksClosures }, waits: waits,
            strays: true, now: now)
    }

    /// The runs and waits registered now.
    var registered: (runs: [Run], waits: [WaitNote]) {
        registry.withLock { ($0.runs, $0.waits.values.sorted { $0.order < $1.order }.map(\.note)) }
    }
}

/// What a report saw of one run: its closures running, outermost first.
struct Sighting {
    let run: ProgressBoard.Run
    let closures: [ProgressBoard.Running]
}
