import RundownEngine
import Testing

@testable import Rundown

/// Behaviour#JUnit-reports and Behaviour#The-tree-report: the reports print what the plan skipped in the order the walk reports
/// it, which is where it stands in the tree; they place nothing themselves.
@Suite struct SkippedInPlaceReportTests {
    @Test func theJUnitReportListsSkippedExamplesAmongThoseThatRan() {
        let spec = root("Cart") {
            it("adds") {}
            xIt("saves") {}
            context("totals") {
                xIt("rounds") {}
                it("sums") {}
            }
        }
        let junit = JUnitCollector(seed: nil)
        SpecEngine.run(spec, observer: junit.receive)
        let xml = junit.suite(specName: "Cart", testName: nil, time: .zero).xml
        let names = xml.matches(of: /<testcase name="([^"]*)"/).map { String($0.output.1) }
        #expect(names == ["Cart, adds", "Cart, saves", "Cart, totals, rounds", "Cart, totals, sums"])
        #expect(xml.contains(#"<skipped message="excluded"/>"#))
    }

    @Test func aGroupThatSkipsInItsBeforeAllPrintsItsExamplesAndGroupsInDeclarationOrder() {
        let spec = root("Cart") {
            context("saving") {
                beforeAll { throw Skip("no disk") }
                context("to a file") { it("writes") {} }
                it("syncs") {}
                xIt("compresses") {}
            }
        }
        var lines: [String] = []
        let tree = TreeReport { lines.append($0) }
        SpecEngine.run(spec, observer: tree.receive)
        #expect(
            lines == [
                "Cart",
                "  saving",
                "    to a file",
                "      skipped writes (no disk)",
                "    skipped syncs (no disk)",
                "    skipped compresses (excluded)",
            ])
    }

    @Test func aSkippedExampleAfterARunningGroupIsNotPrintedInsideIt() {
        let spec = root("Cart") {
            context("totals") {
                it("sums") {}
                xContext("legacy") { it("rounds") {} }
            }
            xIt("saves") {}
            context("later") { it("loads") {} }
        }
        var lines: [String] = []
        let tree = TreeReport { lines.append($0) }
        SpecEngine.run(spec, observer: tree.receive)
        #expect(
            lines.map { $0.replacing(/\(\d+\.\d{3} s\)/, with: "(t)") } == [
                "Cart",
                "  totals",
                "    ✔ sums (t)",
                "    legacy",
                "      skipped rounds (excluded)",
                "  skipped saves (excluded)",
                "  later",
                "    ✔ loads (t)",
            ])
    }
}
