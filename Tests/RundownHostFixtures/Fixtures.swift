import Foundation

/// The fixtures in this target fail on purpose, so that a test can run them
/// in a child process and check what a user sees. They run only when the
/// environment has `RUNDOWN_FIXTURES=1`; in a normal `swift test` they are
/// skipped (XCTest) or disabled (Swift Testing).
let fixturesEnabled = ProcessInfo.processInfo.environment["RUNDOWN_FIXTURES"] == "1"

/// Why the fixtures did not run.
let fixturesDisabledReason = "fails on purpose; runs only with RUNDOWN_FIXTURES=1"

/// The error the fixtures throw.
struct FixtureError: Error, CustomStringConvertible {
    var description: String { "FixtureError(disk full)" }
}
