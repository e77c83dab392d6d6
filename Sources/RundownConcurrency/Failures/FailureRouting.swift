import Foundation
import RundownCore

#if canImport(Testing)
import RundownTestingSupport
import Testing
#endif
#if canImport(XCTest)
import RundownXCTestSupport
#endif

/// Sends a ``ConcurrencyFailure`` to whichever spec or test framework is running the current code.
///
/// On this toolchain neither framework sees the other's failures: `Issue.record` inside an XCTest
/// method and `XCTFail` inside a Swift Testing `@Test` are both dropped without a trace. So every
/// failure is routed explicitly, in this order:
///
/// 1. the one road, `RunContext.post`: the regions listening around the code (an exploration's run)
///    hear it, then the run of the spec whose element runs in this task (or started it) takes it,
///    so it is counted once, with the element's path; a listener that keeps what no spec takes
///    (an exploration with no framework) takes it there;
/// 2. Swift Testing, when `Test.current` is set, or when Swift Testing drives the process (a
///    detached task: Swift Testing then hands the issue to the tests running, as it does `#expect`);
/// 3. XCTest: the test method that is running fails as by `XCTFail`, at the failure's file and
///    line (`XCTestHost.failRunningTest`), given to `XCTFail` itself as the call's `#filePath`
///    when Rundown's observer does not know that test yet.
///
/// Outside a test-runner process the failure is written to standard error rather than vanish.
package enum FailureRouting {
    /// Reports `failure` to the first destination that is listening (see the type's discussion).
    package static func record(_ failure: ConcurrencyFailure) {
        let posted = PostedFailure(
            message: failure.message, location: failure.location, recordedByFramework: false,
            staticFilePath: failure.staticFilePath)
        if RunContext.post(posted) { return }
        recordWithFramework(failure)
    }

    /// Reports a failure that no spec took to the test framework that runs, or to standard error.
    package static func recordWithFramework(_ failure: ConcurrencyFailure) {
        #if canImport(Testing)
        if Test.current != nil || SwiftTestingHost.isDrivingProcess {
            SwiftTestingHost.recordIssue(failure.message, at: failure.location)
            return
        }
        #endif
        #if canImport(XCTest)
        if XCTestHost.isDrivingProcess {
            XCTestHost.failRunningTest(failure.message, at: failure.location, file: failure.staticFilePath)
            return
        }
        #endif
        writeToStandardError(ToolkitWarning.unrecordedFailure(failure).message)
    }

    /// Who is running: the spec element's path, or the Swift Testing test, for messages that should
    /// say who misbehaved or who holds a resource.
    static var currentTestName: String? {
        if let closure = RunContext.current?.closure {
            return "spec '\(closure.description)'"
        }
        #if canImport(Testing)
        if let test = Test.current {
            return "test '\(test.name)'"
        }
        #endif
        return nil
    }

    static func writeToStandardError(_ text: String) {
        FileHandle.standardError.write(Data(text.utf8))
    }
}
