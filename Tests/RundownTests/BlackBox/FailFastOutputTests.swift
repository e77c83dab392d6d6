#if os(Linux)
import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif
import RundownTestSupport
import Testing

/// Behaviour#Fail-fast, black-box: `RUNDOWN_FAIL_FAST=1` given to a child run
/// of this test binary on `FailFastFixtures.swift` (XCTest, then Swift
/// Testing) or to `RundownNoHostFixture`: a spec of five examples whose second
/// fails runs two, skips three with the reason, and a later spec of the same
/// process is skipped whole; the run fails. One child at a time, as
/// `RunControlOutputTests` does.
@Suite(.serialized, .enabled(if: HostOutput.testBinary != nil, "needs the SwiftPM test binary"))
struct FailFastOutputTests {
    static let fixturesFile = "Tests/RundownHostFixtures/FailFastFixtures.swift"
    static let reason = "skipped: an earlier example failed, RUNDOWN_FAIL_FAST"

    static func run(_ binary: URL, _ arguments: [String], _ settings: [String: String]) async throws
        -> HostOutput.Run
    {
        var environment = ProcessInfo.processInfo.environment.filter {
            !$0.key.hasPrefix("RUNDOWN_") && $0.key != "CI"
        }
        environment["NO_COLOR"] = "1"
        environment["RUNDOWN_FIXTURES"] = "1"
        environment.merge(settings) { $1 }
        let run = try await ChildProcess.run(binary, arguments, environment: environment, timeout: .seconds(120))
        return HostOutput.Run(status: run.status, lines: try await HostOutput.lines(of: run.output))
    }

    static func runTests(_ arguments: [String], _ settings: [String: String]) async throws -> HostOutput.Run {
        try await run(URL(fileURLWithPath: try #require(HostOutput.testBinary)), arguments, settings)
    }

    static func ran(_ run: HostOutput.Run) -> [String] {
        run.lines.filter { $0.hasPrefix("ran: ") }.map { String($0.dropFirst(5)) }
    }

    /// What the first spec runs before fail-fast stops it: two examples, and the hooks around them.
    static let ranUntilTheFailure = ["beforeAll", "one", "afterEach", "two", "afterEach", "afterAll"]

    // MARK: XCTest

    @Test func xcTestRunsTwoSkipsThreeWithTheReasonAndSkipsTheLaterSpecWhole() async throws {
        let fixtures = try SourceFile(Self.fixturesFile)
        let two = fixtures.line(of: "it(\"two\")", in: "func fiveExamples")
        let later = fixtures.line(of: "try spec(\"Later\")", in: "testBLaterSpec")
        let junit = FileManager.default.temporaryDirectory.appendingPathComponent("rundown-\(UUID().uuidString).xml")
        defer { try? FileManager.default.removeItem(at: junit) }
        let run = try await Self.runTests(
            ["RundownHostFixtures.FailFastFixtures"], ["RUNDOWN_FAIL_FAST": "1", "RUNDOWN_JUNIT": junit.path])
        #expect(run.status == 1, "the run stays failed")
        #expect(Self.ran(run) == Self.ranUntilTheFailure)
        #expect(
            run.lines.filter { $0.contains(": error: ") } == [
                "\(Self.fixturesFile):\(two): error: FailFastFixtures.testAFiveExamples : Five, two: FixtureError(disk full)"
            ])
        #expect(
            run.lines.filter { $0.hasPrefix("Rundown: ") } == [
                "Rundown: Five, three: skipped (\(Self.reason))",
                "Rundown: Five, four: skipped (\(Self.reason))",
                "Rundown: Five, five: skipped (\(Self.reason))",
            ])
        #expect(
            run.lines.contains(
                "\(Self.fixturesFile):\(later): FailFastFixtures.testBLaterSpec : Test skipped - Later: skipped (\(Self.reason))"
            ), "\(run.lines)")
        #expect(run.lines.contains("Test Case 'FailFastFixtures.testAFiveExamples' failed (TIME seconds)"))
        #expect(run.lines.contains("Test Case 'FailFastFixtures.testBLaterSpec' skipped (TIME seconds)"))

