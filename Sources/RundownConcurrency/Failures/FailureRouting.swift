import Foundation
import RundownEngine

#if canImport(Testing)
import RundownTestingSupport
import Testing
#endif
#if canImport(XCTest)
import RundownXCTestSupport
#endif

/// Sends a ``ConcurrencyFailure`` to whichever test framework or spec is running the current code.
///
/// On this toolchain neither framework sees the other's failures: `Issue.record` inside an XCTest
/// method and `XCTFail` inside a Swift Testing `@Test` are both dropped without a trace. So every
/// failure is routed explicitly, in this order:
///
/// 1. the ``handler`` bound for the current task, for a runner that collects failures itself;
/// 2. the run of the spec whose element runs in this task (or started it), through
///    `ExampleRunner.current`: the road every failure of a spec takes, so it is counted once, with
///    the element's path;
/// 3. Swift Testing, when `Test.current` is set, or when Swift Testing drives the process (a
///    detached task: Swift Testing then hands the issue to the tests running, as it does `#expect`);
/// 4. XCTest: the test method that is running fails as by `XCTFail`, at the failure's file and
///    line (`XCTestHost.failRunningTest`), given to `XCTFail` itself as the call's `#filePath`
///    when Rundown's observer does not know that test yet.
///
/// Outside a test-runner process the failure is written to standard error rather than vanish.
package enum FailureRouting {
    /// The destination that takes precedence over the test frameworks for the current task and the
    /// tasks it starts; the one entry through which a spec runner collects the toolkit's failures.
    @TaskLocal package static var handler: (@Sendable (ConcurrencyFailure) -> Void)?

    /// Reports `failure` to the first destination that is listening (see the type's discussion).
    package static func record(_ failure: ConcurrencyFailure) {
        if let handler {
            handler(failure)
            return
        }
        if let runner = ExampleRunner.current, runner.post(failure.message, at: failure.location) {
            return
        }
        #if canImport(Testing)
        if Test.current != nil || SwiftTestingHost.isDrivingProcess {
            Issue.record(
                Comment(rawValue: failure.message),
                sourceLocation: SwiftTestingHost.sourceLocation(failure.location))
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
        if let runner = ExampleRunner.current {
            return "spec '\(runner.description)'"
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
