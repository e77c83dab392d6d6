import Rundown
import RundownTestSupport
import XCTest

/// Behaviour#A-group-needs-an-element under XCTest: a group with no element is a failure of its own
/// path at its line, never a silent pass.
final class EmptyGroupXCTests: CheckedTestCase {
    func testAHooksOnlyGroupFailsWithItsPathAtItsLine() throws {
        let ran = Log()
        let line = SourceLine.marked("when full")
        let failures = try capturingFailures {
            try spec("Stack") {
                context("when full") {  // line: when full
                    beforeEach { ran("beforeEach") }
                }
                it("still runs") { ran("still runs") }
            }
        }
        XCTAssertEqual(ran.entries, ["still runs"])
        XCTAssertEqual(
            failures,
            [
                RecordedFailure(
                    message:
                        "Stack, when full: the group 'when full' holds no example and no group, so its hooks never run and it checks nothing: add an 'it' or a nested group, or remove the group",
                    file: #filePath, line: line)
            ])
    }
}
