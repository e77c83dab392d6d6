#if os(Linux)
import Foundation
import Testing

/// Behaviour#Every-failure-ends-an-exploration: every failure of a run ends the exploration,
/// whatever hosts the test, and is reported once, at its line. Black-box, in child processes,
/// because what broke was a lost report and a green exit: an `#expect` or an `XCTFail` that no
/// framework took outside a spec.
@Suite(.enabled(if: HostOutput.testBinary != nil, "needs the SwiftPM test binary"), .timeLimit(.minutes(2)))
struct ExploreFailureRoadTests {
    private static let fixtures = "Tests/RundownHostFixtures/ExploreFailureRoadFixtures.swift"

    /// What a failing exploration adds at its call: the interleaving, then how to replay it.
    private static func endsTheExploration(_ run: HostOutput.Run, sourceLocation: SourceLocation = #_sourceLocation) {
        #expect(
            run.lines.filter { $0.contains("failed in interleaving") }.count == 1, sourceLocation: sourceLocation)
        #expect(
            run.lines.filter { $0.contains("Replay it with explore(.replay(") }.count == 1,
            sourceLocation: sourceLocation)
    }

    // MARK: No framework

    @Test(arguments: [
        ("explore-expect-in-task", "explore expect in task", "Expectation failed: (counter.value → 1) == 2"),
        ("explore-expect-after-finish", "explore expect after finish", "Expectation failed: (counter.value → 1) == 2"),
        ("explore-xctfail-in-task", "explore xctfail in task", "failed - lost an update"),
        ("explore-expect-in-child", "explore expect in child", "Expectation failed: (counter.value → 2) == 3"),
    ])
    func withNoFrameworkAnAssertionEndsTheExplorationAndIsThrown(
        scenario: String, mark: String, message: String
    ) async throws {
        let file = try SourceFile("Tests/RundownNoHostFixture/main.swift")
        let line = file.line(of: "// line: \(mark)", in: "func exploreAssertion")
        let run = try await HostOutput.runNoHostFixture([scenario])
        #expect(run.status == 1, "\(run.lines)")
        #expect(!run.lines.contains { $0.hasPrefix("explored:") }, "explore returned: \(run.lines)")
        let thrown = try #require(run.lines.firstIndex { $0.hasPrefix("thrown: ") }, "\(run.lines)")
        let report = run.lines[thrown...]
        let first = try #require(report.first)
        #expect(first.hasPrefix("thrown: "), "\(run.lines)")
        #expect(first.contains("main.swift:\(line):"), "\(run.lines)")
        #expect(first.hasSuffix(": \(message)"), "\(run.lines)")
        #expect(report.filter { $0.contains(message) }.count == 1, "\(run.lines)")
        #expect(report.contains { $0.contains("failed in interleaving") }, "\(run.lines)")
    }

    /// Behaviour#A-deadlock-fails-at-once with no framework: a tracked task that waits for the
    /// task waiting for it in `waitForAll` is a deadlock that `explore` throws, naming both, once.
    @Test func withNoFrameworkADeadlockInWaitForAllEndsTheExplorationAndIsThrown() async throws {
        let file = try SourceFile("Tests/RundownNoHostFixture/main.swift")
        let line = file.line(of: "// line: explore waitForAll A starts", in: "func exploreWaitForAllDeadlock")
        let run = try await HostOutput.runNoHostFixture(["explore-waitforall-deadlock"])
        #expect(run.status == 1, "\(run.lines)")
        #expect(!run.lines.contains { $0.hasPrefix("explored:") }, "explore returned: \(run.lines)")
        let thrown = try #require(run.lines.firstIndex { $0.hasPrefix("thrown: ") }, "\(run.lines)")
        let report = run.lines[thrown...]
        let first = try #require(report.first)
        // Reported where the first task (in start order) was started, as in-process.
        #expect(first.contains("main.swift:\(line):"), "\(run.lines)")
        #expect(
            first.hasSuffix(
                ": Deadlock in interleaving 1: no controlled task can go on, and no deadline is pending on the clock:"),
            "\(run.lines)")
        #expect(report.contains("  'A' waits for tracked tasks (waitForAll): 1 still running: 'T'"), "\(run.lines)")
        #expect(
            report.contains { $0.hasPrefix("  'T' waits for Gate \"reply\" (not opened; 1 parked") }, "\(run.lines)")
        #expect(run.lines.filter { $0.contains("Deadlock in interleaving") }.count == 1, "\(run.lines)")
        #expect(
            report.contains {
                $0.contains("failed in interleaving 1: A: start → waitForAll; T: start → arrive \"reply\"")
            }, "\(run.lines)")
    }

    // MARK: XCTest

    @Test func underXCTestAnExpectInATaskEndsTheExplorationAndFailsTheTest() async throws {
        let source = try SourceFile(Self.fixtures)
        let run = try await HostOutput.run(["RundownHostFixtures.ExploreRoadXCTestFixtures/testExpectInATask"])
        #expect(run.status == 1)
        let line = source.line(of: "// expect in a task, XCTest", in: "func testExpectInATask")
        let failures = run.lines.filter { $0.contains("Expectation failed") }
        #expect(failures.count == 1, "\(run.lines)")
        #expect(failures.first?.hasPrefix("\(Self.fixtures):\(line): error: ") == true, "\(run.lines)")
        Self.endsTheExploration(run)
        #expect(run.lines.contains { $0.contains("with 3 failures") || $0.contains("with 2 failures") })
    }

    @Test func underXCTestAnExpectInAChildTaskEndsTheExplorationAndFailsTheTest() async throws {
        let source = try SourceFile(Self.fixtures)
        let run = try await HostOutput.run(["RundownHostFixtures.ExploreRoadXCTestFixtures/testExpectInAChildTask"])
        #expect(run.status == 1)
        let line = source.line(of: "// expect in a child task, XCTest", in: "func testExpectInAChildTask")
        let failures = run.lines.filter { $0.contains("Expectation failed") }
        #expect(failures.count == 1, "\(run.lines)")
        #expect(failures.first?.hasPrefix("\(Self.fixtures):\(line): error: ") == true, "\(run.lines)")
        Self.endsTheExploration(run)
        #expect(run.lines.contains { $0.contains("owner.1: start → c1") }, "\(run.lines)")
    }

    @Test func underXCTestAnExpectInTheBodyEndsTheExplorationAndFailsTheTest() async throws {
        let source = try SourceFile(Self.fixtures)
        let run = try await HostOutput.run(["RundownHostFixtures.ExploreRoadXCTestFixtures/testExpectInTheBody"])
        #expect(run.status == 1)
        let line = source.line(of: "// expect in the body, XCTest", in: "func testExpectInTheBody")
        let failures = run.lines.filter { $0.contains("Expectation failed") }
        #expect(failures.count == 1, "\(run.lines)")
        #expect(failures.first?.hasPrefix("\(Self.fixtures):\(line): error: ") == true, "\(run.lines)")
        Self.endsTheExploration(run)
    }

    @Test func inARundownTestCaseWithoutASpecAnExpectEndsTheExploration() async throws {
        let source = try SourceFile(Self.fixtures)
        let run = try await HostOutput.run([
            "RundownHostFixtures.ExploreRoadTestCaseFixtures/testExpectInATaskWithoutASpec"
        ])
        #expect(run.status == 1)
        let line = source.line(of: "// expect in a task, Rundown.TestCase", in: "func testExpectInATaskWithoutASpec")
        let failures = run.lines.filter { $0.contains("Expectation failed") }
        #expect(failures.count == 1, "\(run.lines)")
        #expect(failures.first?.hasPrefix("\(Self.fixtures):\(line): error: ") == true, "\(run.lines)")
        Self.endsTheExploration(run)
    }

    @Test func afterATestThatRanASpecAnExpectStillEndsTheExplorationOnce() async throws {
        let source = try SourceFile(Self.fixtures)
        let run = try await HostOutput.run(["RundownHostFixtures.ExploreRoadAfterASpecFixtures"])
        #expect(run.status == 1)
        let line = source.line(of: "// expect in a task, after a spec", in: "func test2ExpectInATask")
        let failures = run.lines.filter { $0.contains("Expectation failed") }
        #expect(failures.count == 1, "\(run.lines)")
        #expect(failures.first?.hasPrefix("\(Self.fixtures):\(line): error: ") == true, "\(run.lines)")
        Self.endsTheExploration(run)
        #expect(run.lines.contains { $0.contains("test1RunsASpec' passed") })
    }

    // MARK: Swift Testing

    @Test func underSwiftTestingAnXCTFailInATaskEndsTheExplorationAndFailsTheTest() async throws {
        let source = try SourceFile(Self.fixtures)
        let run = try await HostOutput.run([
            "--testing-library", "swift-testing", "--filter",
            "RundownHostFixtures.ExploreRoadSwiftTestingFixtures/xctFailInATask",
        ])
        #expect(run.status != 0)
        let line = source.line(of: "// XCTFail in a task, Swift Testing", in: "func xctFailInATask")
        let events = HostOutput.events(run.lines).filter { $0.joined().contains("lost an update") }
        #expect(events.count == 1, "\(run.lines)")
        #expect(events.first?.first?.contains("ExploreFailureRoadFixtures.swift:\(line)") == true, "\(run.lines)")
        Self.endsTheExploration(run)
        #expect(run.lines.contains { $0.contains("Test xctFailInATask() failed") })
    }

    @Test func underSwiftTestingAnXCTFailInAChildTaskEndsTheExplorationAndFailsTheTest() async throws {
        let source = try SourceFile(Self.fixtures)
        let run = try await HostOutput.run([
            "--testing-library", "swift-testing", "--filter",
            "RundownHostFixtures.ExploreRoadSwiftTestingFixtures/xctFailInAChildTask",
        ])
        #expect(run.status != 0)
        let line = source.line(of: "// XCTFail in a child task, Swift Testing", in: "func xctFailInAChildTask")
        let events = HostOutput.events(run.lines).filter { $0.joined().contains("lost an update") }
        #expect(events.count == 1, "\(run.lines)")
        #expect(events.first?.first?.contains("ExploreFailureRoadFixtures.swift:\(line)") == true, "\(run.lines)")
        Self.endsTheExploration(run)
        #expect(run.lines.contains { $0.contains("owner.1: start → c1") }, "\(run.lines)")
        #expect(run.lines.contains { $0.contains("Test xctFailInAChildTask() failed") })
    }

    @Test func underSwiftTestingAnXCTAssertInTheBodyEndsTheExplorationAndFailsTheTest() async throws {
        let source = try SourceFile(Self.fixtures)
        let run = try await HostOutput.run([
            "--testing-library", "swift-testing", "--filter",
            "RundownHostFixtures.ExploreRoadSwiftTestingFixtures/xctAssertInTheBody",
        ])
        #expect(run.status != 0)
        let line = source.line(of: "// XCTAssert in the body, Swift Testing", in: "func xctAssertInTheBody")
        let events = HostOutput.events(run.lines).filter { $0.joined().contains("XCTAssertEqual failed") }
        #expect(events.count == 1, "\(run.lines)")
        #expect(events.first?.first?.contains("ExploreFailureRoadFixtures.swift:\(line)") == true, "\(run.lines)")
        Self.endsTheExploration(run)
        #expect(run.lines.contains { $0.contains("Test xctAssertInTheBody() failed") })
    }
}
#endif
