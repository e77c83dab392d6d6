#if os(Linux)
import Foundation
import RundownTestSupport
import Testing

/// Behaviour#Repeated-examples and Behaviour#Retried-examples, black-box:
/// retried and repeated examples as a user's run of
/// `swift test` shows them (`FlakyFixtures.swift`, in child processes of this
/// test binary), and a filter file that cannot be read. (The failures file
/// written by both frameworks' processes and read back by
/// `RUNDOWN_FILTER=@file` is `FailuresFileOutputTests`'.)
@Suite(.serialized, .enabled(if: HostOutput.testBinary != nil, "needs the SwiftPM test binary"))
struct FlakyOutputTests {
    static let file = "Tests/RundownHostFixtures/FlakyFixtures.swift"

    static func line(_ name: String) -> Int {
        SourceLine.marked(name, in: HostOutput.root + file)
    }

    static func swiftTesting(_ suite: String, _ environment: [String: String] = [:]) async throws -> HostOutput.Run {
        try await HostOutput.run(
            ["--testing-library", "swift-testing", "--filter", "RundownHostFixtures.\(suite)"],
            environment: environment.merging(["RUNDOWN_SEED": "", "RUNDOWN_REPEAT": "", "RUNDOWN_RETRIES": ""]) {
                a, _ in a
            }
        )
    }

