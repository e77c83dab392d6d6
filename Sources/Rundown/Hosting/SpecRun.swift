import Foundation
import RundownDSL
import RundownEngine
import RundownSettings

/// Runs a spec under the host chosen for it: the one path every `spec` entry
/// point takes, synchronous and asynchronous alike.
///
/// Every failure of the run reaches the walk, thrown or through the run's
/// ``FailureInbox`` (an `#expect`, an `XCTAssert`, a toolkit check, from any
/// task the spec started); the walk counts it once and reports it as an
/// event. The reports asked for (tree, JUnit) and the host see the same
/// events: the host records each failure as it happens, with the seed while
/// shuffling. When the run is over, the reports are written and the host
/// delivers what is left to say. A failure posted after that is late: the
/// host says so, and it fails no other test.
struct SpecRun<Call: CallKind> {
    let root: SpecRoot<Call>
    let host: any SpecHost
    /// The settings of this run: the process's, or a test's own.
    let settings: RunSettings

    /// A run of `root` that reports as `spec` does from where it was called;
    /// `testCase` is the ``TestCase`` running it, if any. The process's
    /// settings fail the first spec that runs with them if they are strict and
    /// not understood (``RunSettings/forSpec()``).
    init(_ root: SpecRoot<Call>, testCase: AnyObject? = nil, settings: RunSettings = .forSpec()) {
        self.root = root
        self.settings = settings
        host = HostChoice.host(testCase: testCase, file: root.filePath, line: root.location.line)
        ProgressSignal.installOnce()
    }

    /// Where the run's output goes: the tree, when it is asked for.
    var print: (String) -> Void = { Swift.print($0) }

    /// The reports the settings ask for.
    private func outputs() -> RunOutputs {
        RunOutputs(
            settings, labels: settings.junitPath == nil ? [:] : JUnitCollector.labels(of: root.node),
            events: settings.eventsPath == nil ? nil : EventRecorder(root.node, testName: host.testName))
    }

    /// The run's inbox: what is posted once the walk has ended goes to the
    /// host, as late, and to the events file if one is written.
    private func inbox(_ outputs: RunOutputs) -> FailureInbox {
        let host = host
        let seed = settings.seed
        let events = outputs.afterRunEvents(settings)
        let inbox = FailureInbox(seed: seed) { late in
            host.record(SeededFailure.adding(seed, to: late))
            events?.write(late)
        }
        root.buildCheck.runs(in: inbox, root: [root.node.description])
        return inbox
    }

    /// What sees each event: the reports asked for, and the host, which
    /// records each failure as it happens, with the seed while shuffling.
    private func listener(_ outputs: RunOutputs) -> (SpecEvent) -> Void {
        let host = host
        let seed = settings.seed
        return { event in
            outputs.receive(event)
            switch event {
            case .failed(let failure) where !(failure.error is NestedSpecFailed):
                host.record(SeededFailure.adding(seed, to: failure))
            case .noticed(let notice):
                host.notice(notice, seed: seed)
            default:
                break
            }
        }
    }

    /// How this run lists its plan instead of running (`RUNDOWN_LIST`), or
    /// `nil` if it runs: a spec inside an element of another runs, as only
    /// the outermost spec of a task is listed (its element never runs in a dry run).
    private var listFormat: ListFormat? {
        settings.list.flatMap { ExampleRunner.current == nil ? $0 : nil }
    }

    /// A dry run: prints the plan the settings make, in one piece, and
    /// delivers a run in which nothing ran and nothing failed, so the test passes.
    private func list(_ format: ListFormat) throws {
        let controls = settings.controls
        let plan = RunPlan(root.node, controls: controls)
        print(
            PlanList.text(
                plan.listing(controls: controls), format: format, specName: root.node.description,
                testName: host.testName, seed: settings.seed))
        try host.deliver(
            FinishedRun(
                report: SpecReport(), specName: root.node.description, location: root.location,
                example: settings.example))
    }

    /// Writes the reports and delivers the run; a report that could not be
    /// written fails the spec.
    private func finish(_ report: SpecReport, _ outputs: RunOutputs) throws {
        var report = report
        if let unwritten = outputs.finish(
            report, specName: root.node.description, testName: host.testName, settings: settings, print: print)
        {
            // A report CI counts on that is missing fails the spec, where it was called.
            let failure = SpecFailure(path: [root.node.description], error: unwritten, location: root.location)
            report.failures.append(failure)
            host.record(SeededFailure.adding(settings.seed, to: failure))
        }
        try host.deliver(
            FinishedRun(
                report: report, specName: root.node.description, location: root.location, example: settings.example))
    }
}

extension SpecRun where Call.Mode == Synchronous {
    /// Runs a synchronous spec on the calling thread.
    func run() throws {
        if let format = listFormat { return try list(format) }
        let host = host
        let outputs = outputs()
        let listener = listener(outputs)
        let inbox = inbox(outputs)
        let controls = settings.controls
        let report = host.scope {
            SpecEngine.run(
                root.node, recognizers: HostChoice.skipRecognizers, controls: controls,
                progress: outputs.wantsProgress, inbox: inbox, host: host, observer: listener,
                scope: host.closureScope)
        }
        try finish(report, outputs)
    }
}

extension SpecRun where Call.Mode == Asynchronous {
    /// Runs an asynchronous spec on the caller's actor.
    nonisolated(nonsending) func run() async throws {
        if let format = listFormat { return try list(format) }
        let outputs = outputs()
        let report = await hosted(outputs, isolation: #isolation)
        try finish(report, outputs)
    }

    /// The run inside the host's scope, on `isolation`: the host's scope
    /// takes a nonisolated closure, which would leave the caller's actor;
    /// this function's isolated parameter brings every step back to it.
    private func hosted(_ outputs: RunOutputs, isolation: isolated (any Actor)?) async -> SpecReport {
        let host = host
        let listener = listener(outputs)
        let inbox = inbox(outputs)
        let controls = settings.controls
        return await host.scope(isolation: isolation) {
            await SpecEngine.run(
                root.node, recognizers: HostChoice.skipRecognizers, controls: controls,
                progress: outputs.wantsProgress, inbox: inbox, host: host, observer: listener)
        }
    }
}

/// A failure thrown while the run was shuffled: its message ends with the
/// seed, so that the order can be replayed.
struct SeededFailure: WrappedFailure, CustomStringConvertible {
    var error: any Error
    var seed: UInt64

    var wrapped: any Error { error }

    var description: String {
        "\(String(describing: error)) (seed \(seed))"
    }

    /// `failure`, its error noting `seed` if there is one. An error that a
    /// framework has reported already is left as it is: the host does not
    /// report it again, and must still recognise it.
    static func adding(_ seed: UInt64?, to failure: SpecFailure) -> SpecFailure {
        guard let seed, !failure.isReportedByFramework, !(failure.error is SeededFailure) else {
            return failure
        }
        var noted = failure
        noted.error = SeededFailure(error: failure.error, seed: seed)
        return noted
    }
}
