import Rundown
import RundownTestSupport
import XCTest

/// Behaviour#Two-paths-never-print-the-same under XCTest: `"a, b" ⊃ "c"` and `"a" ⊃ "b, c"`
/// fail with two different paths, each at its own line.
final class CollidingPathXCTests: CheckedTestCase {
    func testAStepHoldingTheSeparatorIsQuotedInItsFailure() throws {
        let first = SourceLine.marked("a, b then c")
        let second = SourceLine.marked("a then b, c")
        let failures = try capturingFailures {
            try spec("Paths") {
                describe("a, b") {
                    it("c") { throw Boom("one") }  // line: a, b then c
                }
                describe("a") {
                    it("b, c") { throw Boom("two") }  // line: a then b, c
                }
            }
        }
        XCTAssertEqual(
            failures,
            [
                RecordedFailure(message: #"Paths, "a, b", c: Boom(one)"#, file: #filePath, line: first),
                RecordedFailure(message: #"Paths, a, "b, c": Boom(two)"#, file: #filePath, line: second),
            ])
    }
}