    // reaches: SwiftTestingWarning.earlierAttemptFailed
    @Test func swiftTestingPassesAFlakyExampleWithAWarningForEachEarlierAttempt() async throws {
        let run = try await Self.swiftTesting("FlakySwiftTestingFixtures")
        #expect(run.status == 0, "\(run.lines)")
        #expect(!run.lines.contains { $0.contains("recorded an issue") }, "\(run.lines)")
        let warnings = HostOutput.events(run.lines).filter { $0[0].contains("recorded a warning") }
        for (spec, mark) in [("Sync", "sync expect"), ("Plain", "plain expect"), ("Async", "async expect")] {
            let mine = warnings.filter { $0.count > 1 && $0[1].hasPrefix("↳ \(spec), answers: flaky") }
            try #require(mine.count == 2, "\(spec): \(warnings)")
            #expect(mine[0][0].contains("at FlakyFixtures.swift:\(Self.line(mark)):"), "\(mine[0])")
            #expect(
                mine[0][1]
                    == "↳ \(spec), answers: flaky: passed on attempt 3 of 3; before, it failed: Expectation failed: (CallCount.next(\"\(spec.lowercased())\") → 1) == 3 (attempt 1 of 3)"
            )
            #expect(mine[1][1].hasSuffix("→ 2) == 3 (attempt 2 of 3)"))
            #expect(run.lines.contains("Rundown: '\(spec)': 1 example flaky: \(spec), answers"))
        }
        // Without the trait, a synchronous spec's held issues are known issues, which fail nothing.
        #expect(
            run.lines.contains {
                $0.hasPrefix(
                    "━ Test synchronousWithoutTheTrait() passed after TIME seconds with 3 warnings and 2 known issues")
            })
        #expect(run.lines.contains("✔ Test synchronousWithTheTrait() passed after TIME seconds with 2 warnings."))
        #expect(run.lines.contains("✔ Test asynchronous() passed after TIME seconds with 2 warnings."))
        // `#require` throws after recording its issue: the held issue is the report, once per attempt.
        let required = warnings.filter { $0.count > 1 && $0[1].hasPrefix("↳ Require, answers: flaky") }
        #expect(required.count == 2, "\(warnings)")
        #expect(required.first?[0].contains("at FlakyFixtures.swift:\(Self.line("require")):") == true)
        #expect(run.lines.contains("✔ Test requires() passed after TIME seconds with 2 warnings."))
    }

    @Test func swiftTestingFailsEveryAttemptAndNamesTheFailingRepetition() async throws {
        let run = try await Self.swiftTesting("FailingSwiftTestingFixtures")
        #expect(run.status == 1)
        let issues = HostOutput.events(run.lines).filter { $0[0].contains("recorded an issue") }
        let broken = issues.filter { $0[0].contains("alwaysFails()") }
        try #require(broken.count == 3, "\(issues)")
        for issue in broken {
            #expect(issue[0].contains("at FlakyFixtures.swift:\(Self.line("broken expect")):"), "\(issue)")
        }
        // Each attempt's issue, recorded by the walk when the example has ended, in order, alike.
        #expect(
            broken.map { $0.dropFirst().joined(separator: "\n") }
                == (1...3).map {
                    "↳ Broken, never answers: Expectation failed: (call → \($0)) == 0 - call \($0) (attempt \($0) of 3)"
                })
        let repeated = issues.filter { $0[0].contains("failsItsThirdRepetition()") }
        try #require(repeated.count == 1, "\(issues)")
        #expect(
            repeated[0] == [
                "✘ Test failsItsThirdRepetition() recorded an issue at FlakyFixtures.swift:\(Self.line("repeated expect")):17: Expectation failed: (CallCount.next(\"repeated\") → 3) != 3",
                "↳ Repeated, evicts",
                "↳ (repetition 3 of 5)",
            ])
    }

    @Test func aRundownTestCasePassesAFlakyExampleAndPrintsItsEarlierFailures() async throws {
        let run = try await HostOutput.run(["RundownHostFixtures.FlakyXCTestFixtures"])
        let line = Self.line("xc assert")
        let file = Self.file
        #expect(run.status == 1)
        #expect(
            run.lines.filter { !$0.contains(" started at ") } == [
                "\(file):\(Self.line("xc throw")): error: FlakyXCTestFixtures.testAlwaysFails : XC broken, never answers: FixtureError(disk full) (attempt 1 of 2)",
                "\(file):\(Self.line("xc throw")): error: FlakyXCTestFixtures.testAlwaysFails : XC broken, never answers: FixtureError(disk full) (attempt 2 of 2)",
                "Test Case 'FlakyXCTestFixtures.testAlwaysFails' failed (TIME seconds)",
                "beforeEach", "beforeEach", "beforeEach",
                "Rundown: warning: XC, answers: flaky: passed on attempt 3 of 3",
                "  \(file):\(line): XC, answers: XCTAssertEqual failed: (\"1\") is not equal to (\"3\") (attempt 1 of 3)",
                "  \(file):\(line): XC, answers: XCTAssertEqual failed: (\"2\") is not equal to (\"3\") (attempt 2 of 3)",
                "Rundown: 'XC': 1 example flaky: XC, answers",
                "Test Case 'FlakyXCTestFixtures.testPassesOnItsThirdAttempt' passed (TIME seconds)",
                "Test Suite 'FlakyXCTestFixtures' failed at DATE",
                "\t Executed 2 tests, with 2 failures (0 unexpected) in TIME (TIME) seconds",
                "Test Suite 'Selected tests' failed at DATE",
                "\t Executed 2 tests, with 2 failures (0 unexpected) in TIME (TIME) seconds",
            ])
    }

    /// What the documentation says: XCTest records an `XCTAssert` of a plain
    /// `XCTestCase` itself, so a retry cannot take it back.
    @Test func aPlainXCTestCaseFailsOnAnAssertionARetryMadeFlaky() async throws {
        let run = try await HostOutput.run(["RundownHostFixtures.FlakyPlainXCTestFixtures"])
        #expect(run.status == 1)
        #expect(run.lines.contains("Rundown: warning: Plain XC, answers: flaky: passed on attempt 2 of 2"))
        #expect(
            run.lines.contains(
                "Test Case 'FlakyPlainXCTestFixtures.testPassesOnItsSecondAttempt' failed (TIME seconds)"))
    }

    @Test func withNoFrameworkAFlakyExampleIsAWarningAndSpecReturns() async throws {
        let file = "Tests/RundownNoHostFixture/main.swift"
        let line = SourceLine.marked("flaky expect", in: HostOutput.root + file)
        let run = try await HostOutput.runNoHostFixture(["flaky"])
        #expect(run.status == 0)
        #expect(
            run.lines == [
                "Rundown: warning: No host: flaky, answers: flaky: passed on attempt 2 of 3",
                "  \(file):\(line): No host: flaky, answers: Expectation failed: (calls → 1) == 2 (attempt 1 of 3)",
                "Rundown: 'No host: flaky': 1 example flaky: No host: flaky, answers",
                "returned normally",
            ])
    }

    /// Contract section 13: a task of a failed attempt that fails while the
    /// next attempt runs is that attempt's late failure, a warning once the
    /// next attempt passes; no third attempt runs, and the spec returns.
    @Test func withNoFrameworkALateFailureOfAFailedAttemptFailsNoLaterAttempt() async throws {
        let file = "Tests/RundownNoHostFixture/main.swift"
        func line(_ name: String) -> Int { SourceLine.marked(name, in: HostOutput.root + file) }
        let run = try await HostOutput.runNoHostFixture(["late-attempt"])
        #expect(run.status == 0, "\(run.lines)")
        #expect(
            run.lines == [
                "ran: attempt 1",
                "ran: attempt 2",
                "Rundown: warning: No host: late attempt, retries: flaky: passed on attempt 2 of 3",
                "  \(file):\(line("late attempt example")): No host: late attempt, retries: Failed() (attempt 1 of 3)",
                "  \(file):\(line("late attempt")): No host: late attempt, retries: Expectation failed: Bool(false) - late "
                    + "(late: after 'No host: late attempt, retries' had finished attempt 1 of 3, from a task it started)",
                "Rundown: 'No host: late attempt': 1 example flaky: No host: late attempt, retries",
                "returned normally",
            ])
    }

    @Test func withNoFrameworkEveryAttemptsFailureIsReportedAndSpecThrows() async throws {
        let file = "Tests/RundownNoHostFixture/main.swift"
        let line = SourceLine.marked("broken expect", in: HostOutput.root + file)
        let run = try await HostOutput.runNoHostFixture(["retries-fail"])
        #expect(run.status == 1)
        #expect(
            run.lines.sorted() == [
                "\(file):\(line): error: No host: broken, never answers: Expectation failed: (calls → 2) == 0 (attempt 2 of 2)",
                "thrown: No host: broken, never answers: Expectation failed: (calls → 1) == 0 (attempt 1 of 2) (+1 more)",
            ])
    }

    @Test func untilFailureStopsAtTheFailingRepetitionAndSaysHowToReplayIt() async throws {
        let run = try await HostOutput.run(
            ["RundownHostFixtures.UntilFailureXCTestFixtures"],
            environment: ["RUNDOWN_REPEAT": "until-failure", "RUNDOWN_SEED": "7"])
        let line = Self.line("until failure")
        #expect(run.status == 1)
        #expect(
            run.lines.filter { $0.contains("error: ") || $0.hasPrefix("Rundown: warning") } == [
                "\(Self.file):\(line): error: UntilFailureXCTestFixtures.testFailsOnItsFourthCall : Sometimes, fails: FixtureError(disk full) (repetition 4 (until-failure)) (seed 7)",
                "Rundown: warning: Sometimes, fails: until-failure stopped at the first failure, on repetition 4 (seed 7)",
            ])
    }

    @Test func aMissingFilterFileIsAWarningNamingTheValidForms() async throws {
        let run = try await HostOutput.run(
            ["RundownHostFixtures.RerunXCTestFixtures"],
            // A warning, not a failure, even where this suite runs under CI (Behaviour#Settings-not-understood-fail-on-CI).
            environment: ["RUNDOWN_FILTER": "@/no/such/failed.txt", "FLAKY_FIXED": "1", "RUNDOWN_STRICT": "0"])
        #expect(run.status == 0)
        #expect(
            run.lines.contains(
                "warning: Rundown: RUNDOWN_FILTER=@/no/such/failed.txt: the file cannot be read (no such file), and every example runs; valid forms: RUNDOWN_FILTER=pattern, RUNDOWN_FILTER=pattern|pattern|…, RUNDOWN_FILTER=@file (a file of example paths, one a line, as RUNDOWN_FAILURES writes them), RUNDOWN_FILTER=File.swift:42 (the element declared on that line of that file, or the nearest one above it), entries mixed as RUNDOWN_FILTER=entry|entry|…"
            ))
        #expect(run.lines.filter { $0.hasPrefix("ran: ") }.count == 2)
    }
}
#endif
