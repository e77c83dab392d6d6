#if os(Linux)
import Foundation
import RundownTestSupport
import Testing

/// Behaviour#Failures-point-at-your-code: a failure never points at a line of Rundown's sources. Black-box, in a child process
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
        let message =
            "failed - Shared resource 'fixture: printer' was used by code outside any test without exclusive access. Add .exclusive(...) for it to the suite or test, or wrap the code in withExclusiveAccess { ... }."
        let failures = run.lines.filter { $0.contains(": error: ") }
        // The first failure is the one the observer cannot place on a test it knows; the second
        // finds the test through the first.
        #expect(
            failures == [
                "\(file):\(line("first check")): error: \(test) : \(message)",
                "\(file):\(line("second check")): error: \(test) : \(message)",
            ])
        #expect(run.lines.contains { $0.hasPrefix("\t Executed 1 test, with 2 failures") }, "\(run.lines)")
    }
}
#endif
