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

    /// Who is running: the test, and the spec element in it, for messages that say who misbehaved
    /// or who holds a resource, and which fix applies to them; `nil` outside any test and spec.
    static var currentTest: RunningTest? {
        let specPath = RunContext.current?.closure?.description
        #if canImport(Testing)
        if let test = Test.current {
            return RunningTest(framework: .swiftTesting, testName: test.name, specPath: specPath)
        }
        #endif
        #if canImport(XCTest)
        if XCTestHost.isDrivingProcess {
            return RunningTest(framework: .xcTest, testName: runningXCTestName, specPath: specPath)
        }
        #endif
        return specPath.map { RunningTest(framework: nil, testName: nil, specPath: $0) }
    }

    #if canImport(XCTest)
    /// The XCTest method running now, as far as Rundown knows it: the test of the spec's host, a
    /// `Rundown.TestCase` test, or the test Rundown's observer saw start. The observer is started
    /// here too, so that the tests after this one are known.
    private static var runningXCTestName: String? {
        if let name = RunContext.current?.host?.testName { return name }
        if let testCase = TestCaseRuns.onlyRunning { return testCase.name }
        XCTestFailureObserver.start()
        return XCTestFailureObserver.runningTest?.name
    }
    #endif

    static func writeToStandardError(_ text: String) {
        FileHandle.standardError.write(Data(text.utf8))
    }
}
