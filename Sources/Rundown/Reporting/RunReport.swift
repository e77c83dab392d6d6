import RundownEngine

/// One run's events, with the failures that did not come from the engine
/// (assertions and checks, kept by the run's ``ReportingHost``) put in
/// their place: each is a failure of the element or hook that recorded it,
/// and the example it belongs to fails, even if it skipped (the failure wins).
///
/// It sees the run's events in order, from the task running the spec, and
/// hands them on to the run's ``RunOutputs``; ``finish(_:)`` gives the
/// engine's report with the same corrections, for the host's delivery.
final class RunReport {
    let outputs: RunOutputs
    private let host: ReportingHost
    /// The example running now, from its start to its end.
    private var running: [String]?
    /// How each finished example ended, as the engine said.
    private var finished: [[String]: ExampleResult] = [:]
    /// The examples that an assertion or a check failed.
    private var failedExamples: Set<[String]> = []
    /// Every kept failure, in order.
    private var kept: [SpecFailure] = []

    init(_ outputs: RunOutputs, host: ReportingHost) {
        self.outputs = outputs
        self.host = host
    }

    func receive(_ event: SpecEvent) {
        takeKeptFailures()
        switch event {
        case .exampleStarted(let path, _):
            running = path
        case .failed(let failure) where failure.error is any ReportedByFramework:
            // `#require` recorded its issue, and the reports have it, before it threw.
            if kept.contains(where: { $0.path == failure.path }) { return }
        case .exampleFinished(let path, let result, let duration):
            running = nil
            finished[path] = result
            if failedExamples.contains(path), result != .failed {
                outputs.receive(.exampleFinished(path: path, result: .failed, duration: duration))
                return
            }
        default:
            break
        }
        outputs.receive(event)
    }

    /// The engine's report, with the kept failures and the examples they failed.
    func finish(_ report: SpecReport) -> SpecReport {
        takeKeptFailures()
        var report = report
        report.failures += kept
        if finished.isEmpty {
            // No tree or JUnit asked for progress events, so no example's end was seen and no
            // count is reported. What the host still reads are the skips: a skip that a kept
            // failure of the same element (or one of its hooks) overrules is no skip.
            for failure in kept {
                let owner = Array(failure.path.dropLast())
                report.skips.removeAll { $0.path == failure.path || $0.path == owner }
            }
            return report
        }
        for path in failedExamples {
            switch finished[path] {
            case .passed:
                report.passedCount -= 1
                report.failedCount += 1
            case .skipped:
                report.skippedCount -= 1
                report.failedCount += 1
                report.skips.removeAll { $0.path == path }
            case .failed, nil:
                break
            }
        }
        return report
    }

    private func takeKeptFailures() {
        for failure in host.take() {
            kept.append(failure)
            if let example = example(of: failure.path) {
                failedExamples.insert(example)
            }
            outputs.receive(.failed(failure))
        }
    }

    /// The example a failure at `path` belongs to: the one running, or a
    /// finished one (a task it started failed late), whether the failure is
    /// its own or one of its hooks'; `nil` for a group's hook.
    private func example(of path: [String]) -> [String]? {
        if let running, path.starts(with: running) { return running }
        if finished[path] != nil { return path }
        let owner = Array(path.dropLast())
        return finished[owner] != nil ? owner : nil
    }
}
