import RundownCore

#if canImport(Testing)
import RundownTestingSupport
import Testing
#endif
#if canImport(XCTest)
import RundownXCTestSupport
import XCTest
#endif

/// Puts every failure a test framework records on the one road, `RunContext.post`, wherever the
/// framework would keep it to itself or drop it.
///
/// Each framework hands Rundown its failures in its own way, and only once Rundown has asked:
/// - XCTest's `XCTAssert…` where XCTest drives the process: Rundown's `XCTestObservation`
///   observer, which XCTest calls on the thread that recorded the failure;
/// - XCTest's `XCTAssert…` where XCTest runs no test (a Swift Testing run, a program): corelibs
///   XCTest drops them, so on Linux a forwarding case takes them (`XCTestAssertionForwarding`);
/// - Swift Testing's `#expect` where no Swift Testing test runs: Rundown's fallback handler
///   (`SwiftTestingIssuesInXCTest`);
/// - Swift Testing's `#expect` inside a test: an issue-handling scope around the code, which
///   ``postingIssues(isolation:_:)`` provides where no spec's scope does.
///
/// `spec` asks as its host starts; `explore` asks too, so that an exploration hears every failure
/// of its runs whatever hosts the test, a spec or not.
package enum FrameworkFailures {
    /// Starts Rundown's observer, fallback handler and forwarding where they are needed, once per
    /// process each.
    package static func catchEverywhere() {
        #if canImport(XCTest)
        if XCTestHost.isDrivingProcess {
            XCTestFailureObserver.start()
        }
        if !swiftTestingDrivesProcess {
            SwiftTestingIssuesInXCTest.install()
        }
        #if !canImport(ObjectiveC)
        if !XCTestHost.isDrivingProcess {
            XCTestAssertionForwarding.start(forwarded)
        }
        #endif
        #endif
    }

    #if canImport(XCTest)
    /// Whether Swift Testing drives the process, where it takes every issue itself.
    private static var swiftTestingDrivesProcess: Bool {
        #if canImport(Testing)
        return SwiftTestingHost.isDrivingProcess
        #else
        return false
        #endif
    }

    /// An `XCTAssert…` that forwarding caught: posted, and if no spec took it inside an
    /// exploration's run, recorded with the framework that runs (a Swift Testing test). Outside
    /// both, XCTest keeps its own behaviour and drops it, as it would had no spec started the
    /// forwarding earlier in the process.
    private static func forwarded(_ failure: XCTestAssertionFailure) {
        guard !failure.post(), RunContext.current != nil else { return }
        let location = failure.location(madeIn: RunContext.current?.closure?.location ?? .noElement)
        FailureRouting.recordWithFramework(ConcurrencyFailure(failure.message, at: location))
    }
    #endif

    /// Runs `work` so that the Swift Testing issues recorded in it are posted on the one road: in
    /// an issue-handling scope of its own inside a Swift Testing test where no scope of a spec's
    /// is around it already.
    package static func postingIssues<Result>(
        isolation: isolated (any Actor)?, _ work: () async -> Result
    ) async -> Result {
        #if canImport(Testing)
        if Test.current != nil, IssueScope.innermost == nil {
            return await SwiftTestingHost().scope(isolation: isolation, work)
        }
        #endif
        return await work()
    }
}
