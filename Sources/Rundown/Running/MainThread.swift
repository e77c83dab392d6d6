import Dispatch
import RundownDSL
import RundownEngine
import RundownTestingSupport

/// Runs a synchronous main-actor spec on the main thread.
enum MainThread {
    /// Runs `work` on the main thread and returns its result.
    ///
    /// On the main thread it runs directly. Elsewhere it waits for the main
    /// queue, except inside a Swift Testing test: there the test's context
    /// (which `#expect` needs) would not reach the main queue, so it throws
    /// ``MainActorSpecOffMainThread`` instead of losing expectations.
    static func run<T>(specAt location: CodeLocation, _ work: () throws -> T) throws -> T {
        if MainActorCheck.isOnMainActor {
            return try work()
        }
        #if canImport(Testing)
        if SwiftTestingHost.isRunning {
            throw MainActorSpecOffMainThread(location: location)
        }
        #endif
        return try withoutActuallyEscaping(work) { work in
            let handOver = HandOver(work: work)
            return try DispatchQueue.main.sync { try handOver.work() }
        }
    }

    /// Carries the spec to the main queue. The caller waits until it has run,
    /// so nothing else uses it meanwhile.
    private struct HandOver<T>: @unchecked Sendable {
        let work: () throws -> T
    }
}
