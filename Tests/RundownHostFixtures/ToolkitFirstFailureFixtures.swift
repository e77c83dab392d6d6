import Rundown
import XCTest

/// A plain `XCTestCase` whose first Rundown call is a toolkit check that fails: Rundown's XCTest
/// observer is registered by that very failure, after XCTest started the test, so it cannot know
/// the test yet. `ToolkitFirstFailureOutputTests` runs it alone in a child process and checks that
/// the failure is still at the check's line, and the next one too.
final class ToolkitFirstFailureFixtures: XCTestCase {
    override func setUpWithError() throws {
        try skipUnlessFixturesRun(for: "ToolkitFirstFailureOutputTests")
    }

    func testAToolkitCheckFailsFirst() {
        let resource = SharedResource("fixture: printer")
        resource.expectHeld()  // line: first check
        resource.expectHeld()  // line: second check
    }
}
