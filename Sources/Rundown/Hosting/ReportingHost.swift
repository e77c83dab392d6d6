import RundownEngine

/// The host that ``SpecRun`` makes current while a spec runs: it hands every
/// failure to the run's real host, and keeps the failures that did not come
/// from the engine's events (a forwarded `XCTAssert`, a Swift Testing issue
/// inside XCTest, a concurrency toolkit check, an assertion that the
/// framework recorded by itself) for the run's reports and counts.
///
/// Such failures may arrive from any thread or task (a check in a task an
/// element started), so they wait under a lock until the spec's own task
/// takes them (``take()``), at its next event.
final class ReportingHost: SpecHost {
    /// The host chosen for the run, which records every failure.
    let host: any SpecHost
    /// The path of the spec's root group, for a failure recorded while no element ran.
    private let rootPath: [String]
    private let failures = Protected<[SpecFailure]>([])

    init(_ host: any SpecHost, rootPath: [String]) {
        self.host = host
        self.rootPath = rootPath
    }

    var testName: String? {
        host.testName
    }

    var closureScope: ClosureScope? {
        host.closureScope
    }

    func scope<Result>(_ run: () -> Result) -> Result {
        host.scope(run)
    }

    func scope<Result>(isolation: isolated (any Actor)?, _ run: () async -> Result) async -> Result {
        await host.scope(isolation: isolation, run)
    }

    func record(_ failure: HostFailure) {
        host.record(failure)
        keep(failure)
    }

    func noteFailureRecordedByFramework(_ failure: HostFailure) {
        host.noteFailureRecordedByFramework(failure)
        keep(failure)
    }

    func deliver(_ run: FinishedRun) throws {
        try host.deliver(run)
    }

    /// The failures kept since the last call, in the order they arrived.
    func take() -> [SpecFailure] {
        failures.withLock { kept in
            defer { kept = [] }
            return kept
        }
    }

    /// Keeps a failure that is not thrown: a thrown one reaches the reports as an event.
    private func keep(_ failure: HostFailure) {
        guard case .reported(let message, let path, let location) = failure else { return }
        let kept = SpecFailure(path: path ?? rootPath, error: AssertionFailed(message: message), location: location)
        failures.withLock { $0.append(kept) }
    }
}

/// A failure that an assertion or a check reported without throwing.
struct AssertionFailed: Error, CustomStringConvertible {
    var message: String
    var description: String { message }
}
