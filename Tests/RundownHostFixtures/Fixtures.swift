import Foundation
import Testing
import XCTest

/// The fixtures in this target fail on purpose, so that a test can run them
/// in a child process and check what a user sees. They run only when the
/// environment has `RUNDOWN_FIXTURES=1`, which that test sets for its child;
/// in a normal `swift test` they are skipped (XCTest) or disabled (Swift
/// Testing), with a reason that names the test they belong to.
let fixturesEnabled = ProcessInfo.processInfo.environment["RUNDOWN_FIXTURES"] == "1"

/// Why a fixture of `test` did not run in this process.
func fixtureSkipReason(for test: String) -> String {
    "fixture for \(test): runs only in that test's child process"
}

/// Skips the running XCTest fixture unless this process is the child run of `test`.
///
/// Called from `setUpWithError`; the skip is reported at the caller's line.
func skipUnlessFixturesRun(for test: String, file: StaticString = #filePath, line: UInt = #line) throws {
    guard !fixturesEnabled else { return }
    throw XCTSkip(fixtureSkipReason(for: test), file: file, line: line)
}

extension Trait where Self == ConditionTrait {
    /// Disables a Swift Testing fixture suite unless this process is the child run of `test`.
    static func fixture(for test: String) -> Self {
        .enabled(if: fixturesEnabled, Comment(rawValue: fixtureSkipReason(for: test)))
    }
}

/// The error the fixtures throw.
struct FixtureError: Error, CustomStringConvertible {
    var description: String { "FixtureError(disk full)" }
}
