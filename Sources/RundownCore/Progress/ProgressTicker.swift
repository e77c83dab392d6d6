import Foundation

/// The ticker of `RUNDOWN_PROGRESS_AFTER` and `RUNDOWN_PROGRESS_EVERY`: a
/// thread of its own that looks at the board a few times per interval and,
/// when the innermost closure of a walk has run past `after` (and then each
/// `every` while it still runs), writes one report: those walks with their
/// waits, and one line for each other walk that runs.
///
/// A thread rather than a task: a test that blocks every thread of the
/// cooperative pool, the hang a report is for, must not stop its report.
package final class ProgressTicker: Sendable {
    let board: ProgressBoard
    let after: Duration
    let every: Duration
    private let write: @Sendable (String) -> Void

    /// A ticker of `board` that hands each report to `write`; ``ProgressBoard/startTicker(after:every:)``
    /// makes the process's, which writes to standard error.
    package init(
        board: ProgressBoard, after: Duration, every: Duration, write: @escaping @Sendable (String) -> Void
    ) {
        self.board = board
        self.after = after
        self.every = every
        self.write = write
    }

    /// How often the ticker looks: a quarter of the shorter interval,
    /// between 10 ms and 1 s. A walk is reported at most that late.
    package var tick: Duration {
        min(max(min(after, every) / 4, .milliseconds(10)), .seconds(1))
    }

    /// The report due at `now`, if any walk is due; the walks reported are
    /// marked so, for the next one to wait `every`.
    package func report(at now: ContinuousClock.Instant) -> String? {
        let (runs, waits) = board.registered
        var due: [Sighting] = []
        var others: [Sighting] = []
        // Half a tick early at most, so that a report every second is not a tick late every time.
        let slack = tick / 2
        for run in runs {
            switch run.check(at: now, after: after, every: every, slack: slack) {
            case .idle: continue
            case .running(let closures): others.append(Sighting(run: run, closures: closures))
            case .due(let closures): due.append(Sighting(run: run, closures: closures))
            }
        }
        guard !due.isEmpty else { return nil }
        return ProgressText.report(
            reason: "running for more than \(ProgressText.setting(after))", full: due, also: others, waits: waits,
            strays: false, now: now)
    }

    /// Starts the thread, which runs as long as the process.
    func start() {
        let thread = Thread { [self] in
            while true {
                Thread.sleep(
                    forTimeInterval: Double(tick.components.attoseconds) / 1e18
                        + Double(tick.components.seconds))
                if let text = report(at: .now) { write(text) }
            }
        }
        thread.name = "Rundown progress"
        thread.start()
    }
}

/// Standard error, written with one `write(2)` per text, so that a report
/// never interleaves mid-line with other output.
package enum StandardError {
    /// Writes `text` and a newline.
    package static func write(_ text: String) {
        var text = text + "\n"
        text.withUTF8 { bytes in
            guard var next = bytes.baseAddress else { return }
            var left = bytes.count
            // One write, unless the system takes only part of it.
            while left > 0 {
                let written = Foundation.write(STDERR_FILENO, next, left)
                if written < 0, errno == EINTR { continue }
                guard written > 0 else { return }
                next += written
                left -= written
            }
        }
    }
}
