import RundownEngine

/// What one run lists in the file of `RUNDOWN_FAILURES`: a path for every
/// failure of the run, chosen so that `RUNDOWN_FILTER=@file` reruns it.
///
/// - An example that failed lists its own path, whatever of it failed (its
///   body, its each-hooks, a hook it depended on).
/// - A failure that came after its example had finished (late, from a task
///   the example started) lists that example, as the tree and JUnit count it.
/// - A failure outside any example lists the element or group its hook runs
///   for: a failing `beforeAll` or `afterAll` its group, an each-hook that
///   runs once around a nested group that group, so that `@file` reruns the
///   group with its hooks. One of the spec as a whole (a fresh value used
///   while it was built) lists its root.
///
/// What a failure's path names is known only once the run has ended (a
/// focused element is a failure before its group starts), so those outside
/// a running example are resolved then, against the examples and groups the
/// run reported.
final class FailedPaths {
    private var failedExamples: [[String]] = []
    /// The paths of failures outside the example running, resolved at the end.
    private var outside: [[String]] = []
    /// Every example and group the run reported, to resolve them against.
    private var examples: Set<[String]> = []
    private var groups: Set<[String]> = []
    private var running: [String]?

    func receive(_ event: SpecEvent) {
        switch event {
        case .groupStarted(let path, _):
            groups.insert(path)
        case .exampleStarted(let path, _):
            running = path
        case .exampleFinished(let path, let result, _):
            examples.insert(path)
            if result == .failed { failedExamples.append(path) }
            if running == path { running = nil }
        case .failed(let failure):
            // One of the example running: its result says whether it failed (a retry may pass).
            if let running, failure.path.starts(with: running) { return }
            outside.append(failure.path)
        case .groupFinished, .skipped, .noticed:
            break
        }
    }

    /// The paths to list, in the order they failed, examples first.
    var paths: [[String]] {
        failedExamples + outside.map(resolve)
    }

    /// The example whose path starts `path`, if any: the longest, as an
    /// example's hook's failure names the example, then the hook. Otherwise
    /// the group `path` names, or the element or group its last step (a
    /// hook) runs for.
    private func resolve(_ path: [String]) -> [String] {
        for end in stride(from: path.count, to: 0, by: -1) {
            let prefix = Array(path.prefix(end))
            if examples.contains(prefix) { return prefix }
        }
        guard path.count > 1, !groups.contains(path) else { return path }
        return Array(path.dropLast())
    }
}
