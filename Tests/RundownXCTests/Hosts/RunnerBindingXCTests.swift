import Rundown
import RundownTestSupport
import XCTest

/// Contract section 6 in a `Rundown.TestCase`: a toolkit check (which takes
/// the road of every failure that is not thrown: `ExampleRunner.current`,
/// the run's inbox, the host) is one failure of the closure that made it,
/// with its path and at its line, wherever it is: an `aroundEach` hook
/// before and after its body, a child task the example awaits, a cleanup
/// that a group's `beforeAll` registered (which runs before the group ends,
/// so it is no late failure).
final class RunnerBindingXCTests: CheckedTestCase {
    func testChecksAroundAnAroundEachBodyAreTheHooksInASynchronousSpec() throws {
        let failures = try capturingFailures {
            try spec("Wrapped") {
                aroundEach("wrap") { body in
                    Self.check("before")  // line: sync before body
                    try body()
                    Self.check("after")  // line: sync after body
                }
                it("runs") {
                    Self.check("inside")  // line: sync inside body
                }
            }
        }
        XCTAssertEqual(
            failures,
            [
                failure("before", of: "Wrapped, runs, wrap", at: "sync before body"),
                failure("inside", of: "Wrapped, runs", at: "sync inside body"),
                failure("after", of: "Wrapped, runs, wrap", at: "sync after body"),
            ])
    }

    func testChecksFromChildTasksAndAfterAnAroundEachBodyInAnAsynchronousSpec() async throws {
        let failures = try await capturingFailures {
            try await spec("Wrapped") {
                aroundEach("wrap") { body in
                    try await body()
                    await Task { Self.check("after") }.value  // line: async after body
                }
                it("runs") {
                    async let child: Void = { Self.check("child") }()  // line: async child
                    await child
                    await withTaskGroup(of: Void.self) { group in
                        group.addTask { Self.check("group") }  // line: async group
                    }
                }
            }
        }
        XCTAssertEqual(
            failures,
            [
                failure("child", of: "Wrapped, runs", at: "async child"),
                failure("group", of: "Wrapped, runs", at: "async group"),
                failure("after", of: "Wrapped, runs, wrap", at: "async after body"),
            ])
    }

    func testACheckInAGroupsCleanupIsOneFailureOfWhatRegisteredIt() async throws {
        let failures = try await capturingFailures {
            try await spec("Grouped") {
                beforeAll {
                    deferCleanup { Self.check("cleanup") }  // line: group cleanup
                }
                it("runs") {}
            }
        }
        XCTAssertEqual(failures, [failure("cleanup", of: "Grouped, beforeAll", at: "group cleanup")])
    }

    /// A toolkit check that fails, at the caller's line.
    private static func check(_ name: String, line: Int = #line) {
        SharedResource("running closure review: \(name)").expectHeld(line: line)
    }

    /// The failure of the check named `check`, made by the closure at `path`, on the line marked
    /// `marker`: it names the spec's element and this test, and offers the spec's trait
    /// (Behaviour#Toolkit-messages-name-the-test-and-its-fix).
    private func failure(_ check: String, of path: String, at marker: String) -> RecordedFailure {
        RecordedFailure(
            message: "\(path): Shared resource 'running closure review: \(check)' was used by spec '\(path)' in "
                + "XCTest method '\(name)' without exclusive access. Add .exclusive(...) for it to the example or a "
                + "group around it (in an async spec), or wrap the code in withExclusiveAccess { ... }.",
            file: #filePath, line: SourceLine.marked(marker))
    }
}
