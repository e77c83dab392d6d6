#if os(Linux)
import Foundation
import Testing

/// Behaviour#A-hold-ends-with-its-scope: a task that outlives the exclusive access it shares is
/// reported at the suite, the test or the spec element that held the resource,
/// naming it, not at a line of Rundown's own `ExclusiveTrait.swift`. Black-box,
/// because the hold is broken only after 10 seconds times
/// `RUNDOWN_TIMEOUT_SCALE`, which the child process sets to 0.05.
@Suite(.enabled(if: HostOutput.testBinary != nil, "needs the SwiftPM test binary"))
struct ExclusiveLeakTests {
    @Test func aTaskLeftRunningIsReportedAtTheSuiteTestOrElementThatHeldTheResource() async throws {
        let fixtures = try SourceFile("Tests/RundownHostFixtures/ExclusiveLeakFixtures.swift")
        func at(_ snippet: String, in anchor: String) -> String {
            let (line, column) = fixtures.position(of: snippet, in: anchor)
            return "ExclusiveLeakFixtures.swift:\(line):\(column)"
        }
        var environment = ProcessInfo.processInfo.environment
        environment["RUNDOWN_FIXTURES"] = "1"
        environment["RUNDOWN_TIMEOUT_SCALE"] = "0.05"
        environment["RUNDOWN_REPORT"] = nil
        environment["NO_COLOR"] = "1"
        let run = try await ChildProcess.run(
            URL(fileURLWithPath: try #require(HostOutput.testBinary)),
            [
                "--testing-library", "swift-testing", "--filter",
                "RundownHostFixtures.ExclusiveSuiteLeakFixtures|RundownHostFixtures.ExclusiveTestLeakFixtures",
            ],
            environment: environment)
        let lines = try await HostOutput.lines(of: run.output)
        let events = HostOutput.events(lines).filter { $0[0].contains(" recorded an issue at ") }

        #expect(run.status == 1)
        #expect(
            events.sorted { $0[0] < $1[0] } == [
                [
                    "✘ Suite ExclusiveSuiteLeakFixtures recorded an issue at \(at("Suite(", in: "@Suite(.fixture(for: \"ExclusiveLeakTests\"), .exclusive")): Issue recorded",
                    "↳ AsyncLock 'shared resource 'leak gamma'': a task started inside suite 'ExclusiveSuiteLeakFixtures' (Task { }) was still running TIME seconds after it ended, and it shares the hold. Await or cancel such tasks before it ends; the lock is released now.",
                ],
                [
                    "✘ Test anElementLeavesATaskRunning() recorded an issue at \(at("(\"leaves a task running\"", in: "func anElementLeavesATaskRunning")): Issue recorded",
                    "↳ Leaky, leaves a task running, exclusive access to leak epsilon: AsyncLock 'shared resource 'leak epsilon'': a task started inside spec 'Leaky, leaves a task running, exclusive access to leak epsilon' (Task { }) was still running TIME seconds after it ended, and it shares the hold. Await or cancel such tasks before it ends; the lock is released now.",
                ],
                [
                    "✘ Test leavesATaskRunning() recorded an issue at \(at("Test(.exclusive(.leakDelta))", in: "@Test(.exclusive(.leakDelta))")): Issue recorded",
                    "↳ AsyncLock 'shared resource 'leak delta'': a task started inside test 'leavesATaskRunning()' (Task { }) was still running TIME seconds after it ended, and it shares the hold. Await or cancel such tasks before it ends; the lock is released now.",
                ],
            ])
        #expect(!lines.contains { $0.contains("ExclusiveTrait") })
    }
}
#endif
