import Foundation
import RundownEngine
import RundownSettings
import RundownTestSupport
import Testing

@testable import Rundown

/// Behaviour#Labels: `.labels(…)` on examples and groups, and `RUNDOWN_LABELS`,
/// an expression that selects by them, together with the other run controls.
@Suite struct LabelTests {
    // MARK: The expression

    @Test(arguments: [
        ("db", "db"),
        ("db && !slow", "(db && !slow)"),
        ("(ui || snapshot) && !flaky", "((ui || snapshot) && !flaky)"),
        ("a || b && c", "(a || (b && c))"),
        ("!!x", "!!x"),
        ("  spaced-out_1.2  ", "spaced-out_1.2"),
    ])
    func anExpressionIsReadWithAndBindingTighterThanOr(_ text: String, _ read: String) throws {
        #expect(try LabelExpression(parsing: text).description == read)
    }

    @Test func aNameIsTrueForAnExampleThatCarriesIt() throws {
        let expression = try LabelExpression(parsing: "(ui || snapshot) && !flaky")
        #expect(expression.matches(["ui"]))
        #expect(expression.matches(["snapshot", "db"]))
        #expect(!expression.matches(["ui", "flaky"]))
        #expect(!expression.matches([]))
    }

    // reaches: LabelExpressionError
    @Test(arguments: [
        ("db && (slow", "expected ')' at column 12\n  db && (slow\n             ^"),
        ("db &&", "expected a label name at column 6\n  db &&\n       ^"),
        ("db & slow", "expected '&&', '||' or the end at column 4\n  db & slow\n     ^"),
        ("my label", "expected '&&', '||' or the end at column 4\n  my label\n     ^"),
        ("|| db", "expected a label name, '!' or '(' at column 1\n  || db\n  ^"),
        ("", "expected a label name at column 1\n  \n  ^"),
    ])
    func aMalformedExpressionSaysWhereItFailsToParse(_ text: String, _ message: String) {
        #expect(throws: LabelExpressionError.self) { try LabelExpression(parsing: text) }
        do {
            _ = try LabelExpression(parsing: text)
        } catch {
            #expect(error.description == message)
        }
    }

