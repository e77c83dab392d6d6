import Rundown
import XCTest

/// Contract §1 under XCTest: a group with no element is a failure of its own
/// path at its line, never a silent pass.
final class EmptyGroupXCTests: Rundown.TestCase {
    private var captured: [RecordedFailure]?

    #if canImport(ObjectiveC)
    override func record(_ issue: XCTIssue) {
        guard captured != nil else { return super.record(issue) }
        let location = issue.sourceCodeContext.location
        captured?.append(
            RecordedFailure(
                message: issue.compactDescription, file: location?.fileURL.path ?? "",
                line: location?.lineNumber ?? 0))
    }
    #else
    override func recordFailure(
        withDescription description: String, inFile filePath: String, atLine lineNumber: Int, expected: Bool
    ) {
        guard captured != nil else {
            return super.recordFailure(
                withDescription: description, inFile: filePath, atLine: lineNumber, expected: expected)
        }
        captured?.append(RecordedFailure(message: description, file: filePath, line: lineNumber))
    }
    #endif

    func testAHooksOnlyGroupFailsWithItsPathAtItsLine() throws {
        let ran = Log()
        let line = SourceLine.marked("when full")
        captured = []
        defer { captured = nil }
        try spec("Stack") {
            context("when full") {  // line: when full
                beforeEach { ran("beforeEach") }
            }
            it("still runs") { ran("still runs") }
        }
        XCTAssertEqual(ran.entries, ["still runs"])
        XCTAssertEqual(
            captured,
            [
                RecordedFailure(
                    message:
                        "Stack, when full: the group 'when full' holds no example and no group, so its hooks never run and it checks nothing: add an 'it' or a nested group, or remove the group",
                    file: #filePath, line: line)
            ])
    }
}
