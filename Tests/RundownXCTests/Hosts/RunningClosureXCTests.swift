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
                        + "'Wrapped, runs, wrap' in XCTest method '\(name)' without exclusive access. "
                        + "Add .exclusive(...) for it to the example or a group around it (in an async spec), or wrap "
                        + "the code in withExclusiveAccess { ... }.",
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
                        + "'Wrapped, runs, wrap' in XCTest method '\(name)' without exclusive access. "
                        + "Add .exclusive(...) for it to the example or a group around it (in an async spec), or wrap "
                        + "the code in withExclusiveAccess { ... }.",
                    file: #filePath, line: SourceLine.marked("xctest after async body"))
            ])
    }

    /// A task one example leaves running, which fails while the next example
    /// of its group runs: a late failure of the example that started it, at
    /// the check's line, and the next example passes (RunContext.swift).
    func testATaskThatFailsWhileASiblingRunsIsItsOwnExamplesLateFailure() async throws {
        let check = SharedResource("running closure xctests: left running")
        let (go, letGo) = AsyncStream<Void>.makeStream()
        let (done, finished) = AsyncStream<Void>.makeStream()
        let log = Log()
        let failures = try await capturingFailures {
            try await spec("Siblings") {
                it("starts a task") {
                    Task {
                        for await _ in go { break }
                        check.expectHeld()  // line: xctest left running
                        finished.finish()
                    }
                }
                it("lets it fail") {
                    letGo.yield()
                    for await _ in done {}
                    log(ExampleRunner.current?.description ?? "nil")
                }
            }
        }
        XCTAssertEqual(log.entries, ["Siblings, lets it fail"])
        XCTAssertEqual(
            failures,
            [
                RecordedFailure(
                    message:
                        "Siblings, starts a task: Shared resource 'running closure xctests: left running' was used by "
                        + "spec 'Siblings, starts a task' in XCTest method '\(name)' without exclusive access. "
                        + "Add .exclusive(...) for it to the example or a group around it (in an async spec), or wrap "
                        + "the code in withExclusiveAccess { ... }. (late: after 'Siblings, starts a task' had "
                        + "finished, from a task it started)",
                    file: #filePath, line: SourceLine.marked("xctest left running"))
            ])
    }
}
