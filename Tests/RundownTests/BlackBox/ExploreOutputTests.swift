#if os(Linux)
import Foundation
import Testing

/// Behaviour#A-failing-interleaving-can-be-replayed, black-box, under XCTest:
/// an `XCTAssert` that fails in one order ends the
/// exploration (XCTest records it; the explorer sees it through its observer), each failure is
/// printed once at its line, and `RUNDOWN_SCHEDULE` replays the printed token. In a child process
/// (the fixtures of `RundownHostFixtures/ExploreFixtures.swift`), because the failures are real.
@Suite(.enabled(if: HostOutput.testBinary != nil, "needs the SwiftPM test binary"), .timeLimit(.minutes(2)))
struct ExploreOutputTests {
    private static func run(_ fixture: String, schedule: String? = nil) async throws -> HostOutput.Run {
        var environment = ProcessInfo.processInfo.environment
        environment["RUNDOWN_FIXTURES"] = "1"
        environment["RUNDOWN_REPORT"] = nil
        environment["RUNDOWN_SCHEDULE"] = schedule
        environment["NO_COLOR"] = "1"
        let run = try await ChildProcess.run(
            URL(fileURLWithPath: try #require(HostOutput.testBinary)), ["RundownHostFixtures.\(fixture)"],
            environment: environment)
        return HostOutput.Run(
            status: run.status, lines: try await HostOutput.lines(of: run.output))
    }

    // reaches: ToolkitWarning.scheduleReplays
    @Test func anXCTAssertThatFailsInOneOrderEndsTheExplorationAndTheTokenReplaysIt() async throws {
        let fixtures = try SourceFile("Tests/RundownHostFixtures/ExploreFixtures.swift")
        let file = fixtures.path
        let test = "testAnAssertionFailsInOneOrder"
        let assertLine = fixtures.line(of: "XCTAssertEqual(counter.current, 2)", in: test)
        let exploreLine = fixtures.line(of: "try await explore", in: test)
        let run = try await Self.run("ExploreXCTestFixtures")
        #expect(run.status == 1)
        let failures = run.lines.filter { $0.contains(": error: ") || $0.hasPrefix("Replay it with") }
        try #require(failures.count == 3)
        #expect(
            failures[0]
                == "\(file):\(assertLine): error: ExploreXCTestFixtures.\(test) : XCTAssertEqual failed: (\"1\") is not equal to (\"2\") -"
        )
        #expect(
            failures[1]
                == "\(file):\(exploreLine): error: ExploreXCTestFixtures.\(test) : failed - explore(.everyInterleaving()) failed in interleaving 2: A: start → write; B: start → write; A: → end; B: → end"
        )
        let replay = try #require(
            failures[2].firstMatch(of: /RUNDOWN_SCHEDULE=(v1\.[0-9a-f]{4}\.[0-9a-zA-Z_]*\.[0-9a-f]{8})/))
        let token = String(replay.1)
        #expect(failures[2] == "Replay it with explore(.replay(\"\(token)\")), or with RUNDOWN_SCHEDULE=\(token)")

        let replayed = try await Self.run("ExploreXCTestFixtures", schedule: token)
        #expect(replayed.status == 1)
        #expect(
            replayed.lines.contains(
                "Rundown: ExploreFixtures.swift:\(exploreLine): RUNDOWN_SCHEDULE replays interleaving \(token) instead of .everyInterleaving()"
            ))
        // The one recorded order, first: no other order ran before it.
        #expect(
            replayed.lines.contains(
                "\(file):\(exploreLine): error: ExploreXCTestFixtures.\(test) : failed - explore(RUNDOWN_SCHEDULE=\(token)) failed in interleaving 1: A: start → write; B: start → write; A: → end; B: → end"
            ))
        #expect(replayed.lines.filter { $0.contains("XCTAssertEqual failed") }.count == 1)
    }

    @Test func anXCTAssertInsideASpecExampleIsReportedWithItsPath() async throws {
        let fixtures = try SourceFile("Tests/RundownHostFixtures/ExploreFixtures.swift")
        let file = fixtures.path
        let test = "testAnExampleExplores"
        let run = try await Self.run("ExploreSpecXCTestFixtures")
        #expect(run.status == 1)
        let failures = run.lines.filter { $0.contains(": error: ") }
        try #require(failures.count == 2)
        #expect(
            failures[0]
                == "\(file):\(fixtures.line(of: "XCTAssertEqual(counter.current, 2)", in: test)): error: ExploreSpecXCTestFixtures.\(test) : Counter, counts both increments: XCTAssertEqual failed: (\"1\") is not equal to (\"2\")"
        )
        #expect(
            failures[1]
                == "\(file):\(fixtures.line(of: "try await explore", in: test)): error: ExploreSpecXCTestFixtures.\(test) : Counter, counts both increments: explore(.everyInterleaving()) failed in interleaving 2: A: start → write; B: start → write; A: → end; B: → end"
        )
    }
}
#endif
