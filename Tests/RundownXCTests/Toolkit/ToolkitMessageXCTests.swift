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