    @Test func aDeeplyNestedExpressionIsAnErrorNotACrash() {
        #expect(throws: LabelExpressionError.self) {
            try LabelExpression(parsing: String(repeating: "(", count: 5_000) + "x")
        }
        #expect(throws: LabelExpressionError.self) {
            try LabelExpression(parsing: String(repeating: "!", count: 5_000) + "x")
        }
    }

    // MARK: The setting

    private func settings(_ labels: String) -> (RunSettings, [String]) {
        var warnings: [String] = []
        let settings = RunSettings(environment: ["RUNDOWN_LABELS": labels]) { warnings.append($0) }
        return (settings, warnings)
    }

    @Test func theSettingIsReadAsAnExpression() throws {
        let (read, warnings) = settings("db && !slow")
        #expect(warnings.isEmpty)
        #expect(read.controls.labels == (try LabelExpression(parsing: "db && !slow")))
        #expect(read.selectionDescription == "RUNDOWN_LABELS=(db && !slow)")
    }

    // reaches: SettingsWarning.labelsNotUnderstood
    @Test func aMalformedSettingIsAWarningThatShowsWhereAndSelectsNothingOut() {
        let (read, warnings) = settings("db && (slow")
        #expect(read.labels == nil)
        #expect(
            warnings == [
                "RUNDOWN_LABELS=db && (slow is not an expression Rundown can read: expected ')' at column 12\n  db && (slow\n             ^\nvalid forms: label names (letters, digits, '-', '_', '.') joined with '&&', '||', '!' and parentheses, such as RUNDOWN_LABELS='db && !slow' or RUNDOWN_LABELS='(ui || snapshot) && !flaky'; every example runs"
            ])
    }

    // MARK: Selection

    private func ran(_ controls: RunControls, _ content: () -> ExampleGroup<SyncCall>) -> [String] {
        var ran: [String] = []
        SpecEngine.run(root("Orders", content), controls: controls) { event in
            if case .exampleFinished(let path, .passed, _) = event { ran.append(path.joined(separator: ", ")) }
        }
        return ran
    }

    @ExampleBuilder<SyncCall> private func orders() -> ExampleGroup<SyncCall> {
        describe("storage", .labels("db")) {
            it("saves") {}
            it("exports a year", .labels("slow")) {}
            context("when offline", .labels("network")) {
                it("queues") {}
            }
        }
        it("totals") {}
        it("renders", .labels("ui", "snapshot")) {}
    }

    @Test func anExampleHasItsOwnLabelsAndThoseOfItsGroups() throws {
        let select = { (text: String) in
            self.ran(RunControls(labels: try LabelExpression(parsing: text))) { self.orders() }
        }
        #expect(
            try select("db") == [
                "Orders, storage, saves", "Orders, storage, exports a year", "Orders, storage, when offline, queues",
            ])
        #expect(try select("db && !slow") == ["Orders, storage, saves", "Orders, storage, when offline, queues"])
        #expect(try select("network") == ["Orders, storage, when offline, queues"])
        #expect(try select("!db") == ["Orders, totals", "Orders, renders"])
        #expect(try select("snapshot || slow") == ["Orders, storage, exports a year", "Orders, renders"])
        #expect(try select("nothing").isEmpty)
    }

    @Test func labelsSelectTogetherWithTheFilterAndTheShards() throws {
        let labels = try LabelExpression(parsing: "db")
        #expect(
            ran(RunControls(filter: ["S"], labels: labels)) { orders() } == [
                "Orders, storage, saves", "Orders, storage, exports a year", "Orders, storage, when offline, queues",
            ])
        #expect(ran(RunControls(filter: ["year"], labels: labels)) { orders() } == ["Orders, storage, exports a year"])
        let shards = (1...3).map { ran(RunControls(shard: Shard(index: $0, count: 3), labels: labels)) { orders() } }
        #expect(shards.flatMap { $0 }.sorted() == ran(RunControls(labels: labels)) { orders() }.sorted())
        #expect(Set(shards.flatMap { $0 }).count == 3)
    }

    @Test func theExamplesLabelsLeaveOutAreCountedAsFilteredOutAndTheirGroupsHooksDoNotRun() throws {
        let log = Log()
        let report = SpecEngine.run(
            root("Orders") {
                context("storage", .labels("db")) {
                    beforeAll { log("storage beforeAll") }
                    it("saves") { log("saves") }
                }
                context("views") {
                    beforeAll { log("views beforeAll") }
                    it("renders") { log("renders") }
                }
            }, controls: RunControls(labels: try LabelExpression(parsing: "db")))
        #expect(log.entries == ["storage beforeAll", "saves"])
        #expect(report.passedCount == 1 && report.filteredOutCount == 1)
    }

    // reaches: InvalidLabel
    @Test func aLabelNoExpressionCanNameIsAFailureOfItsElement() {
        let line = SourceLine.marked("bad label")
        let report = SpecEngine.run(
            root("Orders") {
                it("saves", .labels("needs db")) {}  // line: bad label
                it("totals") {}
            })
        #expect(report.failures.count == 1)
        let failure = report.failures.first
        #expect(failure?.path == ["Orders", "saves"])
        #expect(failure?.location.line == line)
        #expect(
            failure.map { String(describing: $0.error) }
                == "the label 'needs db' cannot be selected by RUNDOWN_LABELS: a label is one or more letters, digits, '-', '_' or '.'; rename it (for example 'needs-db')"
        )
        #expect(report.passedCount == 2)
    }

    @Test func theJUnitReportGivesEachLabelledExampleItsLabelsAsProperties() async throws {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("rundown-labels-\(UUID()).xml")
        defer { try? FileManager.default.removeItem(at: file) }
        var settings = RunSettings.plain
        settings.junitPath = file.path
        // A detached task sees no test, so nothing but the report hears of the run.
        try await Task.detached {
            try SpecRun(
                specRoot("Orders") {
                    describe("storage", .labels("db")) {
                        it("saves") {}
                        it("exports a year", .labels("slow", "db")) {}
                    }
                    it("totals") {}
                }, settings: settings
            ).run()
        }.value
        let document = try JUnitDocument(String(contentsOf: file, encoding: .utf8))
        try #require(document.cases.count == 3)
        #expect(
            document.cases.map(\.name) == [
                "Orders, storage, saves", "Orders, storage, exports a year", "Orders, totals",
            ])
        #expect(document.cases.map(\.properties) == [["label=db"], ["label=db", "label=slow"], []])
    }

    // MARK: Spec arguments, in a child process

    #if os(Linux)
    @Test(.enabled(if: HostOutput.testBinary != nil, "needs the SwiftPM test binary"))
    func specArgumentsAreSelectedByLabelsToo() async throws {
        var environment = ProcessInfo.processInfo.environment.filter {
            !$0.key.hasPrefix("RUNDOWN_") && $0.key != "CI"
        }
        environment["RUNDOWN_FIXTURES"] = "1"
        environment["NO_COLOR"] = "1"
        environment["RUNDOWN_LABELS"] = "db && !slow || ui"
        let run = try await ChildProcess.run(
            URL(fileURLWithPath: try #require(HostOutput.testBinary)),
            ["--testing-library", "swift-testing", "--filter", "RundownHostFixtures.LabelFixtures"],
            environment: environment)
        let ran = run.output.split(separator: "\n").filter { $0.hasPrefix("ran: ") }.map { String($0.dropFirst(5)) }
        #expect(run.status == 0, "\(run.output)")
        #expect(ran.sorted() == ["renders", "saves"])
    }
    #endif
}
