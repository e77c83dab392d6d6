import Foundation
import RundownEngine
import RundownSettings
import RundownTestSupport
import Testing

@testable import Rundown

#if canImport(FoundationXML)
import FoundationXML
#endif

/// Behaviour#Repeated-examples and Behaviour#Retried-examples:
/// repeating an example (every run must pass) and retrying it (a
/// pass on a retry is flaky), in every engine; the settings that ask for it
/// for a whole run; and the reports of a flaky example.
@MainActor
@Suite struct FlakyExampleTests {
    /// How many times the log has `entry`: the calls of one run so far.
    nonisolated static func calls(_ log: Log, _ entry: String) -> Int {
        log.entries.filter { $0 == entry }.count
    }

    /// An example that fails on its third call, with hooks around it, in a
    /// group whose `beforeAll` and `afterAll` must run once.
    struct FailsOnThirdCall: Scenario {
        let trait: ExampleTrait
        var second = ExampleTrait.labels()
        @ExampleBuilder<Call> func content<Call: CallKind>(_ log: Log) -> ExampleGroup<Call> {
            describe("Cache") {
                beforeAll { log("beforeAll") }
                beforeEach { log("beforeEach") }
                it("evicts", trait, second) {  // line: evicts
                    log("body")
                    if FlakyExampleTests.calls(log, "body") == 3 { throw Boom("third call") }
                }
                afterEach { log("afterEach") }
                afterAll { log("afterAll") }
            }
        }
    }

