import Foundation
import Rundown
import RundownTestSupport
import XCTest

/// Behaviour#The-running-element and Behaviour#Late-failures-name-their-example
/// for a synchronous spec in an XCTest method, which runs on the main thread
/// and in no task: a task an example leaves running copies the context bound
/// on the thread, so it keeps its example while the next runs, and a check that fails
/// in the task while the next example runs is a late failure of the example
/// that started it, at the check's line.
final class TaskContextXCTests: CheckedTestCase {
    func testATaskLeftRunningByASynchronousExampleFailsItsOwnExampleLate() throws {
        let check = SharedResource("task context xctests: left running")
        let (go, letGo) = AsyncStream<Void>.makeStream()
        let acted = DispatchSemaphore(value: 0)
        let log = Log()
        let inTask = Locked<Bool?>(nil)
        let failures = try capturingFailures {
            try spec("Siblings") {
                it("starts a task") {
                    inTask.withLock { $0 = withUnsafeCurrentTask { $0 != nil } }
                    Task {
                        for await _ in go { break }
                        check.expectHeld()  // line: xctest left running by a sync example
                        acted.signal()
                    }
                }
                it("lets it fail") {
                    letGo.yield()
                    acted.wait()
                    log(ExampleRunner.current?.description ?? "nil")
                }
                it("runs after") { log(ExampleRunner.current?.description ?? "nil") }
            }
        }
        XCTAssertEqual(inTask.current, false)
        XCTAssertEqual(log.entries, ["Siblings, lets it fail", "Siblings, runs after"])
        XCTAssertEqual(
            failures,
            [
                RecordedFailure(
                    message:
                        "Siblings, starts a task: Shared resource 'task context xctests: left running' was used by "
                        + "spec 'Siblings, starts a task' in XCTest method '\(name)' without exclusive access. "
                        + "Add .exclusive(...) for it to the example or a group around it (in an async spec), or wrap "
                        + "the code in withExclusiveAccess { ... }. (late: after 'Siblings, starts a task' had "
                        + "finished, from a task it started)",
                    file: #filePath, line: SourceLine.marked("xctest left running by a sync example"))
            ])
    }
}
