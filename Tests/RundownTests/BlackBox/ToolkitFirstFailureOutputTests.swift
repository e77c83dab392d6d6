#if os(Linux)
import Foundation
import RundownTestSupport
import Testing

/// Behaviour#Failures-point-at-your-code and Behaviour#Toolkit-messages-name-the-test-and-its-fix: a failure never points at a line of Rundown's sources. Black-box, in a child process
/// that runs one plain-`XCTestCase` test (`RundownHostFixtures/ToolkitFirstFailureFixtures.swift`)
/// whose first action is a failing toolkit check: no Rundown code ran in that process before it,
/// so Rundown's XCTest observer does not know the running test when the failure arrives.
@Suite(.enabled(if: HostOutput.testBinary != nil, "needs the SwiftPM test binary"), .timeLimit(.minutes(2)))
struct ToolkitFirstFailureOutputTests {
    @Test func aToolkitCheckThatFailsFirstInAProcessIsAtItsOwnLine() async throws {
        let file = "Tests/RundownHostFixtures/ToolkitFirstFailureFixtures.swift"
        func line(_ name: String) -> Int { SourceLine.marked(name, in: HostOutput.root + file) }
        let test = "ToolkitFirstFailureFixtures.testAToolkitCheckFailsFirst"
        let run = try await HostOutput.run(["RundownHostFixtures.ToolkitFirstFailureFixtures"])

        #expect(run.status == 1)
        func message(user: String) -> String {
            "failed - Shared resource 'fixture: printer' was used by \(user) without exclusive access. Wrap the code "
                + "that uses it in try await SharedResource(\"fixture: printer\").withExclusiveAccess { ... }, in an async "
                + "test method."
        }
        let failures = run.lines.filter { $0.contains(": error: ") }
        // The first failure is the one the observer cannot place on a test it knows, so its message
        // cannot name the test (XCTest still gives it the XCTest fix); the second finds the test
        // through the first, and names it.
        #expect(
            failures == [
                "\(file):\(line("first check")): error: \(test) : \(message(user: "the XCTest method that is running"))",
                "\(file):\(line("second check")): error: \(test) : \(message(user: "XCTest method '\(test)'"))",
            ])
        #expect(run.lines.contains { $0.hasPrefix("\t Executed 1 test, with 2 failures") }, "\(run.lines)")
    }
}
#endif
