import Rundown
import RundownTestSupport
import XCTest

/// Behaviour#Toolkit-messages-name-the-test-and-its-fix in a `Rundown.TestCase`, whose test
/// Rundown always knows: a check in the method names it and offers `withExclusiveAccess`; a check
/// in a spec names the spec's element too and offers the spec's trait.
final class ToolkitMessageXCTests: CheckedTestCase {
    func testACheckInTheMethodNamesItAndGivesTheCallAsItsFix() {
        let failures = capturingFailures {
            SharedResource("test case message: printer").expectHeld()  // line: test case check
        }
        XCTAssertEqual(
            failures,
            [
                RecordedFailure(
                    message: "failed - Shared resource 'test case message: printer' was used by XCTest method "
                        + "'\(name)' without exclusive access. Wrap the code that uses it in try await "
                        + "SharedResource(\"test case message: printer\").withExclusiveAccess { ... }, in an async test "
                        + "method.",
                    file: #filePath, line: SourceLine.marked("test case check"))
            ])
    }

    func testACheckInASpecNamesTheElementAndTheMethodAndGivesTheSpecsTrait() async throws {
        let failures = try await capturingFailures {
            try await spec("Printer") {
                it("prints") {
                    SharedResource("test case message: spec printer").expectHeld()  // line: spec check
                }
            }
        }
        XCTAssertEqual(
            failures,
            [
                RecordedFailure(
                    message: "Printer, prints: Shared resource 'test case message: spec printer' was used by spec "
                        + "'Printer, prints' in XCTest method '\(name)' without exclusive access. Add .exclusive(...) "
                        + "for it to the example or a group around it (in an async spec), or wrap the code in "
                        + "withExclusiveAccess { ... }.",
                    file: #filePath, line: SourceLine.marked("spec check"))
            ])
    }

    /// Behaviour#Exploration-strategies under XCTest: each strategy's failing order is reported with the
    /// example's path: the body's error, then the interleaving, at the `explore` call.
    func testEachStrategysFailureInASpecIsReportedWithThePath() async throws {
        struct LostUpdate: Error {}
        let strategies: [ExplorationStrategy] = [
            .pct(runs: 100, seed: 3), .everyInterleaving(preemptions: 1), .random(runs: 100, seed: 3),
        ]
        let failures = try await capturingFailures {
            try await spec("Racy counter") {
                for strategy in strategies {
                    it("\(strategy)") {
                        try await explore(strategy) { schedule in  // line: xctest explore by strategy
                            let count = Locked(0)
                            for name in ["A", "B"] {
                                schedule.start(name) {
                                    let seen = count.current
                                    await schedule.point("write")
                                    count.withLock { $0 = seen + 1 }
                                }
                            }
                            try await schedule.finish()
                            if count.current != 2 { throw LostUpdate() }
                        }
                    }
                }
            }
        }
        XCTAssertEqual(failures.count, 2 * strategies.count, failures.map(\.message).joined(separator: "\n"))
        guard failures.count == 2 * strategies.count else { return }
        let exploreLine = SourceLine.marked("xctest explore by strategy")
        // An example named with ", " stands quoted in its path.
        let steps = [
            #"".pct(runs: 100, seed: 3)""#, ".everyInterleaving(preemptions: 1)", #"".random(runs: 100, seed: 3)""#,
        ]
        for (index, strategy) in strategies.enumerated() {
            let path = "Racy counter, \(steps[index])"
            let (failure, interleaving) = (failures[2 * index], failures[2 * index + 1])
            XCTAssertEqual(
                failure,
                RecordedFailure(
                    message: "\(path): The body of explore threw an error: LostUpdate()", file: #filePath,
                    line: exploreLine))
            XCTAssertTrue(
                interleaving.message.hasPrefix("\(path): explore(\(strategy)) failed in interleaving "),
                interleaving.message)
            XCTAssertEqual(interleaving.line, exploreLine)
        }
    }

    func testALockOrderInversionInASpecAsksForBothOnTheGroup() async throws {
        let keychain = SharedResource("test case message: keychain")
        let window = SharedResource("test case message: host window")
        let failures = try await capturingFailures {
            try await spec("Sign in") {
                describe("the form", .exclusive(keychain)) {
                    it("shows", .exclusive(window)) {}  // line: inverted example
                }
            }
        }
        // The example's scope, which asks for the window, is what fails.
        let scope = "Sign in, the form, shows, exclusive access to test case message: host window"
        XCTAssertEqual(
            failures,
            [
                RecordedFailure(
                    message:
                        "\(scope): Lock-order inversion: spec '\(scope)' in XCTest method '\(name)' holds shared "
                        + "resource 'test case message: keychain' and asked for 'test case message: host window', whose name sorts before it. Shared resources are always taken in name "
                        + "order, so that two tests can never each hold one and wait for the other; taking 'test case "
                        + "message: host window' now could deadlock. Ask for both at the outer level instead, e.g. "
                        + ".exclusive('test case message: host window', 'test case message: keychain') on the group "
                        + "around both.",
                    file: #filePath, line: SourceLine.marked("inverted example"))
            ])
    }
}
