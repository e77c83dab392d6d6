import Rundown
import RundownTestSupport
import XCTest

/// Behaviour#Concurrent-groups under XCTest: a `.concurrent` group's failures are recorded
/// against the test, each once, with its element's path and line, in
/// declaration order, however the elements interleaved.
final class ConcurrentGroupXCTests: CheckedTestCase {
    func testEachElementsFailureIsRecordedOnceWithItsPathInDeclarationOrder() async throws {
        let ran = Log()
        let failures = try await capturingFailures {
            try await spec("Downloads") {
                describe("files", .concurrent) {
                    it("slow") {  // line: slow fails
                        try await Task.sleep(for: .milliseconds(20))
                        ran("slow")
                        throw Boom("slow")
                    }
                    it("fast") {  // line: fast fails
                        ran("fast")
                        throw Boom("fast")
                    }
                    it("passes") { ran("passes") }
                }
            }
        }
        XCTAssertEqual(Set(ran.entries), ["slow", "fast", "passes"])
        XCTAssertEqual(
            failures,
            [
                RecordedFailure(
                    message: "Downloads, files, slow: Boom(slow)", file: #filePath,
                    line: SourceLine.marked("slow fails")),
                RecordedFailure(
                    message: "Downloads, files, fast: Boom(fast)", file: #filePath,
                    line: SourceLine.marked("fast fails")),
            ])
    }
}
