import Foundation

/// The board's thread: it looks at the board every tick, stamping the
/// closures it has not seen yet (so that a closure's time counts from at
/// most a tick after it started, with no clock read where it starts), and,
/// under `RUNDOWN_PROGRESS_AFTER`, when the innermost closure of a walk has
/// run past `after` (and then each `every` while it still runs), writes one
/// report: those walks with their waits, and one line for each other walk
/// that runs.
///
/// A thread rather than a task: a test that blocks every thread of the
/// cooperative pool, the hang a report is for, must not stop its report.
package final class ProgressTicker: Sendable {
    let board: ProgressBoard
    private let write: @Sendable (String) -> Void

    /// A ticker of `board` that hands each report to `write`; the board makes
    /// the process's, which writes to standard error, with its first walk.
    package init(board: ProgressBoard, write: @escaping @Sendable (String) -> Void) {
        self.board = board
        self.write = write
    }

    /// How often the ticker looks: a quarter of the shorter interval of
    /// `reporting`, between 10 ms and 0.1 s, the precision of a report's times.
    package static func tick(_ reporting: (after: Duration, every: Duration)?) -> Duration {
        guard let (after, every) = reporting else { return .milliseconds(100) }
        return min(max(min(after, every) / 4, .milliseconds(10)), .milliseconds(100))
    }

    /// The report due at `now` under `reporting` (the board's, by default),
    /// if any walk is due; the walks reported are marked so, for the next one
    /// to wait `every`. Stamps what it sees for the first time.
    package func report(
        at now: ContinuousClock.Instant, reporting given: (after: Duration, every: Duration)? = nil
    ) -> String? {
        let reporting = given ?? board.reporting
        let (runs, waits) = board.registered
        var due: [Sighting] = []
        var others: [Sighting] = []
        // Half a tick early at most, so that a report every second is not a tick late every time.
        let slack = Self.tick(reporting) / 2
        for run in runs {
            switch run.check(at: now, after: reporting?.after, every: reporting?.every ?? .zero, slack: slack) {
            case .idle: continue
            case .running(let closures): others.append(Sighting(run: run, closures: closures))
            case .due(let closures): due.append(Sighting(run: run, closures: closures))
            }
        }
        guard let reporting, !due.isEmpty else { return nil }
        return ProgressText.report(
            reason: "running for more than \(ProgressText.setting(reporting.after))", full: due, also: others,
            untracked: [], waits: waits, strays: false, now: now)
    }

    /// Starts the thread, which runs as long as the process.
    func start() {
        let thread = Thread { [self] in
            while true {
                let tick = Self.tick(board.reporting)
                Thread.sleep(
                    forTimeInterval: Double(tick.components.seconds) + Double(tick.components.attoseconds) / 1e18)
                if let text = report(at: .now) { write(text) }
            }
        }
        thread.name = "Rundown progress"
        thread.start()
    }
}