    @Test func repeatedFailsAtTheFirstFailingRepetitionNamingIt() async {
        let run = await runEverywhere(FailsOnThirdCall(trait: .repeated(5)))
        #expect(run.failures == ["Spec, Cache, evicts: Boom(third call) (repetition 3 of 5)"])
        #expect(
            run.log == [
                "beforeAll",
                "beforeEach", "body", "afterEach",
                "beforeEach", "body", "afterEach",
                "beforeEach", "body", "afterEach",
                "afterAll",
            ])
        #expect(run.failed == 1 && run.passed == 0)
        // The example starts and finishes once in the reports.
        #expect(run.events.filter { $0.hasPrefix("example ") } == ["example Spec, Cache, evicts"])
    }

    @Test func aRepetitionThatFailsOnceAndPassesOnItsRetryIsFlaky() async {
        let run = await runEverywhere(FailsOnThirdCall(trait: .repeated(5), second: .retries(3)))
        #expect(run.failures.isEmpty)
        #expect(run.passed == 1 && run.failed == 0)
        #expect(run.log.filter { $0 == "body" }.count == 6)
        #expect(run.log.filter { $0 == "beforeEach" }.count == 6 && run.log.filter { $0 == "afterEach" }.count == 6)
        #expect(run.log.first == "beforeAll" && run.log.last == "afterAll")
        #expect(run.log.filter { $0 == "beforeAll" || $0 == "afterAll" }.count == 2)
        #expect(
            run.events.filter { $0.hasPrefix("notice ") } == [
                "notice Spec, Cache, evicts: flaky: passed on attempt 2 of 4"
            ])
    }

    /// Fails on its first two calls, then passes.
    struct PassesOnThirdAttempt: Scenario {
        let trait: ExampleTrait
        @ExampleBuilder<Call> func content<Call: CallKind>(_ log: Log) -> ExampleGroup<Call> {
            describe("Server") {
                beforeAll { log("beforeAll") }
                beforeEach { log("beforeEach") }
                it("answers", trait) {  // line: answers
                    log("body")
                    let call = FlakyExampleTests.calls(log, "body")
                    if call < 3 { throw Boom("call \(call)") }
                }
                it("stays up") { log("other") }
                afterEach { log("afterEach") }
                afterAll { log("afterAll") }
            }
        }
    }

    @Test func anExamplePassingOnItsThirdAttemptIsFlakyNotFailed() async {
        let run = await runEverywhere(PassesOnThirdAttempt(trait: .retries(3)))
        #expect(run.failures.isEmpty)
        #expect(run.passed == 2 && run.failed == 0)
        #expect(
            run.log == [
                "beforeAll",
                "beforeEach", "body", "afterEach",
                "beforeEach", "body", "afterEach",
                "beforeEach", "body", "afterEach",
                "beforeEach", "other", "afterEach",
                "afterAll",
            ])
        #expect(
            run.events.filter { $0.hasPrefix("notice ") } == [
                "notice Spec, Server, answers: flaky: passed on attempt 3 of 4"
            ])
    }

    @Test func theFlakyNoticeCarriesEachEarlierAttemptsFailureAndPlace() async {
        let root = GroupNode(
            description: "Spec", location: scenarioLocation,
            content: (PassesOnThirdAttempt(trait: .retries(3)).content(Log()) as ExampleGroup<SyncCall>).content)
        let report = SpecEngine.run(root)
        try? #require(report.notices.count == 1)
        guard case .flaky(let passedOn, let attempts, let failures)? = report.notices.first?.kind else {
            Issue.record("no flaky notice")
            return
        }
        #expect(passedOn == 3 && attempts == 4)
        #expect(
            failures.map(\.description) == [
                "Spec, Server, answers: Boom(call 1) (attempt 1 of 4)",
                "Spec, Server, answers: Boom(call 2) (attempt 2 of 4)",
            ])
        #expect(failures.map(\.location.line) == [SourceLine.marked("answers"), SourceLine.marked("answers")])
        #expect(report.flakyPaths == [["Spec", "Server", "answers"]])
    }

    /// Always fails, in its body and its `afterEach`.
    struct AlwaysFails: Scenario {
        @ExampleBuilder<Call> func content<Call: CallKind>(_ log: Log) -> ExampleGroup<Call> {
            beforeEach { log("beforeEach") }
            it("breaks", .retries(2)) {
                log("body")
                throw Boom("call \(FlakyExampleTests.calls(log, "body"))")
            }
        }
    }

    @Test func anExampleFailingEveryAttemptFailsWithEachAttemptsFailure() async {
        let run = await runEverywhere(AlwaysFails())
        #expect(
            run.failures == [
                "Spec, breaks: Boom(call 1) (attempt 1 of 3)",
                "Spec, breaks: Boom(call 2) (attempt 2 of 3)",
                "Spec, breaks: Boom(call 3) (attempt 3 of 3)",
            ])
        #expect(run.log == ["beforeEach", "body", "beforeEach", "body", "beforeEach", "body"])
        #expect(run.failed == 1 && run.passed == 0)
        #expect(!run.events.contains { $0.hasPrefix("notice ") })
    }

    /// A group's trait reaches its examples; the example's own wins.
    struct Inherited: Scenario {
        @ExampleBuilder<Call> func content<Call: CallKind>(_ log: Log) -> ExampleGroup<Call> {
            describe("Outer", .repeated(3)) {
                it("thrice") { log("thrice") }
                context("Inner") {
                    it("twice", .repeated(2)) { log("twice") }
                    it("also thrice") { log("also thrice") }
                }
            }
        }
    }

    @Test func anExampleTakesItsInnermostGroupsTraitUnlessItHasItsOwn() async {
        let run = await runEverywhere(Inherited())
        #expect(
            run.log == [
                "thrice", "thrice", "thrice", "twice", "twice", "also thrice", "also thrice", "also thrice",
            ])
        #expect(run.passed == 3)
    }

    /// A skip in a retried example.
    struct SkipsOnce: Scenario {
        @ExampleBuilder<Call> func content<Call: CallKind>(_ log: Log) -> ExampleGroup<Call> {
            it("needs a GPU", .retries(3)) {
                log("body")
                throw Skip("no GPU")
            }
        }
    }

    @Test func aSkipIsNeverRetried() async {
        let run = await runEverywhere(SkipsOnce())
        #expect(run.log == ["body"])
        #expect(run.skips == ["Spec, needs a GPU: skipped (no GPU)"])
        #expect(run.skipped == 1 && run.failures.isEmpty)
    }

    struct FailingBeforeAll: Scenario {
        @ExampleBuilder<Call> func content<Call: CallKind>(_ log: Log) -> ExampleGroup<Call> {
            describe("Database", .retries(2)) {
                beforeAll {
                    log("beforeAll")
                    throw Boom("no connection")
                }
                it("saves") { log("saves") }
            }
        }
    }

    @Test func aBeforeAllFailureIsNotRetriedAndSaysSo() async {
        let run = await runEverywhere(FailingBeforeAll())
        #expect(run.log == ["beforeAll"])
        #expect(
            run.failures == [
                "Spec, Database, beforeAll: Boom(no connection) (the group's examples were left out, not retried: retries rerun an example with its each-hooks, never a group's beforeAll)"
            ])
        #expect(run.failed == 1)
    }

    struct BadValues: Scenario {
        @ExampleBuilder<Call> func content<Call: CallKind>(_ log: Log) -> ExampleGroup<Call> {
            it("never", .repeated(0)) { log("never") }
            it("minus", .retries(-1)) { log("minus") }
        }
    }

    // reaches: InvalidAttemptTrait
    @Test func aValueOutOfRangeFailsItsElementWhichRunsOnce() async {
        let run = await runEverywhere(BadValues())
        #expect(run.log == ["never", "minus"])
        #expect(
            run.failures == [
                "Spec, never: .repeated(0) is not a value Rundown accepts, and the element runs once; valid forms: .repeated(n) with n >= 1, .retries(n) with n >= 0",
                "Spec, minus: .retries(-1) is not a value Rundown accepts, and the element runs once; valid forms: .repeated(n) with n >= 1, .retries(n) with n >= 0",
            ])
        #expect(run.failed == 2)
    }

    /// Behaviour#Fresh-values with Behaviour#Repeated-examples: each run of an example makes its own fresh
    /// values and runs its own cleanups.
    struct FreshPerRun: Scenario {
        @ExampleBuilder<Call> func content<Call: CallKind>(_ log: Log) -> ExampleGroup<Call> {
            let numbers = Numbers()
            let cart = fresh { Cart(numbers.take(), log: log) }
            it("fills a cart", .repeated(2), .retries(1)) {
                cart.value.add("apple")
                deferCleanup { log("cleanup \(cart.value.id) \(cart.value.items)") }
                if cart.value.id == 2 { throw Boom("second cart") }
            }
        }
    }

    @Test func eachRunHasItsOwnFreshValuesAndCleanups() async {
        let run = await runEverywhere(FreshPerRun())
        #expect(
            run.log == [
                "make 1", "cleanup 1 [\"apple\"]", "drop 1",
                "make 2", "cleanup 2 [\"apple\"]", "drop 2",
                "make 3", "cleanup 3 [\"apple\"]", "drop 3",
            ])
        #expect(run.failures.isEmpty && run.passed == 1)
        #expect(
            run.events.filter { $0.hasPrefix("notice ") } == [
                "notice Spec, fills a cart: flaky: passed on attempt 2 of 2"
            ])
    }

    // MARK: The settings

    private func settings(_ environment: [String: String]) -> (RunSettings, [String]) {
        var warnings: [String] = []
        let settings = RunSettings(environment: environment) { warnings.append($0) }
        return (settings, warnings)
    }

    @Test func theRepeatSettingReadsACountOrUntilFailure() {
        #expect(settings(["RUNDOWN_REPEAT": "100"]).0.repetitions == .times(100))
        #expect(
            settings(["RUNDOWN_REPEAT": "until-failure"]).0.repetitions
                == .untilFailure(max: 10_000, limit: .seconds(600)))
        #expect(
            settings(["RUNDOWN_REPEAT": "until-failure:50"]).0.repetitions
                == .untilFailure(max: 50, limit: .seconds(600)))
        #expect(settings(["RUNDOWN_RETRIES": "2"]).0.retries == 2)
        #expect(settings(["RUNDOWN_REPEAT": "7", "RUNDOWN_RETRIES": "1"]).1.isEmpty)
    }

    // reaches: SettingsWarning.repeatNotKnown
    @Test(arguments: ["0", "-3", "many", "until-failure:0", "until-failure:x"])
    func aBadRepeatIsAWarningListingTheValidForms(_ value: String) {
        let (read, warnings) = settings(["RUNDOWN_REPEAT": value])
        #expect(read.repetitions == nil)
        #expect(
            warnings == [
                "RUNDOWN_REPEAT=\(value) is not a repetition Rundown knows, and every example runs once; valid forms: RUNDOWN_REPEAT=<a whole number from 1>, such as RUNDOWN_REPEAT=100, RUNDOWN_REPEAT=until-failure, RUNDOWN_REPEAT=until-failure:<a whole number from 1> (at most that many repetitions; 10000 by default)"
            ])
    }

    // reaches: SettingsWarning.retriesNotKnown
    @Test func aNegativeRetriesIsAWarningListingTheValidForms() {
        let (read, warnings) = settings(["RUNDOWN_RETRIES": "-1"])
        #expect(read.retries == nil)
        #expect(
            warnings == [
                "RUNDOWN_RETRIES=-1 is not a count Rundown knows, and no example is retried; valid forms: RUNDOWN_RETRIES=<a whole number from 0>, such as RUNDOWN_RETRIES=2 (how many more times a failing example runs)"
            ])
    }

    /// A run of `content` with `controls`, synchronous and asynchronous, which must agree.
    private func run(
        _ controls: RunControls, _ content: @escaping (Log) -> ExampleGroup<SyncCall>,
        _ asyncContent: @escaping (Log) -> ExampleGroup<AsyncCall>
    ) async -> (log: [String], report: SpecReport) {
        let log = Log()
        let report = SpecEngine.run(
            GroupNode(description: "Spec", location: scenarioLocation, content: content(log).content),
            controls: controls)
        let asyncLog = Log()
        let asyncReport = await SpecEngine.run(
            GroupNode(description: "Spec", location: scenarioLocation, content: asyncContent(asyncLog).content),
            controls: controls)
        #expect(asyncLog.entries == log.entries)
        #expect(asyncReport.failures.map(\.description) == report.failures.map(\.description))
        return (log.entries, report)
    }

    @ExampleBuilder<Call> static func thirdCallFails<Call: CallKind>(_ log: Log) -> ExampleGroup<Call> {
        it("a") {
            log("a")
            if FlakyExampleTests.calls(log, "a") == 3 { throw Boom("third") }
        }
        it("b", .repeated(2)) { log("b") }
    }

    @Test func theRepeatSettingRepeatsEveryExampleUnlessItsTraitSaysOtherwise() async {
        let (log, report) = await run(
            RunControls(repetitions: .times(4)), Self.thirdCallFails, Self.thirdCallFails)
        #expect(log == ["a", "a", "a", "b", "b"])
        #expect(report.failures.map(\.description) == ["Spec, a: Boom(third) (repetition 3 of 4)"])
    }

    // reaches: EngineWarning.untilFailureStopped
    @Test func untilFailureStopsAtTheFailingRepetition() async {
        let (log, report) = await run(
            RunControls(repetitions: .untilFailure(max: 10_000, limit: .seconds(600))), Self.thirdCallFails,
            Self.thirdCallFails)
        #expect(log.filter { $0 == "a" }.count == 3)
        #expect(report.failures.map(\.description) == ["Spec, a: Boom(third) (repetition 3 (until-failure))"])
        // b says `.repeated(2)`, which wins over the setting.
        #expect(
            report.notices.map(\.description) == [
                "Spec, a: until-failure stopped at the first failure, on repetition 3"
            ])
    }

    /// Where `until-failure` stopped without a failure is counted, not a notice of
    /// each example: the run says it once (`RundownWarning.repeated`).
    @Test func untilFailureCountsTheExamplesThatReachedItsCap() async {
        let (log, report) = await run(
            RunControls(repetitions: .untilFailure(max: 2, limit: .seconds(600))), Self.thirdCallFails,
            Self.thirdCallFails)
        #expect(log == ["a", "a", "b", "b"])
        #expect(report.failures.isEmpty)
        #expect(report.notices.isEmpty)
        // b says `.repeated(2)`, which wins over the setting: it repeated, and reached no cap.
        var expected = RepetitionTally()
        expected.examples = 2
        expected.repetitions = 4
        expected.reachedCap = 1
        expected.cap = 2
        #expect(report.repetitions == expected)
    }

    @Test func theRunCountsTheRepetitionsOfEveryExampleThatRepeats() async {
        let (_, passing) = await run(RunControls(repetitions: .times(2)), Self.thirdCallFails, Self.thirdCallFails)
        #expect(passing.repetitions.examples == 2 && passing.repetitions.repetitions == 4)
        #expect(passing.repetitions.failed == 0)
        // a fails its third repetition and stops there; b's trait says 2.
        let (_, failing) = await run(RunControls(repetitions: .times(5)), Self.thirdCallFails, Self.thirdCallFails)
        #expect(failing.repetitions.examples == 2 && failing.repetitions.repetitions == 5)
        #expect(failing.repetitions.failed == 1)
        // Retries alone repeat nothing.
        let (_, retried) = await run(RunControls(retries: 2), Self.thirdCallFails, Self.thirdCallFails)
        #expect(retried.repetitions.examples == 1 && retried.repetitions.repetitions == 2)
    }

    // reaches: RundownWarning.repeated
    @Test func theLineOfRepetitionsSaysHowManyRanAndWhereUntilFailureStopped() {
        var tally = RepetitionTally()
        tally.examples = 3
        tally.repetitions = 207
        #expect(
            RundownWarning.repeated(name: "Cart", tally).message
                == "'Cart': 3 examples repeated, 207 repetitions in all")
        tally.failed = 1
        tally.reachedCap = 1
        tally.cap = 100
        tally.reachedTimeLimit = 1
        tally.timeLimit = .seconds(1)
        #expect(
            RundownWarning.repeated(name: "Cart", tally).message
                == "'Cart': 3 examples repeated, 207 repetitions in all; 1 stopped at a failing repetition; "
                + "until-failure found no failure and stopped 1 at its cap of 100 repetitions and 1 at its time "
                + "limit of 1.0 seconds")
    }

    // reaches: EngineWarning.passedOnRetry
    @Test func theRetriesSettingRetriesEveryFailingExample() async {
        let (log, report) = await run(
            RunControls(repetitions: .times(3), retries: 1), Self.thirdCallFails, Self.thirdCallFails)
        // The third repetition fails once and passes on its retry.
        #expect(log == ["a", "a", "a", "a", "b", "b"])
        #expect(report.failures.isEmpty)
        #expect(report.notices.map(\.description) == ["Spec, a: flaky: passed on attempt 2 of 2"])
    }

    @Test func nestedSpecsDoNotRepeatTheSettingAgain() {
        #expect(RunControls(repetitions: .times(3), retries: 2).nested.repetitions == nil)
        #expect(RunControls(repetitions: .times(3), retries: 2).nested.retries == nil)
    }

    // MARK: Rerunning what failed

    // Behaviour#Rerunning-what-failed.
    @Test func theFilterFromAFileSelectsExactlyTheListedPaths() throws {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("rundown-filter-\(UUID()).txt")
        defer { try? FileManager.default.removeItem(at: file) }
        try "# a comment\nSpec, a\n\nSpec, Inner, b  \n".write(to: file, atomically: true, encoding: .utf8)
        let (read, warnings) = settings(["RUNDOWN_FILTER": "@\(file.path)"])
        #expect(warnings.isEmpty)
        #expect(read.controls.exactPaths == ["Spec, a", "Spec, Inner, b"])
        #expect(read.controls.selects(["Spec", "a"]))
        #expect(read.controls.selects(["Spec", "Inner", "b"]))
        // Exact: not a part of a step, and not in another case; a listed group selects its examples.
        #expect(!read.controls.selects(["Spec", "ab"]))
        #expect(!read.controls.selects(["Spec", "A"]))
        #expect(read.controls.selects(["Spec", "a", "deeper"]))
        #expect(read.selectionDescription == "RUNDOWN_FILTER=@\(file.path)")
    }

    // reaches: SettingsWarning.filterFileUnreadable
    @Test func aMissingFilterFileIsAWarningAndEveryExampleRuns() {
        let (read, warnings) = settings(["RUNDOWN_FILTER": "@/no/such/failed.txt"])
        #expect(read.controls.exactPaths == nil)
        #expect(
            warnings == [
                "RUNDOWN_FILTER=@/no/such/failed.txt: the file cannot be read (no such file), and every example runs; valid forms: RUNDOWN_FILTER=pattern, RUNDOWN_FILTER=pattern|pattern|…, RUNDOWN_FILTER=@file (a file of example paths, one a line, as RUNDOWN_FAILURES writes them), RUNDOWN_FILTER=File.swift:42 (the element declared on that line of that file, or the nearest one above it), entries mixed as RUNDOWN_FILTER=entry|entry|…"
            ])
    }

    // MARK: Reports

    /// The tree and JUnit outputs of a flaky run of `PassesOnThirdAttempt`.
    private func outputs() -> (tree: [String], junit: String) {
        var settings = RunSettings()
        settings.treeReport = true
        let root = GroupNode(
            description: "Spec", location: scenarioLocation,
            content: (PassesOnThirdAttempt(trait: .retries(3)).content(Log()) as ExampleGroup<SyncCall>).content)
        let outputs = RunOutputs(settings)
        let junit = JUnitCollector(seed: nil)
        let report = SpecEngine.run(root, progress: true) { event in
            outputs.receive(event)
            junit.receive(event)
        }
        var printed: [String] = []
        outputs.finish(report, specName: "Spec", testName: nil, settings: settings) { printed.append($0) }
        let suite = junit.suite(specName: "Spec", testName: nil, time: .zero)
        return (printed.joined(separator: "\n").split(separator: "\n").map(String.init), suite.xml)
    }

    // reaches: RundownWarning.flaky
    @Test func theTreeShowsTheFlakyExampleAndEndsWithTheFlakyLine() {
        let tree = outputs().tree.map { $0.replacing(/\(\d+\.\d+ s\)/, with: "(T)") }
        let line = SourceLine.marked("answers")
        #expect(
            tree == [
                "Rundown tree of spec 'Spec':",
                "  Spec",
                "    Server",
                "      ✔ answers (T)",
                "        ⚠ flaky: passed on attempt 3 of 4",
                "          Boom(call 1) (attempt 1 of 4)",
                "          Boom(call 2) (attempt 2 of 4)",
                "      ✔ stays up (T)",
                "  1 example flaky: Spec, Server, answers",
            ])
        #expect(line > 0)
    }

    @Test func jUnitWritesSurefireFlakyFailuresInAPassingTestCase() throws {
        let xml = outputs().junit
        let document = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<testsuites>\n\(xml)</testsuites>\n"
        let parsed = try #require(SurefireElements(Data(document.utf8)))
        try #require(parsed.cases.count == 2)
        let flaky = parsed.cases[0]
        #expect(flaky.attributes["name"] == "Spec, Server, answers")
        #expect(flaky.children.filter { $0 == "failure" || $0 == "error" }.isEmpty)
        try #require(flaky.flaky.count == 2)
        let line = SourceLine.marked("answers")
        #expect(flaky.flaky[0].attributes["message"] == "Boom(call 1) (attempt 1 of 4)")
        #expect(flaky.flaky[0].attributes["type"] == "RundownTestSupport.Boom")
        #expect(flaky.flaky[0].stackTrace == "\(#filePath):\(line): Boom(call 1) (attempt 1 of 4)")
        #expect(flaky.flaky[0].systemOut == "Spec, Server, answers: Boom(call 1) (attempt 1 of 4)")
        #expect(flaky.flaky[1].attributes["message"] == "Boom(call 2) (attempt 2 of 4)")
        #expect(flaky.attributes["file"] == #filePath && flaky.attributes["line"] == "\(line)")
        #expect(parsed.suiteAttributes["failures"] == "0")
    }
}

