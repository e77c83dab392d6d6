import RundownEngine
import Testing

@testable import Rundown

/// Issue 3: with `RUNDOWN_REPORT=tree`, a spec prints its tree as it runs.
@Suite struct TreeReportTests {
    @Test func theTreeShowsGroupsExamplesDurationsFailuresAndSkips() {
        var lines: [String] = []
        let report = TreeReport { lines.append($0) }
        SpecEngine.run(
            root("Parser") {
                beforeEach("reset") {
                    if ExampleRunner.current!.path.contains("broken setup") { throw Boom("reset") }
                }
                context("when empty") {
                    it("returns nothing") {}
                    it("throws") { throw Boom("empty") }
                }
                it("broken setup") {}
                it("on Linux") { throw Skip("no GPU") }
                xIt("legacy") {}
                afterAll { throw Boom("teardown") }
            }, observer: report.receive)
        let shown = lines.map { $0.replacing(/\(\d+\.\d{3} s\)/, with: "(t)") }
        #expect(
            shown == [
                "skipped Parser, legacy (excluded)",
                "Parser",
                "  when empty",
                "    ✔ returns nothing (t)",
                "    ✘ throws (t)",
                "      Boom(empty)",
                "  ✘ broken setup (t)",
                "    reset: Boom(reset)",
                "  skipped on Linux (no GPU)",
                "  ✘ afterAll: Boom(teardown)",
            ])
    }

    @Test func nothingIsPrintedUnlessAskedFor() {
        // The test process does not set RUNDOWN_REPORT, so the report is off.
        #expect(RunSettings.current.treeReport == false)
    }

    @Test func theTreeIsAskedForWithTree() {
        var warnings: [String] = []
        #expect(RunSettings(environment: ["RUNDOWN_REPORT": "tree"]) { warnings.append($0) }.treeReport)
        #expect(warnings.isEmpty)
    }

    @Test func aReportRundownDoesNotKnowIsAWarningThatListsTheValidForms() {
        var warnings: [String] = []
        let settings = RunSettings(environment: ["RUNDOWN_REPORT": "junit"]) { warnings.append($0) }
        #expect(!settings.treeReport)
        #expect(warnings == ["RUNDOWN_REPORT=junit is not a report Rundown knows; valid forms: RUNDOWN_REPORT=tree"])
    }
}
