import Rundown
import RundownTestSupport
import XCTest

/// Behaviour#The-running-element for XCTest: an `aroundEach` hook is its own
/// runner again once its body has returned, so a check that fails then is a
/// failure of the hook, at its line, in a synchronous and an asynchronous spec.
final class RunningClosureXCTests: CheckedTestCase {
    func testACheckAfterAnAroundEachBodyIsTheHooksInASynchronousSpec() throws {
        let log = Log()
        let check = SharedResource("running closure xctests: sync")
        let failures = try capturingFailures {
            try spec("Wrapped") {
                aroundEach("wrap") { body in
                    try body()
                    log(ExampleRunner.current?.description ?? "nil")
                    check.expectHeld()  // line: xctest after sync body
                }
                it("runs") { log(ExampleRunner.current?.description ?? "nil") }
            }
        }
        XCTAssertEqual(log.entries, ["Wrapped, runs", "Wrapped, runs, wrap"])
        XCTAssertEqual(
            failures,
            [
                RecordedFailure(
                    message:
                        "Wrapped, runs, wrap: Shared resource 'running closure xctests: sync' was used by spec "
                        + "'Wrapped, runs, wrap' without exclusive access. Add .exclusive(...) for it to the suite "
                        + "or test, or wrap the code in withExclusiveAccess { ... }.",
                    file: #filePath, line: SourceLine.marked("xctest after sync body"))
            ])
    }

    func testACheckAfterAnAroundEachBodyIsTheHooksInAnAsynchronousSpec() async throws {
        let log = Log()
        let check = SharedResource("running closure xctests: async")
        let failures = try await capturingFailures {
            try await spec("Wrapped") {
                aroundEach("wrap") { body in
                    try await body()
                    log(ExampleRunner.current?.description ?? "nil")
                    check.expectHeld()  // line: xctest after async body
                }
                it("runs") {
                    await Task.yield()
                    log(ExampleRunner.current?.description ?? "nil")
                }
            }
        }
        XCTAssertEqual(log.entries, ["Wrapped, runs", "Wrapped, runs, wrap"])
        XCTAssertEqual(
            failures,
            [
                RecordedFailure(
                    message:
                        "Wrapped, runs, wrap: Shared resource 'running closure xctests: async' was used by spec "
                        + "'Wrapped, runs, wrap' without exclusive access. Add .exclusive(...) for it to the suite "
                        + "or test, or wrap the code in withExclusiveAccess { ... }.",
                    file: #filePath, line: SourceLine.marked("xctest after async body"))
            ])
    }
}
