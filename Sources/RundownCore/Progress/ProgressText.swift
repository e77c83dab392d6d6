/// The text of progress reports: one line per thing, durations in seconds
/// with one decimal, every line of a whole report prefixed with `Rundown:`
/// so that it stands out in a CI log.
///
/// ```
/// Rundown: progress report (running for more than 1 s)
/// Rundown:   test "PagerTests/loadsPages()" · spec "Pager"
/// Rundown:     Pager, loads the next page: its body (PagerSpec.swift:42), running for 3.2 s
/// Rundown:       waits on Gate "server replied" (not opened; 1 parked)
/// Rundown:   also running: test "CacheTests/evicts()" · spec "Cache": Cache, evicts: its beforeEach hook (CacheSpec.swift:9), 0.4 s
/// ```
struct ProgressText {
    let now: ContinuousClock.Instant
    private(set) var lines: [String] = []

    init(now: ContinuousClock.Instant) {
        self.now = now
    }

    /// A whole report: `full` with their waits, `also` one line each,
    /// `untracked` (walks that do not track their closures) with the closures
    /// their waits name, and, if `strays`, the waits of no closure seen running.
    static func report(
        reason: String, full: [Sighting], also: [Sighting], untracked: [ProgressBoard.Run],
        waits: [ProgressBoard.WaitNote], strays: Bool, now: ContinuousClock.Instant
    ) -> String {
        var text = ProgressText(now: now)
        text.lines.append("progress report (\(reason))")
        var heading: String?
        for sighting in full {
            let runHeading = Self.heading(of: sighting.run)
            if runHeading != heading {
                text.lines.append("  " + runHeading)
                heading = runHeading
            }
            for running in sighting.closures {
                text.closure(running.closure, started: running.started, untracked: false, indent: "    ")
                text.waits(waits.filter { $0.closure === running.closure }, indent: "      ")
            }
        }
        for sighting in also {
            guard let innermost = sighting.closures.last else { continue }
            text.lines.append(
                "  also running: \(Self.heading(of: sighting.run)): \(innermost.closure.elementDescription): "
                    + "\(innermost.closure.runningPart), \(Self.seconds(innermost.started.duration(to: now)))")
        }
        for run in untracked {
            text.lines.append("  \(Self.heading(of: run)): running for \(Self.seconds(run.since.duration(to: now)))")
            // Its closures are known where they wait in the toolkit: each wait knows its closure and walk.
            let theirs = waits.filter { $0.run === run }
            var named: [any RunningClosure] = []
            for wait in theirs {
                guard let closure = wait.closure, !named.contains(where: { $0 === closure }) else { continue }
                named.append(closure)
                text.lines.append("    \(closure.elementDescription): \(closure.runningPart)")
                text.waits(theirs.filter { $0.closure === closure }, indent: "      ")
            }
        }
        if !untracked.isEmpty {
            text.lines.append(
                "  (a spec's closure is named while it waits in the toolkit; set RUNDOWN_PROGRESS_AFTER, as CI does, "
                    + "to name every closure that runs)")
        }
        if strays {
            let shown = Set(untracked.map(ObjectIdentifier.init))
            text.strays(
                waits.filter { $0.run.map { !shown.contains(ObjectIdentifier($0)) } ?? true },
                running: (full + also).flatMap { $0.closures.map(\.closure) })
        }
        if text.lines.count == 1 { text.lines.append("  nothing of Rundown's runs") }
        return text.lines.map { "Rundown: " + $0 }.joined(separator: "\n")
    }

    /// `test "PagerTests/loadsPages()" · spec "Pager"`, or the spec alone.
    static func heading(of run: ProgressBoard.Run) -> String {
        (run.test.map { "test \"\($0)\" · " } ?? "") + "spec \"\(run.spec)\""
    }

    /// `Pager, loads: its body (PagerSpec.swift:42), running for 3.2 s`; `…, ended` if it no longer runs.
    /// With no start, nothing of its time where its walk does not track its closures (`untracked`).
    mutating func closure(
        _ closure: any RunningClosure, started: ContinuousClock.Instant?, untracked: Bool, indent: String
    ) {
        let time =
            if let started {
                ", running for \(Self.seconds(started.duration(to: now)))"
            } else if untracked {
                ""
            } else {
                ", ended"
            }
        lines.append("\(indent)\(closure.elementDescription): \(closure.runningPart)\(time)")
    }

    /// `waits on …` for each of `waits`, a description's further lines indented under its first.
    mutating func waits(_ waits: [ProgressBoard.WaitNote], indent: String) {
        for wait in waits {
            let described = wait.describe().split(separator: "\n", omittingEmptySubsequences: true)
            guard let first = described.first else { continue }
            lines.append("\(indent)waits on \(first)")
            lines += described.dropFirst().map { "\(indent)  \($0)" }
        }
    }

    /// The waits of no closure in `running`: outside specs, or in a task a closure that ended left running.
    private mutating func strays(_ waits: [ProgressBoard.WaitNote], running: [any RunningClosure]) {
        let strays = waits.filter { wait in !running.contains { $0 === wait.closure } }
        let outside = strays.filter { $0.closure == nil }
        if !outside.isEmpty {
            lines.append("  outside specs:")
            self.waits(outside, indent: "    ")
        }
        var done: [any RunningClosure] = []
        for wait in strays {
            guard let closure = wait.closure, !done.contains(where: { $0 === closure }) else { continue }
            done.append(closure)
            lines.append("  left running by \(closure.elementDescription): \(closure.runningPart), which ended:")
            self.waits(strays.filter { $0.closure === closure }, indent: "    ")
        }
    }

    /// `3.2 s`: seconds with one decimal.
    static func seconds(_ duration: Duration) -> String {
        let tenths = max(
            0,
            Int(
                (Double(duration.components.seconds) * 10
                    + Double(duration.components.attoseconds) / 1e17).rounded()))
        return "\(tenths / 10).\(tenths % 10) s"
    }

    /// `1 s`, `1.5 s`, `0.5 s`: a setting's duration, without a needless decimal.
    static func setting(_ duration: Duration) -> String {
        let text = seconds(duration)
        return text.hasSuffix(".0 s") ? String(text.dropLast(4)) + " s" : text
    }
}