        // JUnit counts the three and the later spec's two as skipped, each with the reason.
        let document = try JUnitDocument(String(contentsOf: junit, encoding: .utf8))
        #expect(
            document.root["tests"] == "7" && document.root["failures"] == "1" && document.root["skipped"] == "5",
            "\(document.root)")
        #expect(
            document.cases.filter { !$0.skipped.isEmpty }.map(\.name) == [
                "Five, three", "Five, four", "Five, five", "Later, a", "Later, b",
            ])
        #expect(document.cases.flatMap(\.skipped).allSatisfy { $0 == Self.reason }, "\(document.cases)")
    }

    @Test func withoutTheSettingEveryExampleAndSpecRuns() async throws {
        let run = try await Self.runTests(["RundownHostFixtures.FailFastFixtures"], [:])
        #expect(run.status == 1)
        #expect(
            Self.ran(run) == [
                "beforeAll", "one", "afterEach", "two", "afterEach", "three", "afterEach", "four", "afterEach",
                "five", "afterEach", "afterAll", "later beforeAll", "later a", "later b",
            ])
        #expect(!run.lines.contains { $0.contains(Self.reason) })
    }

    // MARK: Swift Testing

    @Test func swiftTestingRunsTwoSkipsThreeWithTheReasonAndSkipsTheLaterSpecWhole() async throws {
        let fixtures = try SourceFile(Self.fixturesFile)
        let two = fixtures.position(of: "(\"two\")", in: "func fiveExamples")
        let run = try await Self.runTests(
            [
                "--testing-library", "swift-testing", "--filter",
                "RundownHostFixtures.FailFastSwiftTestingFixtures",
            ], ["RUNDOWN_FAIL_FAST": "1"])
        #expect(run.status == 1, "the run stays failed")
        #expect(Self.ran(run) == Self.ranUntilTheFailure)
        let events = HostOutput.events(run.lines)
        #expect(
            events.filter { $0.first?.contains(" recorded an issue") == true } == [
                [
                    "✘ Test twoSpecs() recorded an issue at FailFastFixtures.swift:\(two.line):\(two.column): Caught error: FixtureError(disk full)",
                    "↳ Five, two",
                ]
            ])
        let warnings = events.filter { $0.first?.contains(" recorded a warning") == true }.map { $0.dropFirst() }
        #expect(
            warnings.first.map(Array.init) == [
                "↳ Skipped:",
                "    Five, three: skipped (\(Self.reason))",
                "    Five, four: skipped (\(Self.reason))",
                "    Five, five: skipped (\(Self.reason))",
            ], "\(warnings)")
        #expect(warnings.dropFirst().first?.first == "↳ Later: skipped (\(Self.reason))", "\(warnings)")
    }

    // MARK: No host

    @Test func withNoHostTheFirstSpecThrowsItsFailureAndTheLaterSpecIsSkippedWhole() async throws {
        let binary = URL(fileURLWithPath: try #require(HostOutput.testBinary)).deletingLastPathComponent()
            .appendingPathComponent("RundownNoHostFixture")
        let run = try await Self.run(binary, ["fail-fast"], ["RUNDOWN_FAIL_FAST": "1"])
        #expect(run.status == 0)
        #expect(Self.ran(run) == ["one", "two", "afterAll"])
        #expect(
            run.lines.filter { $0.hasPrefix("thrown: ") || $0.hasPrefix("returned: ") || $0.hasPrefix("Rundown: ") }
                == [
                    "thrown: No host: five, two: two fails",
                    "Rundown: every example of 'No host: later' was skipped: No host: later: skipped (\(Self.reason))",
                    "returned: No host: later",
                ])
    }
}
#endif
