#if os(Linux)
import Foundation
import Testing

/// Behaviour#A-failing-interleaving-can-be-replayed, black-box: `RUNDOWN_SCHEDULE` replays a token
/// only at the `explore` call, and in the test, that printed it. A helper that explores, called by
/// two tests (`RundownHostFixtures/ExploreScheduleFixtures.swift`), prints a token in the first;
/// with that token set, the first test replays it and the second explores as usual.
@Suite(.enabled(if: HostOutput.testBinary != nil, "needs the SwiftPM test binary"), .timeLimit(.minutes(5)))
struct ExploreScheduleOutputTests {
    private static func run(_ filter: String, schedule: String? = nil) async throws -> HostOutput.Run {
        var environment = ProcessInfo.processInfo.environment
        environment["RUNDOWN_FIXTURES"] = "1"
        environment["RUNDOWN_REPORT"] = nil
        environment["RUNDOWN_SCHEDULE"] = schedule
        environment["NO_COLOR"] = "1"
        let run = try await ChildProcess.run(
            URL(fileURLWithPath: try #require(HostOutput.testBinary)),
            ["--testing-library", "swift-testing", "--filter", filter], environment: environment,
            timeout: .seconds(120))
        return HostOutput.Run(
            status: run.status, lines: run.output.split(separator: "\n").map { HostOutput.normalise(String($0)) })
    }

    // reaches: ToolkitWarning.scheduleReplays
    @Test func aTokenReplaysOnlyInTheTestThatPrintedIt() async throws {
        let first = try await Self.run("RundownHostFixtures.ExploreScheduleFixtures/twoTasks")
        #expect(first.status == 1)
        let printed = try #require(
            first.lines.lazy.compactMap {
                $0.firstMatch(of: /RUNDOWN_SCHEDULE=(v1\.[0-9a-f]{4}\.[0-9a-zA-Z_]*\.[0-9a-f]{8})/)
            }
            .first)
        let token = String(printed.1)

        let both = try await Self.run("RundownHostFixtures.ExploreScheduleFixtures", schedule: token)
        #expect(both.status == 1)
        let replays = both.lines.filter { $0.contains("RUNDOWN_SCHEDULE replays interleaving \(token)") }
        #expect(replays.count == 1)
        #expect(!both.lines.contains { $0.contains("not deterministic") }, "\(both.lines)")
        // The first test replayed its order; the second explored its own, and found its own failure.
        #expect(both.lines.contains { $0.contains("explore(RUNDOWN_SCHEDULE=\(token)) failed in interleaving 1:") })
        #expect(both.lines.contains { $0.contains("explore(.everyInterleaving()) failed in interleaving") })
    }
}
#endif
