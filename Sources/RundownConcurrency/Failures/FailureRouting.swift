#if canImport(Testing)
import Testing
#endif
#if canImport(XCTest)
import XCTest
#endif
import Foundation
import RundownEngine

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
            host.record(.reported(message: failure.message, path: ExampleRunner.current?.path, location: failure.location))
            return
        }
        #if canImport(Testing)
        if Test.current != nil {
            Issue.record(Comment(rawValue: failure.message), sourceLocation: swiftTestingLocation(of: failure))
            return
        }
        #endif
        #if canImport(XCTest)
        XCTFail(failure.message, file: failure.staticFilePath, line: failure.staticLine)
        if xctestMayBeRunning { return }
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

    #if canImport(Testing)
    /// Swift Testing traps on a `fileID` without a module prefix or on line or column 0, so the
    /// location is normalised before it reaches `SourceLocation`.
    private static func swiftTestingLocation(of failure: ConcurrencyFailure) -> SourceLocation {
        var fileID = failure.location.fileID
        if !fileID.contains("/") { fileID = "Unknown/" + (fileID.isEmpty ? "Unknown.swift" : fileID) }
        return SourceLocation(
            fileID: fileID,
            filePath: failure.location.filePath,
            line: max(1, failure.location.line),
            column: max(1, failure.location.column)
        )
    }
    #endif

    /// A best guess at whether XCTest drives this process, used only to avoid printing a failure
    /// twice. `swift test` starts the same test binary a second time for Swift Testing, with
    /// `--testing-library swift-testing`; a failure there with no `Test.current` (from a detached
    /// task, say) would be lost in `XCTFail`, so it is printed instead.
    private static let xctestMayBeRunning: Bool = {
        let arguments = CommandLine.arguments
        let executable = arguments.first ?? ""
        guard executable.hasSuffix(".xctest") || executable.hasSuffix("/xctest") || executable == "xctest" else {
            return false
        }
        if let flag = arguments.firstIndex(of: "--testing-library"), flag + 1 < arguments.count {
            return arguments[flag + 1] != "swift-testing"
        }
        return true
    }()

    static func writeToStandardError(_ text: String) {
        FileHandle.standardError.write(Data(text.utf8))
    }
}
