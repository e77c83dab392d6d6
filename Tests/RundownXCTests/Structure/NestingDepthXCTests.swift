import Rundown
import RundownTestSupport
import XCTest

/// Behaviour#Groups-nest-at-most-64-deep, under XCTest: a group nested one level deeper than
/// ``GroupNestedTooDeep/limit`` is one failure of its own path at its line,
/// and the rest of the spec runs.
final class NestingDepthXCTests: CheckedTestCase {
    func testTheGroupOneLevelTooDeepFailsWithItsPathAtItsLine() throws {
        let ran = Log()
        let line = SourceLine.marked("xctest nested group")
        let failures = try capturingFailures {
            try spec("Deep") {
                xcGroups(nested: GroupNestedTooDeep.limit + 1, log: ran)
                it("beside") { ran("beside") }
            }
        }
        let path = (["Deep"] + (1...GroupNestedTooDeep.limit + 1).reversed().map { "level \($0)" })
            .joined(separator: ", ")
        XCTAssertEqual(ran.entries, ["beside"])
        XCTAssertEqual(
            failures,
            [
                RecordedFailure(
                    message: "\(path): \(GroupNestedTooDeep(group: "level 1"))", file: #filePath, line: line)
            ])
    }
}

@ExampleBuilder<SyncCall>
private func xcGroups(nested levels: Int, log: Log) -> Examples<SyncCall> {
    if levels == 0 {
        it("leaf") { log("leaf") }
    } else {
        describe("level \(levels)") { xcGroups(nested: levels - 1, log: log) }  // line: xctest nested group
    }
}
