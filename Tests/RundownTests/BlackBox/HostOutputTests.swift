#if os(Linux)
import Foundation
import RundownTestSupport
import Testing

/// Behaviour#Failures-reach-the-running-framework, black-box: runs the fixtures of `RundownHostFixtures` (which fail
/// on purpose) in a child process of this very test binary and checks the
/// lines a user reads in `swift test`: message, path, file, line, counts and
/// skips, exactly, once timings, dates and the checkout's directory are taken out.
///
/// Fixture positions are looked up in the fixtures' source, so that editing
/// them moves the expected lines along; what is printed there is what is pinned.
@Suite(.enabled(if: HostOutput.testBinary != nil, "needs the SwiftPM test binary"))
struct HostOutputTests {
    // reaches: XCTestWarning.skipped
    @Test func xcTestPrintsEachFailureOnceWithItsPathAtItsLine() async throws {
        let fixtures = try SourceFile("Tests/RundownHostFixtures/XCTestHostFixtures.swift")
        let file = fixtures.path
        let run = try await HostOutput.run(["RundownHostFixtures.XCTestHostFixtures"])

        #expect(run.status == 1)
        #expect(
            run.lines.filter { !$0.contains(" started at ") } == [
                "\(file):\(fixtures.line(of: "it(\"opens\")", in: "testASkippedSpecDoesNotHideWhatFollows")): error: XCTestHostFixtures.testASkippedSpecDoesNotHideWhatFollows : Till, opens: FixtureError(disk full)",
                "Test Case 'XCTestHostFixtures.testASkippedSpecDoesNotHideWhatFollows' failed (TIME seconds)",
                "\(file):\(fixtures.line(of: "XCTAssertEqual(1, 2)", in: "testAssertEqualFails")): error: XCTestHostFixtures.testAssertEqualFails : Cart, with one item, counts it: XCTAssertEqual failed: (\"1\") is not equal to (\"2\")",
                "Test Case 'XCTestHostFixtures.testAssertEqualFails' failed (TIME seconds)",
                "\(file):\(fixtures.line(of: "it(\"writes to disk\")", in: "testErrorIsThrown")): error: XCTestHostFixtures.testErrorIsThrown : Cart, when saving, writes to disk: FixtureError(disk full)",
                "Test Case 'XCTestHostFixtures.testErrorIsThrown' failed (TIME seconds)",
                // The skip is reported when the test ends, at the line of the spec that skipped everything.
                "\(file):\(fixtures.line(of: "try spec(\"Cart\")", in: "testEverythingSkipped")): XCTestHostFixtures.testEverythingSkipped : Test skipped - Cart: skipped (no database)",
                "Test Case 'XCTestHostFixtures.testEverythingSkipped' skipped (TIME seconds)",
                "\(file):\(fixtures.line(of: "#expect(1 + 1 == 3)", in: "testExpectFails")): error: XCTestHostFixtures.testExpectFails : Cart, expects: Expectation failed: (1 + 1 → 2) == 3",
                "Test Case 'XCTestHostFixtures.testExpectFails' failed (TIME seconds)",
                "Rundown: Cart, saves: skipped (no database)",
                "Test Case 'XCTestHostFixtures.testPartlySkipped' passed (TIME seconds)",
                // `#require` records its issue once; the error it throws is not reported again.
                "\(file):\(fixtures.line(of: "try #require(1 + 1 == 3)", in: "testRequireFails")): error: XCTestHostFixtures.testRequireFails : Cart, requires: Expectation failed: (1 + 1 → 2) == 3",
                "Test Case 'XCTestHostFixtures.testRequireFails' failed (TIME seconds)",
                "Test Suite 'XCTestHostFixtures' failed at DATE",
                "\t Executed 7 tests, with 1 test skipped and 5 failures (0 unexpected) in TIME (TIME) seconds",
                "Test Suite 'Selected tests' failed at DATE",
                "\t Executed 7 tests, with 1 test skipped and 5 failures (0 unexpected) in TIME (TIME) seconds",
            ])
    }

    /// Behaviour#Late-failures-name-their-example and Behaviour#Mistakes-never-crash:
    /// a task started by an example that fails after its
    /// test returned is reported, and the process goes on (corelibs XCTest
    /// would stop it with "already been stopped").
    // reaches: XCTestWarning.failedAfterTestEnded
    @Test func aFailureFromATaskThatOutlivedItsTestIsPrintedNotACrash() async throws {
        let fixtures = try SourceFile("Tests/RundownHostFixtures/XCTestHostFixtures.swift")
        let file = fixtures.path
        let run = try await HostOutput.run(["RundownHostFixtures.LeakedTaskFixtures"])

        #expect(run.status == 0)
        #expect(
            run.lines.filter { !$0.contains(" started at ") } == [
                "Test Case 'LeakedTaskFixtures.testALeakedTaskFailsAfterTheTestReturned' passed (TIME seconds)",
                "\(file):\(fixtures.line(of: "#expect(Bool(false), \"too late\")", in: "testALeakedTaskFailsAfterTheTestReturned")): error: LeakedTaskFixtures.testALeakedTaskFailsAfterTheTestReturned : Sync, leaks a task: Expectation failed: Bool(false) - too late (late: after 'Sync, leaks a task' had finished, from a task it started) (the test had ended; XCTest can no longer fail it)",
                "Test Case 'LeakedTaskFixtures.testZWaitsForTheLeakedTask' passed (TIME seconds)",
                "Test Suite 'LeakedTaskFixtures' passed at DATE",
                "\t Executed 2 tests, with 0 failures (0 unexpected) in TIME (TIME) seconds",
                "Test Suite 'Selected tests' passed at DATE",
                "\t Executed 2 tests, with 0 failures (0 unexpected) in TIME (TIME) seconds",
            ])
    }

    /// Behaviour#Failures-with-no-host: with no test running, `spec` runs everything, throws its
    /// first failure and prints each other one at its element's line.
    /// (In a child process, so that the printed failure is checked here and
    /// does not show up in this run's own output as an error.)
    // reaches: RundownWarning.failure
    @Test func aSpecOutsideAnyTestThrowsItsFirstFailureAndPrintsTheOthers() async throws {
        let file = "Tests/RundownHostFixtures/CallerHostFixtures.swift"
        let line = SourceLine.marked("b", in: HostOutput.root + file)
        let run = try await HostOutput.run([
            "--testing-library", "swift-testing", "--filter", "RundownHostFixtures.CallerHostFixtures",
        ])

        #expect(run.status == 0)
        // Standard output and standard error reach the pipe in no fixed order.
        #expect(run.lines.filter { $0.hasPrefix("ran: ") } == ["ran: a", "ran: b", "ran: afterAll"])
        #expect(
            run.lines.filter { $0.contains(" error: ") || $0.hasPrefix("thrown: ") }.sorted() == [
                "\(file):\(line): error: Detached, b: FixtureError(disk full)",
                "thrown: Detached, a: FixtureError(disk full) (+1 more)",
            ])
    }

    /// Behaviour#Failures-with-no-host: a program that no test framework
    /// drives runs a spec whose failures are an `#expect`, an `XCTAssert`, a
    /// toolkit check and a `#require`: everything runs, the first failure is
    /// thrown with how many more there were, each other one is printed once
    /// at its own line, and `#require` counts once.
    @Test func withNoHostAssertionsAndChecksAreThrownAndPrintedLikeErrors() async throws {
        let file = "Tests/RundownNoHostFixture/main.swift"
        func line(_ name: String) -> Int { SourceLine.marked(name, in: HostOutput.root + file) }
        let run = try await HostOutput.runNoHostFixture(["assertions"])

        #expect(run.status == 1)
        #expect(
            run.lines.filter { $0.hasPrefix("ran: ") } == [
                "ran: expects", "ran: asserts", "ran: checks", "ran: requires", "ran: passes",
            ])
        #expect(
            run.lines.filter { $0.hasPrefix("thrown: ") } == [
                "thrown: No host, expects: Expectation failed: 1 == 2 (+3 more)"
            ])
        let printed = run.lines.filter { $0.contains(" error: ") }.sorted()
        try #require(printed.count == 3, "\(run.lines)")
        #expect(
            printed[0]
                == "\(file):\(line("assert")): error: No host, asserts: XCTAssertEqual failed: (\"1\") is not equal to (\"2\")"
        )
        #expect(
            printed[1].hasPrefix("\(file):\(line("check")): error: No host, checks: Shared resource 'no host: alpha'"))
        #expect(printed[2] == "\(file):\(line("require")): error: No host, requires: Expectation failed: Bool(false)")
        #expect(!run.lines.contains("returned normally"))
    }

    /// Behaviour#Late-failures-name-their-example: a failure from a task that outlived its spec is printed as
    /// late, naming the example that started the task; the spec had returned.
    @Test func withNoHostALateFailureIsPrintedAsLate() async throws {
        let file = "Tests/RundownNoHostFixture/main.swift"
        let line = SourceLine.marked("late", in: HostOutput.root + file)
        let run = try await HostOutput.runNoHostFixture(["late"])
        #expect(run.status == 0)
        #expect(
            run.lines.sorted() == [
                "\(file):\(line): error: No host: late, leaks a task: Expectation failed: Bool(false) - too late (late: after 'No host: late, leaks a task' had finished, from a task it started)",
                "returned normally",
                "spec returned",
            ])
    }

    /// Contract section 6 with no host: a `#require` after an `aroundEach`
    /// body and one in a group's cleanup are each thrown or printed once, on
    /// the path of the closure that ran them and at their line.
    @Test func withNoHostARequireAroundABodyOrInAGroupsCleanupIsOneFailure() async throws {
        let file = "Tests/RundownNoHostFixture/main.swift"
        func line(_ name: String) -> Int { SourceLine.marked(name, in: HostOutput.root + file) }
        let run = try await HostOutput.runNoHostFixture(["running-closure"])

        #expect(run.status == 1)
        #expect(run.lines.filter { $0.hasPrefix("ran: ") } == ["ran: wrapped", "ran: grouped"])
        #expect(
            run.lines.filter { $0.hasPrefix("thrown: ") } == [
                "thrown: No host: running closure, wrapped, runs, wrap: Expectation failed: Bool(false) - after the body (+1 more)"
            ])
        #expect(
            run.lines.filter { $0.contains(" error: ") } == [
                "\(file):\(line("group cleanup require")): error: No host: running closure, grouped, beforeAll: "
                    + "Expectation failed: Bool(false) - in a cleanup"
            ])
        #expect(!run.lines.contains("returned normally"))
    }

    /// Behaviour#Failures-with-no-host: `XCTAssert`s in the very first closure
    /// a program runs, in a synchronous or an asynchronous spec, are neither
    /// lost nor late: the first is thrown, the second printed at its line.
    @Test(arguments: [("first-assertion", ""), ("first-assertion-async", "async ")])
    func withNoHostAnAssertionInTheFirstExampleOfTheProcessIsThrown(scenario: String, marks: String) async throws {
        let file = "Tests/RundownNoHostFixture/main.swift"
        let failLine = SourceLine.marked("first \(marks)fail", in: HostOutput.root + file)
        let run = try await HostOutput.runNoHostFixture([scenario])

        #expect(run.status == 1)
        #expect(
            run.lines.filter { $0.hasPrefix("thrown: ") } == [
                #"thrown: No host: first, asserts at once: XCTAssertEqual failed: ("1") is not equal to ("2") (+1 more)"#
            ])
        #expect(
            run.lines.filter { $0.contains(" error: ") } == [
                "\(file):\(failLine): error: No host: first, asserts at once: failed - again"
            ])
        #expect(!run.lines.contains("returned normally"))
    }

    @Test func withNoHostAPassingSpecReturnsNormally() async throws {
        let run = try await HostOutput.runNoHostFixture(["passing"])
        #expect(run.status == 0)
        #expect(run.lines == ["returned normally"])
    }

    @Test func aPlainXCTestCaseRecordsEachFailureAtTheSpecsLineNamingTheElementsOwn() async throws {
        let fixtures = try SourceFile("Tests/RundownHostFixtures/XCTestHostFixtures.swift")
        let file = fixtures.path
        let specLine = fixtures.line(of: "try spec(\"Cart\")", in: "testEachFailureIsRecorded")
        let run = try await HostOutput.run(["RundownHostFixtures.PlainXCTestCaseFixtures"])

        #expect(run.status == 1)
        #expect(
            run.lines.filter { !$0.contains(" started at ") } == [
                "\(file):\(specLine): error: PlainXCTestCaseFixtures.testEachFailureIsRecorded : failed - Cart, writes to disk: FixtureError(disk full) (XCTestHostFixtures.swift:\(fixtures.line(of: "it(\"writes to disk\")", in: "testEachFailureIsRecorded")))",
                "\(file):\(specLine): error: PlainXCTestCaseFixtures.testEachFailureIsRecorded : failed - Cart, expects: Expectation failed: (1 + 1 → 2) == 3 (XCTestHostFixtures.swift:\(fixtures.line(of: "#expect(1 + 1 == 3)", in: "testEachFailureIsRecorded")))",
                "Test Case 'PlainXCTestCaseFixtures.testEachFailureIsRecorded' failed (TIME seconds)",
                "Test Suite 'PlainXCTestCaseFixtures' failed at DATE",
                "\t Executed 1 test, with 2 failures (0 unexpected) in TIME (TIME) seconds",
                "Test Suite 'Selected tests' failed at DATE",
                "\t Executed 1 test, with 2 failures (0 unexpected) in TIME (TIME) seconds",
            ])
    }

    @Test func swiftTestingPrintsEachIssueOnceWithItsPathAtItsLocation() async throws {
        let fixtures = try SourceFile("Tests/RundownHostFixtures/SwiftTestingHostFixtures.swift")
        let file = "SwiftTestingHostFixtures.swift"
        func at(_ snippet: String, in test: String) -> String {
            let (line, column) = fixtures.position(of: snippet, in: test)
            return "\(file):\(line):\(column)"
        }
        func atLine(_ snippet: String, in test: String) -> String {
            "\(file):\(fixtures.line(of: snippet, in: test)):1"
        }
        let run = try await HostOutput.run([
            "--testing-library", "swift-testing", "--filter", "RundownHostFixtures.SwiftTestingHostFixtures",
        ])

        #expect(run.status == 1)
        // Tests run in parallel: each event is compared with its continuation
        // lines, in sorted order; events of tests starting are left out.
        let events = HostOutput.events(run.lines).filter { !$0[0].hasSuffix(" started.") }
        #expect(
            events.sorted { $0.joined() < $1.joined() } == [
                [
                    "⚠︎ Test everythingSkippedWithoutTheTrait() recorded a warning at \(at("(\"Cart\")", in: "everythingSkippedWithoutTheTrait")): Issue recorded",
                    "↳ Cart, saves: skipped (no database)",
                    "  Every example of 'Cart' was skipped; the test goes on. Give the test the '.specs' trait to report it as skipped when nothing else in it runs.",
                ],
                [
                    "⚠︎ Test partlySkipped() recorded a warning at \(at("(\"Cart\")", in: "partlySkipped")): Issue recorded",
                    "↳ Skipped:", "    Cart, saves: skipped (no database)",
                ],
                ["✔ Test everythingSkippedWithoutTheTrait() passed after TIME seconds with 1 warning."],
                ["✔ Test partlySkipped() passed after TIME seconds with 1 warning."],
                [
                    "✘ Suite SwiftTestingHostFixtures failed after TIME seconds with 10 issues (including 2 warnings)."
                ],
                ["✘ Test aSkippedSpecDoesNotHideWhatFollows() failed after TIME seconds with 1 issue."],
                [
                    "✘ Test aSkippedSpecDoesNotHideWhatFollows() recorded an issue at \(at("(\"opens\")", in: "aSkippedSpecDoesNotHideWhatFollows")): Caught error: FixtureError(disk full)",
                    "↳ Till, opens",
                ],
                ["✘ Test errorIsThrown() failed after TIME seconds with 1 issue."],
                [
                    "✘ Test errorIsThrown() recorded an issue at \(at("(\"writes to disk\")", in: "errorIsThrown")): Caught error: FixtureError(disk full)",
                    "↳ Cart, when saving, writes to disk",
                ],
                ["✘ Test expectFails() failed after TIME seconds with 1 issue."],
                [
                    "✘ Test expectFails() recorded an issue at \(at("#expect(1 + 1 == 3)", in: "expectFails()")): Expectation failed: (1 + 1 → 2) == 3",
                    "↳ Cart, with one item, counts it",
                ],
                ["✘ Test expectFailsInASynchronousSpec() failed after TIME seconds with 1 issue."],
                [
                    "✘ Test expectFailsInASynchronousSpec() recorded an issue at \(at("#expect(1 + 1 == 3)", in: "expectFailsInASynchronousSpec")): Expectation failed: (1 + 1 → 2) == 3",
                    "↳ Cart, counts it",
                ],
                ["✘ Test requireFails() failed after TIME seconds with 1 issue."],
                [
                    "✘ Test requireFails() recorded an issue at \(at("#require(1 + 1 == 3)", in: "requireFails")): Expectation failed: (1 + 1 → 2) == 3",
                    "↳ Cart, requires",
                ],
                [
                    "✘ Test run with 10 tests in 1 suite failed after TIME seconds with 10 issues (including 2 warnings)."
                ],
                ["✘ Test xctAssertionsFail() failed after TIME seconds with 2 issues."],
                [
                    "✘ Test xctAssertionsFail() recorded an issue at \(atLine("XCTAssertEqual(1, 2)", in: "xctAssertionsFail()")): Issue recorded",
                    "↳ Cart, compares: XCTAssertEqual failed: (\"1\") is not equal to (\"2\")",
                ],
                [
                    "✘ Test xctAssertionsFail() recorded an issue at \(atLine("XCTFail(\"out of stock\")", in: "xctAssertionsFail()")): Issue recorded",
                    "↳ Cart, gives up: failed - out of stock",
                ],
                ["✘ Test xctAssertionsFailInAnAsyncSpec() failed after TIME seconds with 1 issue."],
                [
                    "✘ Test xctAssertionsFailInAnAsyncSpec() recorded an issue at \(atLine("XCTAssertEqual(1, 2)", in: "xctAssertionsFailInAnAsyncSpec")): Issue recorded",
                    "↳ Cart, compares: XCTAssertEqual failed: (\"1\") is not equal to (\"2\")",
                ],
                // With the `.specs` trait, a test whose spec skipped everything is cancelled when it ends.
                ["➜ Test everythingSkipped() was cancelled after TIME seconds: \"Cart: skipped (no database)\""],
            ])
    }
}

