import RundownEngine

/// Writes a spec's tree as it runs (RunOutputs prints it in one piece when the spec has run), for people and for CI logs where the test
/// framework shows no structure: groups indented, each example with ✔, ✘ or
/// "skipped" and its duration, each failure and skip with its message. An
/// example that focus or exclusion left out is printed in its place, as
/// "skipped" with the reason. Failures that were reported without being
/// thrown (assertions, issues, toolkit checks) fail their example as thrown
/// ones do; what reaches the tree is what reaches the JUnit report (see
/// ``JUnitCollector`` for the limits). A failure that a task records after its
/// example's line was printed gets a line of its own. An example that passed
/// on a retry has `⚠ flaky: passed on attempt 2 of 3` under its line, with
/// the failures of its earlier attempts, and the tree ends with a line that
/// names the run's flaky examples.
///
/// It prints only when the environment has `RUNDOWN_REPORT=tree`.
final class TreeReport {
    private let write: (String) -> Void
    /// The spec as declared, to print what focus, exclusion, the filter or
    /// the shard left out in its place.
    private let outline: TreeOutline?
    /// The example running now, and the failures recorded while it ran: they
    /// are printed under its line once it has finished.
    private var running: (path: [String], failures: [SpecFailure])?
    /// The notices of the example running now (flaky, repetitions ended), printed under its line.
    private var runningNotices: [SpecNotice] = []
    /// The groups printed so far.
    private var printedGroups: Set<[String]> = []
    /// The elements that started, or were printed as left out.
    private var placed: Set<[String]> = []
    /// The examples left out before the tree started, with why: each is
    /// printed in its place, before the first element declared after it that runs.
    private var leftOut: [[String]: String?] = [:]

    init(outline: TreeOutline? = nil, write: @escaping (String) -> Void = { print($0) }) {
        self.outline = outline
        self.write = write
    }

    func receive(_ event: SpecEvent) {
        switch event {
        case .groupStarted(let path, _):
            placeLeftOut(before: path)
            printedGroups.insert(path)
            write(indent(path) + (path.last ?? ""))
        case .exampleStarted(let path, _):
            placeLeftOut(before: path)
            running = (path, [])
        case .exampleFinished(let path, .skipped(let reason), _) where !printedGroups.contains(Array(path.dropLast())):
            guard outline != nil else {
                write(skipped(path.joined(separator: ", "), reason))
                return
            }
            leftOut[path] = reason
        case .exampleFinished(let path, let result, let duration):
            let name = path.last ?? ""
            switch result {
            case .passed: write(indent(path) + "✔ \(name) (\(seconds(duration)))")
            case .failed: write(indent(path) + "✘ \(name) (\(seconds(duration)))")
            case .skipped(let reason): write(indent(path) + skipped(name, reason))
            }
            if let running, running.path == path {
                for failure in running.failures { write(indent(path) + "  " + describe(failure, under: path)) }
            }
            for notice in runningNotices where notice.path == path {
                write(indent(path) + "  ⚠ " + notice.summary)
                if case .flaky(_, _, let failures) = notice.kind {
                    for failure in failures { write(indent(path) + "    " + describe(failure, under: path)) }
                }
            }
            running = nil
            runningNotices = []
        case .failed(let failure):
            if let current = running, failure.path.starts(with: current.path) {
                running?.failures.append(failure)
            } else {
                placeLeftOutBeforeHook(failure.path)
                write(indent(failure.path) + "✘ " + describe(failure, under: Array(failure.path.dropLast())))
            }
        case .groupFinished(let path):
            placeLeftOut(in: path, before: nil)
        case .skipped:
            // Skipped examples are printed when they finish, with their reason.
            break
        case .noticed(let notice):
            runningNotices.append(notice)
        }
    }

    /// Prints what is left to print once the run has ended: the examples
    /// left out of groups that never started (a spec that ran nothing).
    func finish() {
        guard let outline, !leftOut.isEmpty else { return }
        let root = [outline.rootName]
        if !printedGroups.contains(root), isLeftOut(root) {
            printLeftOut(root)
        }
    }

    // MARK: Left-out elements in their place

    /// Before the element at `path` starts, prints the elements declared
    /// before it in its group that were left out.
    private func placeLeftOut(before path: [String]) {
        placed.insert(path)
        guard path.count > 1 else { return }
        placeLeftOut(in: Array(path.dropLast()), before: path.last)
    }

    /// A failure of a group's hook after some of its elements ran (an
    /// `afterAll`): the elements left out of the group come before it.
    private func placeLeftOutBeforeHook(_ path: [String]) {
        guard let outline, path.count > 1 else { return }
        let group = Array(path.dropLast())
        let children = outline.children[group] ?? []
        guard let hook = path.last, !children.contains(hook),
            children.contains(where: { placed.contains(group + [$0]) })
        else { return }
        placeLeftOut(in: group, before: nil)
    }

    /// Prints the left-out elements of `group` declared before its child
    /// named `child`, or all that are left if `child` is `nil`.
    private func placeLeftOut(in group: [String], before child: String?) {
        guard let outline, !leftOut.isEmpty else { return }
        for element in outline.children[group] ?? [] {
            if element == child { return }
            let path = group + [element]
            if !placed.contains(path), isLeftOut(path) {
                printLeftOut(path)
            }
        }
    }

    /// Whether every example at or below `path` was left out.
    private func isLeftOut(_ path: [String]) -> Bool {
        guard let children = outline?.children[path] else { return leftOut[path] != nil }
        return !children.isEmpty && children.allSatisfy { isLeftOut(path + [$0]) }
    }

    private func printLeftOut(_ path: [String]) {
        placed.insert(path)
        if let children = outline?.children[path] {
            write(indent(path) + (path.last ?? ""))
            for child in children { printLeftOut(path + [child]) }
        } else if let reason = leftOut.removeValue(forKey: path) {
            write(indent(path) + skipped(path.last ?? "", reason))
        }
    }

    /// `skipped <name> (<reason>)`, the reason left out if there is none.
    private func skipped(_ name: String, _ reason: String?) -> String {
        "skipped \(name)" + (reason.map { " (\($0))" } ?? "")
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

/// The groups and examples of a spec as declared, by path, for the tree.
struct TreeOutline {
    /// The description of the spec's root group.
    let rootName: String
    /// The elements of each group, in declaration order.
    private(set) var children: [[String]: [String]] = [:]

    init<Mode: ExecutionMode>(_ root: GroupNode<Mode>) {
        rootName = root.description
        add(root, at: [root.description])
    }

    private mutating func add<Mode: ExecutionMode>(_ group: GroupNode<Mode>, at path: [String]) {
        children[path] = group.content.elements.map(\.description)
        for case .group(let child) in group.content.elements {
            add(child, at: path + [child.description])
        }
    }
}
