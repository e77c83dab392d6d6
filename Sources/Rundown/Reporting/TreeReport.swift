import RundownEngine

/// Writes a spec's tree as it runs (RunOutputs prints it in one piece when the spec has run), for people and for CI logs where the test
/// framework shows no structure: groups indented, each example with ✔, ✘ or
/// "skipped" and its duration, each failure and skip with its message. An
/// example that focus or exclusion keeps from running is printed in its
/// place, as "skipped" with the reason: the walk reports it there. Failures that were reported without being
/// thrown (assertions, issues, toolkit checks) fail their example as thrown
/// ones do; what reaches the tree is what reaches the JUnit report (see
/// ``JUnitCollector`` for the limits). A failure that a task records after its
/// example's line was printed gets a line of its own. An example that passed
/// on a retry has `⚠ flaky: passed on attempt 2 of 3` under its line, with
/// the failures of its earlier attempts, and the tree ends with a line that
/// names the run's flaky examples. A message of several lines keeps its
/// later lines indented under its first.
///
/// It prints only when the environment has `RUNDOWN_REPORT=tree`.
final class TreeReport {
    private let write: (String) -> Void
    /// The example running now, and the failures recorded while it ran: they
    /// are printed under its line once it has finished.
    private var running: (path: [String], failures: [SpecFailure])?
    /// The notices of the example running now (flaky, repetitions ended), printed under its line.
    private var runningNotices: [SpecNotice] = []
    /// The groups whose heading was printed and whose elements may follow,
    /// outermost first: those that started, and those printed only to hold
    /// skipped examples of a group that does not run (`shown`).
    private var open: [(path: [String], shown: Bool)] = []

    init(write: @escaping (String) -> Void = { print($0) }) {
        self.write = write
    }

    func receive(_ event: SpecEvent) {
        switch event {
        case .groupStarted(let path, _):
            closeShown(outside: Array(path.dropLast()))
            open.append((path, false))
            write(indent(path) + (path.last ?? ""))
        case .exampleStarted(let path, _):
            closeShown(outside: Array(path.dropLast()))
            running = (path, [])
        case .exampleFinished(let path, .skipped(let reason), _) where running?.path != path:
            // An example that did not start: the plan skipped it, or its group
            // did not run; it stands here, under the headings of its groups.
            let group = Array(path.dropLast())
            closeShown(outside: group)
            let depth = open.last?.path.count ?? 0
            if depth < group.count {
                for end in (depth + 1)...group.count {
                    let heading = Array(group.prefix(end))
                    open.append((heading, true))
                    write(indent(heading) + (heading.last ?? ""))
                }
            }
            block(indent(path), skipped(path.last ?? "", reason))
        case .exampleFinished(let path, let result, let duration):
            let name = path.last ?? ""
            switch result {
            case .passed: write(indent(path) + "✔ \(name) (\(seconds(duration)))")
            case .failed: write(indent(path) + "✘ \(name) (\(seconds(duration)))")
            case .skipped(let reason): block(indent(path), skipped(name, reason))
            }
            if let running, running.path == path {
                for failure in running.failures { block(indent(path) + "  ", describe(failure, under: path)) }
            }
            for notice in runningNotices where notice.path == path {
                block(indent(path) + "  ", "⚠ " + notice.summary)
                if case .flaky(_, _, let failures) = notice.kind {
                    for failure in failures { block(indent(path) + "    ", describe(failure, under: path)) }
                }
            }
            running = nil
            runningNotices = []
        case .failed(let failure):
            if let current = running, failure.path.starts(with: current.path) {
                running?.failures.append(failure)
            } else {
                closeShown(outside: Array(failure.path.dropLast()))
                block(indent(failure.path), "✘ " + describe(failure, under: Array(failure.path.dropLast())))
            }
        case .groupFinished(let path):
            while let last = open.popLast(), last.path != path {}
        case .skipped:
            // Skipped examples are printed when they finish, with their reason.
            break
        case .noticed(let notice):
            runningNotices.append(notice)
        }
    }

    /// Writes `text` after `indentation`, one line at a time: a message of
    /// several lines (an error's description, a skip's reason) keeps its
    /// later lines two spaces past its first, under its example, instead of
    /// at the margin where they would read as the tree's own lines.
    private func block(_ indentation: String, _ text: String) {
        let lines = text.split(omittingEmptySubsequences: false, whereSeparator: \.isNewline)
        write(indentation + (lines.first ?? ""))
        for line in lines.dropFirst() { write(indentation + "  " + line) }
    }

    /// Forgets the headings printed for skipped examples that do not hold
    /// `group`: what comes next is outside them.
    private func closeShown(outside group: [String]) {
        while let last = open.last, last.shown, !group.starts(with: last.path) {
            open.removeLast()
        }
    }

    /// `skipped <name> (<reason>)`, the reason left out if there is none.
    private func skipped(_ name: String, _ reason: String?) -> String {
        "skipped \(name)" + (reason.map { " (\($0))" } ?? "")
    }

    /// The failure's error, after the steps of its path below `path`.
    private func describe(_ failure: SpecFailure, under path: [String]) -> String {
        let steps = failure.path.dropFirst(path.count)
        return (steps.isEmpty ? "" : PathText.joined(steps) + ": ") + String(describing: failure.error)
    }

    private func indent(_ path: [String]) -> String {
        String(repeating: "  ", count: max(0, path.count - 1))
    }

    private func seconds(_ duration: Duration) -> String {
        let (seconds, attoseconds) = duration.components
        let milliseconds = Int(seconds) * 1000 + Int(attoseconds / 1_000_000_000_000_000)
        return "\(milliseconds / 1000).\(String(milliseconds % 1000).leftPadded(to: 3)) s"
    }
}

extension String {
    fileprivate func leftPadded(to width: Int) -> String {
        count >= width ? self : String(repeating: "0", count: width - count) + self
    }
}