/// Runs this test binary again, on the fixtures, and reads what it printed.
enum HostOutput {
    /// The SwiftPM test binary running now, if this is one.
    static let testBinary: String? = {
        guard let path = CommandLine.arguments.first, path.hasSuffix(".xctest"),
            FileManager.default.isExecutableFile(atPath: path)
        else {
            return nil
        }
        return path
    }()

    /// The checkout this file is in, with a trailing `/`; it is taken out of
    /// the output, as a reader's eye does.
    static let root = PackageRoot.of().path + "/"

    struct Run {
        var status: Int32
        /// Standard output and error, normalised (see ``normalise(_:)``).
        var lines: [String]
    }

    static func run(_ arguments: [String], environment extra: [String: String] = [:]) async throws -> Run {
        var environment = ProcessInfo.processInfo.environment.merging(extra) { $1 }
        environment["RUNDOWN_FIXTURES"] = "1"
        environment["RUNDOWN_REPORT"] = nil
        environment["NO_COLOR"] = "1"
        let run = try await ChildProcess.run(
            URL(fileURLWithPath: try #require(testBinary)), arguments, environment: environment)
        return Run(status: run.status, lines: try await lines(of: run.output))
    }

    /// Runs `RundownNoHostFixture`, the program built beside this test binary.
    static func runNoHostFixture(_ arguments: [String]) async throws -> Run {
        let binary = URL(fileURLWithPath: try #require(testBinary)).deletingLastPathComponent()
            .appendingPathComponent("RundownNoHostFixture")
        var environment = ProcessInfo.processInfo.environment
        environment["RUNDOWN_REPORT"] = nil
        environment["RUNDOWN_SEED"] = nil
        let run = try await ChildProcess.run(binary, arguments, environment: environment)
        return Run(status: run.status, lines: try await lines(of: run.output))
    }

    /// The lines of a child's `output`, each normalised, then passed through `then`. On a thread of its
    /// own: the regular expressions take seconds over a whole test run's output on a busy machine, which on
    /// a cooperative thread would stall every other test of the process.
    static func lines(
        of output: String, then: @escaping @Sendable (String) -> String = { $0 }
    ) async throws -> [String] {
        try await onOwnThread { output.split(separator: "\n").map { then(normalise(String($0))) } }
    }

    /// Takes out what changes from run to run or machine to machine: colours,
    /// the checkout's directory, durations, dates, trailing spaces.
    static func normalise(_ line: String) -> String {
        var line = line.replacing(/\u{1B}\[[0-9;]*m/, with: "")
        line = line.replacing(root, with: "")
        line = line.replacing(/\d+\.\d+ \(\d+\.\d+\) seconds/, with: "TIME (TIME) seconds")
        line = line.replacing(/\d+(\.\d+)? seconds/, with: "TIME seconds")
        line = line.replacing(/\d{4}-\d\d-\d\d \d\d:\d\d:\d\d\.\d+/, with: "DATE")
        while line.last == " " { line.removeLast() }
        return line
    }

    /// Swift Testing's output as events: a line, with the `↳` and indented
    /// lines that continue it.
    static func events(_ lines: [String]) -> [[String]] {
        var events: [[String]] = []
        for line in lines {
            if line.hasPrefix("↳") || line.hasPrefix(" "), !events.isEmpty {
                events[events.count - 1].append(line)
            } else {
                events.append([line])
            }
        }
        return events
    }
}

/// A source file of this package, to find where a fixture wrote something.
struct SourceFile {
    /// The path relative to the package, as the normalised output shows it.
    let path: String
    private let lines: [Substring]

    init(_ path: String) throws {
        self.path = path
        lines = try String(contentsOfFile: HostOutput.root + path, encoding: .utf8).split(
            separator: "\n", omittingEmptySubsequences: false)
    }

    /// The line of the first `snippet` after the first line containing `anchor`.
    func line(of snippet: String, in anchor: String) -> Int {
        position(of: snippet, in: anchor).line
    }

    /// The line and column (both from 1) of the first `snippet` after the first
    /// line containing `anchor`; (0, 0) if there is none, which fails the comparison.
    func position(of snippet: String, in anchor: String) -> (line: Int, column: Int) {
        guard let start = lines.firstIndex(where: { $0.contains(anchor) }) else { return (0, 0) }
        for index in start..<lines.count {
            if let range = lines[index].range(of: snippet) {
                return (index + 1, lines[index].distance(from: lines[index].startIndex, to: range.lowerBound) + 1)
            }
        }
        return (0, 0)
    }
}
#endif
