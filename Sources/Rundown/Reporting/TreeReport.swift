import RundownEngine

/// Writes a spec's tree as it runs (RunOutputs prints it in one piece when the spec has run), for people and for CI logs where the test
/// framework shows no structure: groups indented, each example with ✔, ✘ or
/// "skipped" and its duration, each failure and skip with its message.
///
/// It prints only when the environment has `RUNDOWN_REPORT=tree`.
final class TreeReport {
    private let write: (String) -> Void
    /// The example running now, and the failures recorded while it ran: they
    /// are printed under its line once it has finished.
    private var running: (path: [String], failures: [SpecFailure])?
    /// The groups printed so far. Examples left out by focus or exclusion are
    /// reported before the tree starts, so they are printed with their whole path.
    private var printedGroups: Set<[String]> = []

    init(write: @escaping (String) -> Void = { print($0) }) {
        self.write = write
    }

    func receive(_ event: SpecEvent) {
        switch event {
        case .groupStarted(let path, _):
            printedGroups.insert(path)
            write(indent(path) + (path.last ?? ""))
        case .exampleStarted(let path, _):
            running = (path, [])
        case .exampleFinished(let path, .skipped(let reason), _) where !printedGroups.contains(Array(path.dropLast())):
            write("skipped \(path.joined(separator: ", "))" + (reason.map { " (\($0))" } ?? ""))
        case .exampleFinished(let path, let result, let duration):
            let name = path.last ?? ""
            switch result {
            case .passed: write(indent(path) + "✔ \(name) (\(seconds(duration)))")
            case .failed: write(indent(path) + "✘ \(name) (\(seconds(duration)))")
            case .skipped(let reason): write(indent(path) + "skipped \(name)" + (reason.map { " (\($0))" } ?? ""))
            }
            if let running, running.path == path {
                for failure in running.failures { write(indent(path) + "  " + describe(failure, under: path)) }
            }
            running = nil
        case .failed(let failure):
            if let current = running, failure.path.starts(with: current.path) {
                running?.failures.append(failure)
            } else {
                write(indent(failure.path) + "✘ " + describe(failure, under: Array(failure.path.dropLast())))
            }
        case .groupFinished, .skipped:
            // Skipped examples are printed when they finish, with their reason.
            break
        }
    }

    /// The failure's error, after the steps of its path below `path`.
    private func describe(_ failure: SpecFailure, under path: [String]) -> String {
        let steps = failure.path.dropFirst(path.count)
        return (steps.isEmpty ? "" : steps.joined(separator: ", ") + ": ") + String(describing: failure.error)
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
