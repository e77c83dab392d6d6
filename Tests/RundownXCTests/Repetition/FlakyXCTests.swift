import Rundown
import RundownTestSupport
import XCTest

/// Behaviour#Repeated-examples and Behaviour#Retried-examples under XCTest, in process:
/// a repetition that fails is recorded
/// once, naming it, at the example's line; a retry that passes records no
/// failure; an example that fails every attempt records each.
final class FlakyXCTests: CheckedTestCase {
    func testAFailingRepetitionIsRecordedOnceNamingIt() throws {
        let calls = Log()
        let line = SourceLine.marked("xc repeated")
        let failures = try capturingFailures {
            try spec("Cache") {
                it("evicts", .repeated(5)) {  // line: xc repeated
                    calls("call")
                    if calls.entries.count == 3 { throw Boom("third") }
                }
            }
        }
        XCTAssertEqual(calls.entries.count, 3)
        XCTAssertEqual(
            failures,
            [RecordedFailure(message: "Cache, evicts: Boom(third) (repetition 3 of 5)", file: #filePath, line: line)])
    }

    func testARetryThatPassesRecordsNoFailure() async throws {
        let calls = Log()
        let failures = try await capturingFailures {
            try await spec("Server") {
                it("answers", .retries(2)) {
                    calls("call")
                    await Task.yield()
                    if calls.entries.count < 3 { throw Boom("call \(calls.entries.count)") }
                }
            }
        }
        XCTAssertEqual(calls.entries.count, 3)
        XCTAssertEqual(failures, [])
    }

    func testAnExampleFailingEveryAttemptRecordsEachAttempt() throws {
        let line = SourceLine.marked("xc broken")
        let failures = try capturingFailures {
            try spec("Broken") {
                beforeEach { throw Boom("setup") }  // line: xc broken
                it("never runs", .retries(1)) {}
            }
        }
        XCTAssertEqual(
            failures,
            [
                RecordedFailure(
                    message: "Broken, never runs, beforeEach: Boom(setup) (attempt 1 of 2)", file: #filePath, line: line
                ),
                RecordedFailure(
                    message: "Broken, never runs, beforeEach: Boom(setup) (attempt 2 of 2)", file: #filePath, line: line
                ),
            ])
    }
}
