#if canImport(XCTest)
import Foundation
import RundownEngine
import XCTest

/// The `Rundown.TestCase` tests that are running, and what their specs did.
///
/// Two things need to know whether a test case's test is still running:
/// - a failure that reaches a test case after its test ended (from a task
///   that outlived it) must not be recorded: corelibs XCTest stops the whole
///   process with "already been stopped";
/// - a spec whose every example was skipped must not end its test at once, or
///   everything after it would be hidden; on Linux the test case's closure is
///   wrapped, so the skip can be reported when the test ends, if nothing else
///   in it ran or failed.
package enum TestCaseRuns {
    private struct Run {
        /// The test case, held while its test runs.
        var testCase: XCTestCase
        /// Whether the test's closure reports a deferred skip when it ends.
        var defersSkips: Bool
        var skippedSpecs: [String] = []
        var skipFile: StaticString = #filePath
        var skipLine: UInt = 0
        var specsThatRan = 0
    }

    /// The running tests, by test case. Its lock is also held while a failure
    /// is recorded (``whileRunning(_:_:)``), so that a test cannot end
    /// halfway through one; recording calls into XCTest, which calls back
    /// only into the test case's own `recordFailure`, never into this type.
    private static let runs = Protected<[ObjectIdentifier: Run]>([:])

    /// The test of `testCase` starts. `defersSkips` says whether its closure
    /// calls ``pendingSkip(of:)`` when it ends.
    package static func begin(_ testCase: XCTestCase, defersSkips: Bool) {
        runs.withLock { $0[ObjectIdentifier(testCase)] = Run(testCase: testCase, defersSkips: defersSkips) }
    }

    /// The test of `testCase` has ended, tear-down included.
    package static func end(_ testCase: XCTestCase) {
        runs.withLock { _ = $0.removeValue(forKey: ObjectIdentifier(testCase)) }
    }

    /// Runs `record` if the test of `testCase` is running, and keeps it
    /// running until `record` returns.
    ///
    /// - Returns: Whether `record` ran.
    package static func whileRunning(_ testCase: XCTestCase, _ record: () -> Void) -> Bool {
        runs.withLock { runs in
            guard runs[ObjectIdentifier(testCase)] != nil else { return false }
            record()
            return true
        }
    }

    /// The one `Rundown.TestCase` test running now, if exactly one is (XCTest
    /// runs its tests one after another), for a failure no spec claimed.
    package static var onlyRunning: XCTestCase? {
        runs.withLock { runs in
            guard runs.count == 1, let run = runs.values.first else { return nil }
            return run.testCase
        }
    }

    /// Remembers that a spec of `testCase` skipped everything, if its test
    /// reports such skips when it ends.
    ///
    /// - Returns: Whether the skip was deferred; if not, the caller reports it now.
    package static func deferSkip(of testCase: XCTestCase, _ summary: String, file: StaticString, line: UInt)
        -> Bool
    {
        runs.withLock { runs in
            let key = ObjectIdentifier(testCase)
            guard var run = runs[key], run.defersSkips else { return false }
            if run.skippedSpecs.isEmpty {
                run.skipFile = file
                run.skipLine = line
            }
            run.skippedSpecs.append(summary)
            runs[key] = run
            return true
        }
    }

    /// Remembers that a spec of `testCase` ran at least one example.
    package static func noteSpecRan(in testCase: XCTestCase) {
        runs.withLock { $0[ObjectIdentifier(testCase)]?.specsThatRan += 1 }
    }

    /// The skip to report as the test's closure ends: its specs skipped
    /// everything, no spec ran an example, and nothing failed.
    package static func pendingSkip(of testCase: XCTestCase) -> XCTSkip? {
        let failures = testCase.testRun?.totalFailureCount ?? 0
        return runs.withLock { runs in
            guard let run = runs[ObjectIdentifier(testCase)], !run.skippedSpecs.isEmpty, run.specsThatRan == 0,
                failures == 0
            else {
                return nil
            }
            return XCTSkip(run.skippedSpecs.joined(separator: "\n"), file: run.skipFile, line: run.skipLine)
        }
    }
}
#endif
