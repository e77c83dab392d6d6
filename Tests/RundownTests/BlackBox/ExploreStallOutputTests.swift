#if os(Linux)
import Foundation
import Testing

/// Behaviour#A-stuck-task-fails, black-box: a body that waits for a controlled task before it
/// calls `finish()` (for the end of a stream the task finishes, or for a flag it sets) fails at
/// the step deadline, naming the task it kept waiting, once, and the test process ends. In a child
/// process with a time limit (the fixtures of `RundownHostFixtures/ExploreStallFixtures.swift`),
/// because the fault was a test process that never ended.
@Suite(.enabled(if: HostOutput.testBinary != nil, "needs the SwiftPM test binary"), .timeLimit(.minutes(5)))
struct ExploreStallOutputTests {
    /// Runs the fixtures in a child that is stopped if it is still running after two minutes, far
    /// longer than the fixtures' one-second deadlines take on a busy machine.
    private static func run(_ arguments: [String]) async throws -> HostOutput.Run {
        var environment = ProcessInfo.processInfo.environment
        environment["RUNDOWN_FIXTURES"] = "1"
        environment["RUNDOWN_REPORT"] = nil
        environment["RUNDOWN_SCHEDULE"] = nil
        environment["NO_COLOR"] = "1"
        let run = try await ChildProcess.run(
            URL(fileURLWithPath: try #require(HostOutput.testBinary)), arguments, environment: environment,
            timeout: .seconds(120))
        return HostOutput.Run(
            status: run.status, lines: run.output.split(separator: "\n").map { HostOutput.normalise(String($0)) })
    }

    private static func stalls(_ task: String, in lines: [String]) -> Int {
        lines.filter {
            $0.contains(
                "Controlled task '\(task)' waited TIME seconds for its first step (interleaving 1), but the body neither called schedule.finish() nor returned"
            )
        }.count
    }

    @Test func swiftTestingBodiesThatWaitForTheirTasksFailAtTheDeadline() async throws {
        let run = try await Self.run([
            "--testing-library", "swift-testing", "--filter", "RundownHostFixtures.ExploreStallSwiftTestingFixtures",
        ])
        #expect(run.status == 1, "\(run.lines.suffix(20))")
        #expect(Self.stalls("producer", in: run.lines) == 1)
        #expect(Self.stalls("setter", in: run.lines) == 1)
        #expect(!run.lines.contains { $0.contains("was called after interleaving") })
        #expect(run.lines.contains { $0.contains("Test run with 2 tests") && $0.contains("failed") })
    }

    @Test func xcTestBodiesThatWaitForTheirTasksFailAtTheDeadline() async throws {
        let run = try await Self.run(["RundownHostFixtures.ExploreStallXCTestFixtures"])
        #expect(run.status == 1, "\(run.lines.suffix(20))")
        #expect(Self.stalls("producer", in: run.lines) == 1)
        #expect(Self.stalls("setter", in: run.lines) == 1)
        #expect(
            run.lines.contains("Test Case 'ExploreStallXCTestFixtures.testBodyWaitsForAStream' failed (TIME seconds)"))
        #expect(run.lines.contains("Test Case 'ExploreStallXCTestFixtures.testBodyPollsAFlag' failed (TIME seconds)"))
    }
}
#endif
