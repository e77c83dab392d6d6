#if os(Linux)
import Foundation
import RundownTestSupport
import Testing

/// Behaviour#A-failure-is-reported-once and Behaviour#Failures-point-at-your-code, black-box:
/// the fixtures of `ChannelFixtures.swift` run in a
/// child process of this test binary, and what a user reads is checked: each
/// failure reported once, on the test it belongs to, at the user's line, with
/// one path, and with the seed of a shuffled run.
@Suite(.enabled(if: HostOutput.testBinary != nil, "needs the SwiftPM test binary"))
struct ChannelOutputTests {
    static let file = "Tests/RundownHostFixtures/ChannelFixtures.swift"

    static func line(_ name: String) -> Int {
        SourceLine.marked(name, in: HostOutput.root + file)
    }

    /// Behaviour#A-failure-is-reported-once: Swift Testing hands an issue recorded where no test is
    /// current to every configuration; each `.specs` scope and async spec is
    /// one, and used to record it again (7 times here).
    @Test func anExpectInADetachedTaskIsReportedOnceWhileOtherSpecsRun() async throws {
        let run = try await HostOutput.run([
            "--testing-library", "swift-testing", "--filter", "RundownHostFixtures.DetachedIssueFixtures",
        ])
        #expect(run.status == 1)
        let recorded = run.lines.filter { $0.contains("recorded an issue") }
        #expect(
            recorded == [
                "✘ Test «unknown» recorded an issue at ChannelFixtures.swift:\(Self.line("detached expect")):31: Expectation failed: Bool(false)"
            ], "\(run.lines)")
        #expect(run.lines.filter { $0 == "↳ from a detached task" }.count == 1)
        #expect(run.lines.contains("✔ Test aSpecRunsMeanwhile(number:) with 3 test cases passed after TIME seconds."))
    }

    /// Behaviour#A-failure-is-reported-once, the other side:
    /// a `.specs` test's own issues are each reported once, on it.
    @Test func aSpecsTestKeepsItsOwnIssues() async throws {
        let run = try await HostOutput.run([
            "--testing-library", "swift-testing", "--filter", "RundownHostFixtures.SpecsTraitKeepsItsOwnIssuesFixtures",
        ])
        #expect(run.status == 1)
        let recorded = run.lines.filter { $0.contains("recorded an issue") }.map {
            $0.replacing(/\ at ChannelFixtures\.swift:\d+:\d+/, with: "")
        }
        #expect(
            recorded.sorted() == [
                "✘ Test expectsDirectly() recorded an issue: Expectation failed: Bool(false)",
                "✘ Test expectsInAChildTask() recorded an issue: Expectation failed: Bool(false)",
                "✘ Test throwsDirectly() recorded an issue: Caught error: FixtureError(disk full)",
            ])
    }

    /// Behaviour#Toolkit-checks-report-to-the-spec:
    /// a toolkit check in a detached task fails the run as `#expect` does (it used to go to
    /// standard error only, and the run passed).
    @Test func aToolkitCheckInADetachedTaskFailsTheRun() async throws {
        let run = try await HostOutput.run([
            "--testing-library", "swift-testing", "--filter", "RundownHostFixtures.DetachedToolkitCheckFixtures",
        ])
        #expect(run.status == 1)
        let recorded = run.lines.filter { $0.contains("recorded an issue") }
        #expect(recorded.count == 1, "\(run.lines)")
        #expect(recorded.first?.contains("ChannelFixtures.swift:\(Self.line("detached check")):") == true)
        #expect(
            run.lines.contains { $0.contains("Shared resource 'channel: alpha' was used by code outside any test") })
    }

    /// Behaviour#Errors-belong-to-their-path:
    /// the error an example throws inside an `aroundEach` carries the example's path only.
    @Test func anErrorInsideAnAroundEachHasTheExamplesPathOnly() async throws {
        let run = try await HostOutput.run([
            "--testing-library", "swift-testing", "--filter", "RundownHostFixtures.AroundEachPathFixtures",
        ])
        #expect(run.status == 1)
        let issue = HostOutput.events(run.lines).filter { $0[0].contains("recorded an issue") }
        #expect(
            issue == [
                [
                    "✘ Test throwsInsideAroundEach() recorded an issue at ChannelFixtures.swift:\(Self.line("around throws")):19: Caught error: FixtureError(disk full)",
                    "↳ Cart, with two items, throws on purpose",
                ]
            ])
    }

    /// Behaviour#Seeded-order:
    /// with `RUNDOWN_SEED`, `#expect`, `XCTAssert`, a toolkit check and a thrown error all carry the seed.
    @Test func everyKindOfFailureCarriesTheSeed() async throws {
        let run = try await HostOutput.run(
            ["--testing-library", "swift-testing", "--filter", "RundownHostFixtures.SeededFailureFixtures"],
            environment: ["RUNDOWN_SEED": "42"])
        #expect(run.status == 1)
        let issues = HostOutput.events(run.lines).filter { $0[0].contains("recorded an issue") }
        try #require(issues.count == 4, "\(run.lines)")
        for issue in issues {
            #expect(issue.contains { $0.contains("(seed 42)") }, "\(issue)")
        }
        let xctest = try await HostOutput.run(
            ["RundownHostFixtures.ChannelSeededXCTestFixtures"], environment: ["RUNDOWN_SEED": "42"])
        #expect(xctest.status == 1)
        #expect(
            xctest.lines.filter { $0.contains(" error: ") } == [
                "\(Self.file):\(Self.line("seeded xctassert")): error: ChannelSeededXCTestFixtures.testAssertCarriesTheSeed : Seeded, asserts: XCTAssertEqual failed: (\"1\") is not equal to (\"2\") (seed 42)"
            ])
    }

    /// Behaviour#Late-failures-name-their-example (XCTest): a task leaked by `testA` fails after `testA`
    /// ended, while `testB` runs: it is printed as late, naming `testA`'s
    /// example, and `testB` passes (it used to fail `testB`); an `#expect` in
    /// a detached task of a `Rundown.TestCase` fails that test at the user's
    /// line (it used to be reported at a line of Rundown's own sources).
    @Test func aLateFailureFailsNoOtherTestAndADetachedExpectIsAtItsLine() async throws {
        let run = try await HostOutput.run(["RundownHostFixtures.ChannelXCTestFixtures"])
        let file = Self.file
        #expect(run.status == 1)
        #expect(
            run.lines.filter { !$0.contains(" started at ") } == [
                "Test Case 'ChannelXCTestFixtures.testA_LeaksATask' passed (TIME seconds)",
                "\(file):\(Self.line("leaked xctfail")): error: ChannelXCTestFixtures.testA_LeaksATask : Leaks, starts a task: failed - too late (late: after 'Leaks, starts a task' had finished, from a task it started) (the test had ended; XCTest can no longer fail it)",
                "\(file):\(Self.line("leaked expect")): error: ChannelXCTestFixtures.testA_LeaksATask : Leaks, starts a task: Expectation failed: Bool(false) - too late too (late: after 'Leaks, starts a task' had finished, from a task it started) (the test had ended; XCTest can no longer fail it)",
                "Test Case 'ChannelXCTestFixtures.testB_IsInnocent' passed (TIME seconds)",
                "\(file):\(Self.line("xctest detached expect")): error: ChannelXCTestFixtures.testC_ExpectInADetachedTask : Expectation failed: Bool(false) - detached",
                "Test Case 'ChannelXCTestFixtures.testC_ExpectInADetachedTask' failed (TIME seconds)",
                "Test Suite 'ChannelXCTestFixtures' failed at DATE",
                "\t Executed 3 tests, with 1 failure (0 unexpected) in TIME (TIME) seconds",
                "Test Suite 'Selected tests' failed at DATE",
                "\t Executed 3 tests, with 1 failure (0 unexpected) in TIME (TIME) seconds",
            ])
    }

    /// Behaviour#Late-failures-name-their-example for a plain `XCTestCase`:
    /// the late failure is printed, and `testB` passes.
    // reaches: XCTestWarning.failedAfterSpecEnded
    @Test func aLateFailureOfAPlainXCTestCaseFailsNoOtherTest() async throws {
        let run = try await HostOutput.run(["RundownHostFixtures.ChannelPlainXCTestFixtures"])
        #expect(run.status == 0)
        #expect(
            run.lines.filter { !$0.contains(" started at ") } == [
                "Test Case 'ChannelPlainXCTestFixtures.testA_LeaksATask' passed (TIME seconds)",
                "\(Self.file):\(Self.line("plain leaked expect")): error: Plain leaks, starts a task: Expectation failed: Bool(false) - too late (late: after 'Plain leaks, starts a task' had finished, from a task it started) (its spec had ended; XCTest may be running another test, which it must not fail)",
                "Test Case 'ChannelPlainXCTestFixtures.testB_IsInnocent' passed (TIME seconds)",
                "Test Suite 'ChannelPlainXCTestFixtures' passed at DATE",
                "\t Executed 2 tests, with 0 failures (0 unexpected) in TIME (TIME) seconds",
                "Test Suite 'Selected tests' passed at DATE",
                "\t Executed 2 tests, with 0 failures (0 unexpected) in TIME (TIME) seconds",
            ])
    }
}
#endif
