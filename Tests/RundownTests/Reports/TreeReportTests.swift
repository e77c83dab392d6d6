import RundownEngine
import RundownSettings
import RundownTestSupport
import Testing

@testable import Rundown

/// Behaviour#The-tree-report: with `RUNDOWN_REPORT=tree`, a spec prints its tree as it runs.
@Suite struct TreeReportTests {
    @Test func theTreeShowsGroupsExamplesDurationsFailuresAndSkips() {
        var lines: [String] = []
        let spec = root("Parser") {
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
        }
        let report = TreeReport { lines.append($0) }
        SpecEngine.run(spec, observer: report.receive)
        let shown = lines.map { $0.replacing(/\(\d+\.\d{3} s\)/, with: "(t)") }
        #expect(
            shown == [
                "Parser",
                "  when empty",
                "    ✔ returns nothing (t)",
                "    ✘ throws (t)",
                "      Boom(empty)",
                "  ✘ broken setup (t)",
                "    reset: Boom(reset)",
                "  skipped on Linux (no GPU)",
                "  skipped legacy (excluded)",
                "  ✘ afterAll: Boom(teardown)",
            ])
    }

    /// Reported by a new user: an excluded example was printed before the tree, with its whole path.
    @Test func excludedElementsArePrintedInTheirPlace() {
        let spec = root("Title case") {
            it("capitalises words") {}
            xIt("handles right-to-left scripts") {}
            xContext("with locales") {
                it("dotted i") {}
                it("sharp s") {}
            }
            it("keeps acronyms") {}
        }
        #expect(
            tree(of: spec) == [
                "Title case",
                "  ✔ capitalises words (t)",
                "  skipped handles right-to-left scripts (excluded)",
                "  with locales",
                "    skipped dotted i (excluded)",
                "    skipped sharp s (excluded)",
                "  ✔ keeps acronyms (t)",
            ])
    }

    @Test func examplesLeftOutByFocusArePrintedInTheirPlace() {
        let spec = root("Cart") {
            it("adds") {}
            context("saving") {
                fIt("writes") {}
                it("reads") {}
            }
            it("empties") {}
        }
        #expect(
            tree(of: spec) == [
                "Cart",
                "  skipped adds (not focused)",
                "  saving",
                "    ✔ writes (t)",
                "    skipped reads (not focused)",
                "  skipped empties (not focused)",
            ])
    }

    @Test func aSpecThatRunsNothingPrintsItsLeftOutExamplesUnderItsRoot() {
        let spec = root("Off") {
            xIt("a") {}
            xContext("b") { it("c") {} }
        }
        #expect(tree(of: spec) == ["Off", "  skipped a (excluded)", "  b", "    skipped c (excluded)"])
    }

    /// A failure, a late failure, a flaky attempt's failure or a skip whose
    /// message has several lines keeps them under its example: each line
    /// after the first is indented past the first, never at the left margin.
    @Test func aMessageOfSeveralLinesStaysIndentedUnderItsExample() {
        let spec = root("Report") {
            context("in a group") {
                it("fails") { throw Boom("first line\nsecond line") }
                it("skips") { throw Skip("because\nof this") }
            }
            afterAll { throw Boom("teardown\nbroke") }
        }
        #expect(
            tree(of: spec) == [
                "Report",
                "  in a group",
                "    ✘ fails (t)",
                "      Boom(first line",
                "        second line)",
                "    skipped skips (because",
                "      of this)",
                "  ✘ afterAll: Boom(teardown",
                "    broke)",
            ])
    }

    private func tree(of spec: GroupNode<Synchronous>) -> [String] {
        var lines: [String] = []
        let report = TreeReport { lines.append($0) }
        SpecEngine.run(spec, observer: report.receive)
        return lines.map { $0.replacing(/\(\d+\.\d{3} s\)/, with: "(t)") }
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

    // reaches: SettingsWarning.reportNotKnown
    @Test func aReportRundownDoesNotKnowIsAWarningThatListsTheValidForms() {
        var warnings: [String] = []
        let settings = RunSettings(environment: ["RUNDOWN_REPORT": "junit"]) { warnings.append($0) }
        #expect(!settings.treeReport)
        #expect(warnings == ["RUNDOWN_REPORT=junit is not a report Rundown knows; valid forms: RUNDOWN_REPORT=tree"])
    }
}
