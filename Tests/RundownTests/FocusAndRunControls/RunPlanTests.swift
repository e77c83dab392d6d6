import RundownEngine
import RundownTestSupport
import Testing

@testable import Rundown

/// Behaviour#Focus-and-exclusion, Behaviour#Filter-by-path, Behaviour#Shards, Behaviour#Labels and
/// Behaviour#Seeded-order, as one value: one plan decides, for every element, whether it runs, is skipped or is
/// left out, and which control decided; the walk reports the skipped examples where they stand.
@Suite struct RunPlanTests {
    private let log = Log()

    /// Every kind of mark, at the top and nested.
    private func marked() -> GroupNode<Synchronous> {
        let log = log
        return root("Shop") {
            beforeAll { log("beforeAll") }
            it("lists") { log("lists") }
            xIt("imports") { log("imports") }
            context("cart") {
                fIt("adds") { log("adds") }
                it("removes") { log("removes") }
                xContext("legacy") { it("migrates") { log("migrates") } }
            }
            context("checkout") {
                it("pays") { log("pays") }
            }
            context("empty after exclusion") {
                xIt("waits") { log("waits") }
            }
        }
    }

    @Test func thePlanIsAValueThatDecidesEveryElementWithoutRunningAnything() throws {
        let plan = RunPlan(marked())
        #expect(log.entries.isEmpty)
        let decisions = plan.decisions.map { "\($0.path.joined(separator: ", ")): \($0.decision)" }
        #expect(
            decisions == [
                "Shop: run",
                "Shop, lists: skipped (not focused)",
                "Shop, imports: skipped (excluded)",
                "Shop, cart: run",
                "Shop, cart, adds: run",
                "Shop, cart, removes: skipped (not focused)",
                "Shop, cart, legacy: skipped (excluded)",
                "Shop, cart, legacy, migrates: skipped (excluded)",
                "Shop, checkout: skipped (not focused)",
                "Shop, checkout, pays: skipped (not focused)",
                "Shop, empty after exclusion: skipped (not focused)",
                "Shop, empty after exclusion, waits: skipped (not focused)",
            ])
        #expect(plan.decision(at: ["Shop", "cart", "adds"]) == .run)
        #expect(plan.decision(at: ["Shop", "nowhere"]) == nil)
        #expect(plan.filteredOutCount == 0 && plan.unplaced.isEmpty && !plan.nothingSelected)
        // What runs, and where the skipped examples stand among it.
        let planned = try #require(plan.root)
        #expect(planned.content.elements.map(\.description) == ["cart"])
        #expect(
            planned.skippedInPlace?.before.map { $0.map { $0.path.joined(separator: ", ") } } == [
                ["Shop, lists", "Shop, imports"],
                ["Shop, checkout, pays", "Shop, empty after exclusion, waits"],
            ])
        #expect(log.entries.isEmpty)
    }

    @Test func withoutFocusAGroupWhoseElementsAreAllExcludedHasNothingToRun() {
        let plan = RunPlan(
            root("Shop") {
                it("lists") {}
                context("old") { xIt("waits") {} }
            })
        #expect(plan.decision(at: ["Shop", "old"]) == .skipped(.nothingToRun))
        #expect(plan.decision(at: ["Shop", "old", "waits"]) == .skipped(.excluded))
        #expect(plan.decision(at: ["Shop", "lists"]) == .run)
    }

    @Test func selectionSaysWhichControlLeftEachExampleOut() throws {
        let tree = root("Shop") {
            it("lists", .labels("db")) {}
            it("imports") {}
            context("cart", .labels("db")) {
                it("adds") {}
                it("removes") {}
            }
        }
        let labels = try LabelExpression(parsing: "db")
        let byLabels = RunPlan(tree, controls: RunControls(labels: labels))
        #expect(byLabels.decision(at: ["Shop", "imports"]) == .leftOut(.labels))
        #expect(byLabels.decision(at: ["Shop", "cart", "adds"]) == .run)
        #expect(byLabels.filteredOutCount == 1)

        let byFilter = RunPlan(tree, controls: RunControls(filter: ["cart"]))
        #expect(byFilter.decision(at: ["Shop", "lists"]) == .leftOut(.filter))
        #expect(byFilter.decision(at: ["Shop", "cart", "removes"]) == .run)

        let byList = RunPlan(tree, controls: RunControls(exactPaths: ["Shop, cart, adds"], exactPathsFile: "f"))
        #expect(byList.decision(at: ["Shop", "cart", "removes"]) == .leftOut(.pathList))
        #expect(byList.decision(at: ["Shop", "cart", "adds"]) == .run)

        let byExample = RunPlan(tree, controls: RunControls(example: ["Shop", "imports"]))
        #expect(byExample.decision(at: ["Shop", "lists"]) == .leftOut(.example))
        // A group none of whose examples is selected is left out as a whole.
        #expect(byExample.decision(at: ["Shop", "cart"]) == .leftOut(.nothingSelected))
        #expect(byExample.decision(at: ["Shop", "cart", "adds"]) == .leftOut(.example))
        #expect(byExample.filteredOutCount == 3)

        let shard = try #require(Shard(index: 1, count: 2))
        let byShard = RunPlan(tree, controls: RunControls(shard: shard))
        for path in [["Shop", "lists"], ["Shop", "imports"], ["Shop", "cart", "adds"], ["Shop", "cart", "removes"]] {
            #expect(byShard.decision(at: path) == (shard.contains(path) ? .run : .leftOut(.shard)))
        }
        // The first control in order that does not select an example is its cause.
        let both = RunControls(filter: ["nothing"], labels: try LabelExpression(parsing: "ui"))
        #expect(both.leftOutCause(["Shop", "lists"], labels: ["db"]) == .labels)
        #expect(both.leftOutCause(["Shop", "lists"], labels: ["ui"]) == .filter)
        #expect(RunControls.none.leftOutCause(["Shop", "lists"]) == nil)
    }

    @Test func selectionComesBeforeFocusAndNothingSelectedIsTheSpecsOwnSkip() {
        let tree = root("Shop") {
            fIt("adds") {}
            it("lists") {}
        }
        // The filter leaves the focused example out: focus then finds none, and what is selected runs.
        let plan = RunPlan(tree, controls: RunControls(filter: ["lists"]))
        #expect(plan.decision(at: ["Shop", "adds"]) == .leftOut(.filter))
        #expect(plan.decision(at: ["Shop", "lists"]) == .run)
        let none = RunPlan(tree, controls: RunControls(filter: ["zzz"]))
        #expect(none.root == nil && none.nothingSelected)
        #expect(none.decision(at: ["Shop"]) == .leftOut(.nothingSelected))
        var off = root("Off") { it("a") {} }
        off.marks.isExcluded = true
        let excluded = RunPlan(off)
        #expect(excluded.root == nil && !excluded.nothingSelected)
        #expect(excluded.unplaced.map(\.path) == [["Off", "a"]])
        #expect(excluded.decision(at: ["Off"]) == .skipped(.excluded))
    }

    @Test func aPlainTreeIsItsOwnPlan() {
        let tree = root("Shop") {
            it("lists") {}
            context("cart") { it("adds") {} }
        }
        let plan = RunPlan(tree)
        #expect(plan.root?.content.elements.map(\.description) == ["lists", "cart"])
        #expect(plan.root?.skippedInPlace == nil)
        #expect(plan.decisions.allSatisfy { $0.decision == .run })
    }

    // MARK: The walk reports skipped examples where they stand

    /// The events of a run, one line each, skipping durations and locations.
    private func events(_ tree: GroupNode<Synchronous>, _ controls: RunControls = .none) -> [String] {
        var lines: [String] = []
        SpecEngine.run(tree, controls: controls) { event in
            switch event {
            case .groupStarted(let path, _): lines.append("start \(path.joined(separator: ", "))")
            case .groupFinished(let path): lines.append("end \(path.joined(separator: ", "))")
            case .exampleStarted(let path, _): lines.append("run \(path.joined(separator: ", "))")
            case .exampleFinished(let path, .skipped(let reason), _):
                lines.append("skipped \(path.joined(separator: ", ")) (\(reason ?? ""))")
            case .exampleFinished: break
            case .failed(let failure): lines.append("failed \(failure.pathDescription)")
            case .skipped, .noticed: break
            }
        }
        return lines
    }

    @Test func theWalkReportsSkippedExamplesInDeclarationOrderBetweenThoseThatRun() {
        let tree = root("Shop") {
            it("lists") {}
            xIt("imports") {}
            context("cart") {
                xContext("legacy") { it("migrates") {} }
                it("adds") {}
                xIt("removes") {}
            }
            xIt("exports") {}
            afterAll { throw Boom("closing") }
        }
        #expect(
            events(tree) == [
                "start Shop",
                "run Shop, lists",
                "skipped Shop, imports (excluded)",
                "start Shop, cart",
                "skipped Shop, cart, legacy, migrates (excluded)",
                "run Shop, cart, adds",
                "skipped Shop, cart, removes (excluded)",
                "end Shop, cart",
                // Before the group's afterAll, as the last of its elements.
                "skipped Shop, exports (excluded)",
                "failed Shop, afterAll",
                "end Shop",
            ])
    }

    @Test func aSkippedExampleStandsBeforeTheFirstElementDeclaredAfterItInTheSeedsOrder() {
        let tree = root("Shop") {
            it("a") {}
            xIt("b") {}
            it("c") {}
            it("d") {}
            it("e") {}
        }
        let controls = RunControls(seed: 7)
        let ran = events(tree, controls).filter { $0.hasPrefix("run ") || $0.hasPrefix("skipped ") }
        let order = RunPlan(tree, controls: controls).root?.content.elements.map(\.description) ?? []
        // The kept elements run in the seed's order, the same as a plan without the skipped one would give.
        #expect(order == SeededOrder.shuffled(["a", "c", "d", "e"], seed: 7, path: ["Shop"]))
        let firstAfter = order.first { $0 > "b" } ?? ""
        var expected = order.map { "run Shop, \($0)" }
        expected.insert("skipped Shop, b (excluded)", at: order.firstIndex(of: firstAfter) ?? order.count)
        #expect(ran == expected)
    }

    @Test func aGroupWhoseBeforeAllFailsEndsItsExamplesAndItsSkippedOnesInPlace() {
        let tree = root("Shop") {
            beforeAll { throw Boom("no database") }
            it("lists") {}
            xIt("imports") {}
            context("cart") { it("adds") {} }
        }
        var finished: [String] = []
        let report = SpecEngine.run(tree) { event in
            if case .exampleFinished(let path, let result, _) = event {
                finished.append("\(path.joined(separator: ", ")): \(result)")
            }
        }
        #expect(
            finished == [
                "Shop, lists: failed", "Shop, imports: skipped(reason: Optional(\"excluded\"))",
                "Shop, cart, adds: failed",
            ])
        #expect(report.failedCount == 2 && report.skippedCount == 1)
    }

    @Test func inAConcurrentGroupSkippedExamplesStandBetweenTheElementsThatRan() async {
        let tree = asyncRoot("Shop") {
            context("parallel", .concurrent) {
                it("a") {}
                xIt("b") {}
                it("c") {}
            }
        }
        var lines: [String] = []
        await SpecEngine.run(tree) { event in
            switch event {
            case .exampleStarted(let path, _): lines.append("run \(path.last ?? "")")
            case .exampleFinished(let path, .skipped, _): lines.append("skipped \(path.last ?? "")")
            default: break
            }
        }
        #expect(lines == ["run a", "skipped b", "run c"])
    }
}
