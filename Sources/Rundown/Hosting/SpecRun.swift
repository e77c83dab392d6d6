import Foundation
import RundownDSL
import RundownEngine

/// Runs a spec under the host chosen for it: the one path every `spec` entry
/// point takes, synchronous and asynchronous alike.
///
/// While the spec runs, ``SpecHosting/current`` is a ``ReportingHost`` around
/// its host, so failures that reach Rundown by other roads (a forwarded
/// `XCTAssert`, a Swift Testing issue in XCTest, a concurrency toolkit check,
/// an assertion the framework recorded by itself) go to the same place as the
/// spec's own, and into its reports and counts. Each failure is recorded as it
/// happens; when the run is over, the reports asked for are written and the
/// host delivers what is left to say.
struct SpecRun<Call: CallKind> {
    let root: SpecRoot<Call>
    let host: any SpecHost
    /// The settings of this run: the process's, or a test's own.
    let settings: RunSettings

    /// A run of `root` that reports as `spec` does from where it was called;
    /// `testCase` is the ``TestCase`` running it, if any.
    init(_ root: SpecRoot<Call>, testCase: AnyObject? = nil, settings: RunSettings = .current) {
        self.root = root
        self.settings = settings
        host = HostChoice.host(testCase: testCase, file: root.filePath, line: root.location.line)
    }

    /// Where the run's output goes: the tree, when it is asked for.
    var print: (String) -> Void = { Swift.print($0) }

    /// The host current while the spec runs, and what it reports to.
    private func reporting() -> (ReportingHost, RunReport) {
        let current = ReportingHost(host, rootPath: [root.node.description])
        let outline = settings.treeReport ? TreeOutline(root.node) : nil
        return (current, RunReport(RunOutputs(settings, outline: outline), host: current))
    }

    /// What sees each event: the reports asked for, and the host, which
    /// records each failure as it happens, with the seed while shuffling.
    private func observer(_ run: RunReport) -> (SpecEvent) -> Void {
        let host = host
        let seed = settings.seed
        return { event in
            run.receive(event)
            if case .failed(let failure) = event, !(failure.error is NestedSpecFailed) {
                host.record(.thrown(SeededFailure.note(seed, on: failure)))
            }
        }
    }

    /// Writes the reports and delivers the run, its failures that did not
    /// come from the engine counted in.
    private func finish(_ report: SpecReport, _ run: RunReport) throws {
        var report = run.finish(report)
        if let unwritten = run.outputs.finish(
            report, specName: root.node.description, testName: host.testName, settings: settings, print: print)
        {
            // A report CI counts on that is missing fails the spec, where it was called.
            let failure = SpecFailure(path: [root.node.description], error: unwritten, location: root.location)
            report.failures.append(failure)
            host.record(.thrown(SeededFailure.note(settings.seed, on: failure)))
        }
        try host.deliver(
            FinishedRun(
                report: report, specName: root.node.description, location: root.location, example: settings.example))
    }
}

extension SpecRun where Call.Mode == Synchronous {
    /// Runs a synchronous spec on the calling thread.
    func run() throws {
        let host = host
        let (current, run) = reporting()
        let observer = observer(run)
        let controls = settings.controls
        let report = SpecHosting.$current.withValue(current) {
            host.scope {
                SpecEngine.run(
                    root.node, recognizers: HostChoice.skipRecognizers, controls: controls,
                    progress: run.outputs.wantsProgress, observer: observer,
                    scope: host.closureScope)
            }
        }
        try finish(report, run)
    }
}

extension SpecRun where Call.Mode == Asynchronous {
    /// Runs an asynchronous spec on the caller's actor.
    nonisolated(nonsending) func run() async throws {
        let (current, run) = reporting()
        let report = await hosted(current, run, isolation: #isolation)
        try finish(report, run)
    }

    /// The run inside the host's scope, with the host current, on
    /// `isolation`. Task-local scopes take nonisolated closures, which would
    /// leave the caller's actor; this function's isolated parameter brings
    /// every step back to it.
    private func hosted(_ current: ReportingHost, _ run: RunReport, isolation: isolated (any Actor)?) async
        -> SpecReport
    {
        let host = host
        let observer = observer(run)
        let controls = settings.controls
        return await SpecHosting.$current.withValue(current) {
            await host.scope(isolation: isolation) {
                await SpecEngine.run(
                    root.node, recognizers: HostChoice.skipRecognizers, controls: controls,
                    progress: run.outputs.wantsProgress, observer: observer)
            }
        }
    }
}

/// A failure thrown while the run was shuffled: its message ends with the
/// seed, so that the order can be replayed.
struct SeededFailure: Error, CustomStringConvertible {
    var error: any Error
    var seed: UInt64

    var description: String {
        "\(String(describing: error)) (seed \(seed))"
    }

    /// `failure`, its error noting `seed` if there is one. An error that a
    /// framework has reported already is left as it is: the host does not
    /// report it again, and must still recognise it.
    static func note(_ seed: UInt64?, on failure: SpecFailure) -> SpecFailure {
        guard let seed, !(failure.error is any ReportedByFramework), !(failure.error is SeededFailure) else {
            return failure
        }
        var noted = failure
        noted.error = SeededFailure(error: failure.error, seed: seed)
        return noted
    }
}