/// The `testcase` elements of a JUnit document, read with Foundation's XML
/// parser, and their `flakyFailure` children as Maven Surefire names them.
final class SurefireElements: NSObject, XMLParserDelegate {
    struct Flaky {
        var attributes: [String: String]
        var stackTrace = ""
        var systemOut = ""
    }
    struct Case {
        var attributes: [String: String]
        var children: [String] = []
        var flaky: [Flaky] = []
    }
    private(set) var cases: [Case] = []
    private(set) var suiteAttributes: [String: String] = [:]
    private var text = ""

    init?(_ data: Data) {
        super.init()
        let parser = XMLParser(data: data)
        parser.delegate = self
        guard parser.parse() else { return nil }
    }

    func parser(
        _ parser: XMLParser, didStartElement name: String, namespaceURI: String?, qualifiedName: String?,
        attributes: [String: String] = [:]
    ) {
        text = ""
        switch name {
        case "testsuite": suiteAttributes = attributes
        case "testcase": cases.append(Case(attributes: attributes))
        case "flakyFailure": cases[cases.count - 1].flaky.append(Flaky(attributes: attributes))
        default:
            if !cases.isEmpty, name != "stackTrace", name != "system-out" {
                cases[cases.count - 1].children.append(name)
            }
        }
    }

