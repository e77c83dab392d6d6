import Dispatch
import Foundation
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
    static func run<T>(specAt location: CodeLocation, _ work: () -> T) throws -> T {
        if isOnMainActor {
            return work()
        }
        #if canImport(Testing)
        if SwiftTestingReporting.isRunning {
            throw MainActorSpecOffMainThread(location: location)
        }
        #endif
        return withoutActuallyEscaping(work) { work in
            let handOver = HandOver(work: work)
            return DispatchQueue.main.sync { handOver.work() }
        }
    }

    /// Whether code running now runs on the main actor.
    ///
    /// That is the main thread for XCTest, but on Linux the main queue can be
    /// drained by another thread (Swift Testing's main actor runs there), so
    /// the main queue is recognised too, by a value only it carries.
    static var isOnMainActor: Bool {
        Thread.isMainThread || DispatchQueue.getSpecific(key: mainQueueMark) == true
    }

    private static let mainQueueMark: DispatchSpecificKey<Bool> = {
        let key = DispatchSpecificKey<Bool>()
        DispatchQueue.main.setSpecific(key: key, value: true)
        return key
    }()

    /// Carries the spec to the main queue. The caller waits until it has run,
    /// so nothing else uses it meanwhile.
    private struct HandOver<T>: @unchecked Sendable {
        let work: () -> T
    }
}

/// A synchronous main-actor spec was started off the main thread inside a
/// Swift Testing test.
public struct MainActorSpecOffMainThread: Error, CustomStringConvertible {
    /// Where the spec was started.
    public var location: CodeLocation

    public var description: String {
        "A synchronous main-actor spec must start on the main thread: mark the test '@MainActor', or make it 'async' and use 'try await spec'."
    }
}
