import Rundown
import RundownTestSupport
import XCTest

/// Behaviour#Exploration-runs-every-order under XCTest: an exploration runs every order in an XCTest method, and its
/// failures are recorded against the test, each once, where it happened.
final class ExploreXCTests: XCTestCase {
    private let captured = Locked<[RecordedFailure]?>(nil)

    #if canImport(ObjectiveC)
    override func record(_ issue: XCTIssue) {
        let location = issue.sourceCodeContext.location
        let failure = RecordedFailure(
            message: issue.compactDescription, file: location?.fileURL.path ?? "", line: location?.lineNumber ?? 0)
        let kept = captured.withLock { captured -> Bool in
            guard captured != nil else { return false }
            captured?.append(failure)
            return true
        }
        if !kept { super.record(issue) }
    }
    #else
    override func recordFailure(
        withDescription description: String, inFile filePath: String, atLine lineNumber: Int, expected: Bool
    ) {
        let kept = captured.withLock { captured -> Bool in
            guard captured != nil else { return false }
            captured?.append(RecordedFailure(message: description, file: filePath, line: lineNumber))
            return true
        }
        if !kept {
            super.recordFailure(withDescription: description, inFile: filePath, atLine: lineNumber, expected: expected)
        }
    }
    #endif

    private func capturingFailures(_ body: () async throws -> Void) async rethrows -> [RecordedFailure] {
        captured.withLock { $0 = [] }
        defer { captured.withLock { $0 = nil } }
        try await body()
        return captured.withLock { $0 ?? [] }
    }

    func testEveryOrderOfTwoTasksRunsInAnXCTestMethod() async throws {
        let exploration = try await explore { schedule in
            for name in ["A", "B"] {
                schedule.start(name) {
                    await schedule.point("\(name) 1")
                    await schedule.point("\(name) 2")
                }
            }
        }
        XCTAssertEqual(exploration.interleavings, 20)
        XCTAssertFalse(exploration.failed)
    }

    func testAFailingTaskIsRecordedAtItsStartAndTheInterleavingAtTheExploreCall() async throws {
        struct Offline: Error {}
        let startLine = SourceLine.marked("xctest start")
        let exploreLine = SourceLine.marked("xctest explore")
        var exploration: Exploration?
        let failures = try await capturingFailures {
            exploration = try await explore { schedule in  // line: xctest explore
                schedule.start("load") {  // line: xctest start
                    await schedule.point("request")
                    throw Offline()
                }
            }
        }
        XCTAssertEqual(exploration?.failed, true)
        XCTAssertEqual(failures.count, 2)
        guard failures.count == 2 else { return }
        XCTAssertEqual(
            failures[0],
            RecordedFailure(
                message: "failed - Controlled task 'load' threw an error: Offline()", file: #filePath, line: startLine))
        XCTAssertEqual(failures[1].line, exploreLine)
        XCTAssertTrue(
            failures[1].message.hasPrefix(
                "failed - explore(.everyInterleaving()) failed in interleaving 1: load: start → request → end\nReplay it with explore(.replay(\"v1."
            ),
            failures[1].message)
    }

    /// Behaviour#Child-tasks-are-controlled under XCTest: the children of a task group take turns, and an
    /// error in an order where the timeout wins fails the exploration with the children's steps.
    func testTheChildrenOfATaskGroupTakeTurnsAndAFailingOrderNamesThem() async throws {
        let exploreLine = SourceLine.marked("xctest explore children")
        struct WrongWinner: Error {}
        let startLine = SourceLine.marked("xctest start with children")
        var exploration: Exploration?
        let failures = try await capturingFailures {
            exploration = try await explore { schedule in  // line: xctest explore children
                let clock = schedule.clock
                schedule.start("request") {  // line: xctest start with children
                    let winner = try await withThrowingTaskGroup(of: String.self) { group in
                        group.addTask {
                            await schedule.point("response arrives")
                            return "response"
                        }
                        group.addTask {
                            try await clock.sleep(for: .seconds(1))
                            return "timeout"
                        }
                        defer { group.cancelAll() }
                        return try await group.next()
                    }
                    if winner != "response" { throw WrongWinner() }
                }
            }
        }
        XCTAssertEqual(exploration?.failed, true)
        XCTAssertEqual(failures.count, 2, "\(failures)")
        guard failures.count == 2 else { return }
        XCTAssertEqual(
            failures[0],
            RecordedFailure(
                message: "failed - Controlled task 'request' threw an error: WrongWinner()", file: #filePath,
                line: startLine))
        XCTAssertEqual(failures[1].line, exploreLine)
        XCTAssertTrue(
            failures[1].message.contains(
                "request.1: start → response arrives; request.2: start → sleep 1.0 seconds; request: start → awaits its child tasks; the clock: → 1.0 seconds; request.2: → end"
            ), failures[1].message)
    }

}