    func parser(_ parser: XMLParser, foundCharacters string: String) {
        text += string
    }

    func parser(_ parser: XMLParser, didEndElement name: String, namespaceURI: String?, qualifiedName: String?) {
        guard !cases.isEmpty, !cases[cases.count - 1].flaky.isEmpty else { return }
        let last = cases[cases.count - 1].flaky.count - 1
        if name == "stackTrace" { cases[cases.count - 1].flaky[last].stackTrace = text }
        if name == "system-out" { cases[cases.count - 1].flaky[last].systemOut = text }
    }
}

/// Behaviour#Retried-examples with `Spec` arguments: an example of a spec value retries and
/// repeats as it does inside `spec`, as its own test case.
let flakySpec = Spec.synchronous("Flaky values") {
    it("passes on a retry", .retries(1)) {
        // Every run's first attempt fails: the calls come in pairs.
        if FlakySpecCalls.next("retry") % 2 == 1 { throw Boom("first attempt") }
    }
    describe("repeated", .repeated(3)) {
        it("runs thrice") { _ = FlakySpecCalls.next("repeat") }
    }
}

/// How many times each of `flakySpec`'s examples ran.
enum FlakySpecCalls {
    private static let counts = Locked<[String: Int]>([:])

    static func next(_ name: String) -> Int {
        counts.withLock { counts in
            counts[name, default: 0] += 1
            return counts[name]!
        }
    }

    static func count(_ name: String) -> Int {
        counts.withLock { $0[name, default: 0] }
    }
}

@Suite(.serialized) struct FlakySpecValueTests {
    @Test(arguments: flakySpec.examples)
    func eachExampleRetriesAndRepeatsAsItsOwnTestCase(_ example: Spec.Example) throws {
        try example.run()
    }

    @Test func theCallsAddUp() throws {
        try spec(flakySpec)
        // Here, and perhaps already as arguments: two attempts a run, three repetitions a run.
        let retry = FlakySpecCalls.count("retry")
        let repeats = FlakySpecCalls.count("repeat")
        #expect(retry == 2 || retry == 4)
        #expect(repeats == 3 || repeats == 6)
    }
}
