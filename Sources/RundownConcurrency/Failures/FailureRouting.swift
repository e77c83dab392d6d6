import Foundation
import RundownEngine

#if canImport(Testing)
import RundownTestingSupport
import Testing
#endif
#if canImport(XCTest)
import RundownXCTestSupport
import XCTest
#endif

/// Sends a ``ConcurrencyFailure`` to whichever test framework or spec is running the current code.
///
/// On this toolchain neither framework sees the other's failures: `Issue.record` inside an XCTest
/// method and `XCTFail` inside a Swift Testing `@Test` are both dropped without a trace. So every
/// failure is routed explicitly, in this order:
///
/// 1. the ``handler`` bound for the current task, for a runner that collects failures itself;
/// 2. the host of the spec running in this task (`SpecHosting.current`), so a failure inside a
///    spec is recorded like the spec's own failures, with the element's path;
/// 3. Swift Testing, when `Test.current` is set;
/// 4. XCTest, through `XCTFail`, which records against the test method that is running.
///
/// `XCTFail` is silent when no XCTest test runs, so outside a test-runner process the failure is
/// also written to standard error rather than vanish.
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
        // Inside a spec, the spec's host takes it, with the element's path,
        // exactly as it takes the spec's own failures.
        if let host = SpecHosting.current {
            host.record(
                .reported(message: failure.message, path: ExampleRunner.current?.path, location: failure.location))
            return
        }
        #if canImport(Testing)
        if Test.current != nil {
            Issue.record(
                Comment(rawValue: failure.message),
                sourceLocation: SwiftTestingHost.sourceLocation(failure.location))
            return
        }
        #endif
        #if canImport(XCTest)
        // Where XCTest drives the process the failure is recorded; in the
        // Swift Testing run of the same binary (a detached task, say), or
        // outside a test runner, `XCTFail` would lose it, so it is printed.
        XCTFail(failure.message, file: failure.staticFilePath, line: failure.staticLine)
        if XCTestHost.isDrivingProcess { return }
        #endif
        writeToStandardError("error: \(failure)\n")
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
