import RundownDSL
import RundownEngine

/// Runs a spec under the host chosen for it: the one path every `spec` entry
/// point takes, synchronous and asynchronous alike.
///
/// While the spec runs, ``SpecHosting/current`` is its host, so failures that
/// reach Rundown by other roads (a forwarded `XCTAssert`, a Swift Testing
/// issue in XCTest, a concurrency toolkit check) go to the same place as the
/// spec's own. Each failure is recorded as it happens; when the run is over,
/// the host delivers what is left to say.
struct SpecRun<Call: CallKind> {
    let root: SpecRoot<Call>
    let host: any SpecHost

    /// A run of `root` that reports as `spec` does from where it was called;
    /// `testCase` is the ``TestCase`` running it, if any.
    init(_ root: SpecRoot<Call>, testCase: AnyObject? = nil) {
        self.root = root
        host = HostChoice.host(testCase: testCase, file: root.filePath, line: root.location.line)
    }

    /// What sees each event: the tree report, if asked for, and the host,
    /// which records each failure as it happens.
    private var observer: (SpecEvent) -> Void {
        let host = host
        let tree = RunSettings.current.treeReport ? TreeReport() : nil
        return { event in
            tree?.receive(event)
            if case .failed(let failure) = event, !(failure.error is NestedSpecFailed) {
                host.record(.thrown(failure))
            }
        }
    }

    private func deliver(_ report: SpecReport) throws {
        try host.deliver(FinishedRun(report: report, specName: root.node.description, location: root.location))
    }
}

extension SpecRun where Call.Mode == Synchronous {
    /// Runs a synchronous spec on the calling thread.
    func run() throws {
        let host = host
        let report = SpecHosting.$current.withValue(host) {
            host.scope {
                SpecEngine.run(root.node, recognizers: HostChoice.skipRecognizers, observer: observer, scope: host.closureScope)
            }
        }
        try deliver(report)
    }
}

extension SpecRun where Call.Mode == Asynchronous {
    /// Runs an asynchronous spec on the caller's actor.
    nonisolated(nonsending) func run() async throws {
        let report = await hosted(isolation: #isolation)
        try deliver(report)
    }

    /// The run inside the host's scope, with the host current, on
    /// `isolation`. Task-local scopes take nonisolated closures, which would
    /// leave the caller's actor; this function's isolated parameter brings
    /// every step back to it.
    private func hosted(isolation: isolated (any Actor)?) async -> SpecReport {
        let host = host
        let observer = observer
        return await SpecHosting.$current.withValue(host) {
            await host.scope(isolation: isolation) {
                await SpecEngine.run(root.node, recognizers: HostChoice.skipRecognizers, observer: observer)
            }
        }
    }
}
