#if canImport(XCTest)
#if canImport(ObjectiveC)
import Foundation
#endif
import RundownEngine
import XCTest

extension XCTestReporting {
    /// What each example and hook of a synchronous spec in a `Rundown.TestCase`
    /// runs inside.
    ///
    /// On Apple platforms it is an XCTest activity named with the element's
    /// path, so Xcode's test report shows which element did what and files its
    /// failures and attachments under it. corelibs XCTest (Linux) has no
    /// activities, so there it is `nil` and closures run as they are.
    public static var activityScope: ClosureScope? {
        #if canImport(ObjectiveC)
        return { runner, body in
            // `XCTContext.runActivity` belongs to the main actor. Synchronous
            // test methods run on the main thread; anywhere else the closure
            // runs without an activity rather than not at all.
            guard Thread.isMainThread else { return body() }
            withoutActuallyEscaping(body) { body in
                let handOver = ActivityBody(run: body)
                MainActor.assumeIsolated {
                    XCTContext.runActivity(named: runner.description) { _ in handOver.run() }
                }
            }
        }
        #else
        return nil
        #endif
    }
}

#if canImport(ObjectiveC)
/// Carries a closure into its activity. It runs there once, on the thread
/// that made it (the main thread), while that thread waits for it, so it is
/// never used concurrently.
private struct ActivityBody: @unchecked Sendable {
    let run: () -> Void
}
#endif
#endif
