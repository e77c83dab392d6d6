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

    /// Behaviour#Retried-examples (contract section 13): an `XCTFail` in a
    /// task that a failed attempt left running, made while the next attempt
    /// runs, is that attempt's late failure: the next attempt passes, nothing
    /// fails this test (the failures are not captured: Rundown's host records
    /// what fails against it), and no further attempt runs for it.
    func testAFailureOfATaskOfAFailedAttemptFailsNoLaterAttempt() async throws {
        for retries in [1, 2] {
            let attempts = Log()
            let (go, going) = AsyncStream<Void>.makeStream()
            let (done, finishing) = AsyncStream<Void>.makeStream()
            try await spec("Late attempt \(retries)") {
                it("x", .retries(retries)) {
                    attempts("attempt")
                    if attempts.entries.count == 1 {
                        Task {
                            for await _ in go { break }
                            XCTFail("late")
                            finishing.finish()
                        }
                        throw Boom("first")
                    }
                    going.yield()
                    for await _ in done {}
                }
            }
            XCTAssertEqual(attempts.entries.count, 2, "retries: \(retries)")
        }
    }
}
