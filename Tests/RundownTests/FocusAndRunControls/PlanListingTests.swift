import Foundation
import RundownEngine
import RundownSettings
import RundownTestSupport
import Testing

@testable import Rundown

/// Behaviour#A-list-is-the-plan: a listing is read from the plan a run follows, so what it
/// says runs is what a run with the same settings runs, in the same order, and what it says is
/// skipped is reported skipped there.
@Suite struct PlanListingTests {
    /// A spec with focus nowhere, exclusions, labels, groups that selection empties, and steps
    /// holding the path separator and quotes.
    static func stack() -> GroupNode<Synchronous> {
        root("Stack") {
            beforeAll {}
            context("when empty", .labels("fast")) {
                beforeEach {}
                it("pops nothing") {}  // line: pops nothing
                it("has no top", .labels("slow")) {}
                xIt("parked") {}
            }
            context("a, b") {
                it(#"say "hi""#) {}
                it("c") {}
                context("deeper") {
                    it("one") {}
                    it("two", .labels("slow")) {}
                    it("three") {}
                }
            }
            xContext("parked group") {
                it("inside") {}
            }
            it("push adds") {}
            it("peeks", .labels("db")) {}
            it("pops last") {}
            afterAll {}
        }
    }

    /// The controls the comparisons run under: each selection setting, alone and together, with and without a seed.
    static let controls: [RunControls] = {
        let selections: [RunControls] = [
            RunControls(),
            RunControls(filter: ["pop"]),
            RunControls(filter: ["a, b", "push"]),
            RunControls(shard: Shard(index: 1, count: 3)),
            RunControls(shard: Shard(index: 3, count: 3)),
            RunControls(labels: try? LabelExpression(parsing: "!slow")),
            RunControls(filter: ["o"], shard: Shard(index: 2, count: 2), labels: try? LabelExpression(parsing: "!db")),
            RunControls(exactPaths: [#"Stack, "a, b""#, "Stack, peeks"]),
            RunControls(filter: ["nothing matches this"]),
        ]
        return selections.flatMap { selection in
            ([nil, 1, 42, 7_777] as [UInt64?]).map { seed in
                var controls = selection
                controls.seed = seed
                return controls
            }
        }
    }()

    /// Each example a run reaches, in order: those it started and those it reported skipped without starting.
    static func reached(_ root: GroupNode<Synchronous>, _ controls: RunControls) -> [String] {
        var reached: [String] = []
        var started: [String]?
        SpecEngine.run(root, controls: controls) { event in
            switch event {
            case .exampleStarted(let path, _):
                started = path
                reached.append("run: " + PathText.joined(path))
            case .exampleFinished(let path, .skipped(let reason), _) where started != path:
                reached.append("skipped: \(reason ?? "-"): " + PathText.joined(path))
            default:
                break
            }
        }
        return reached
    }

    /// The same, as the listing says.
    static func listed(_ root: GroupNode<Synchronous>, _ controls: RunControls) -> [String] {
        RunPlan(root, controls: controls).listing(controls: controls).compactMap { element in
            guard element.kind == .example else { return nil }
            switch element.decision {
            case .run: return "run: " + PathText.joined(element.path)
            case .skipped(let cause): return "skipped: \(cause): " + PathText.joined(element.path)
            case .leftOut: return nil
            }
        }
    }

    @Test(arguments: controls)
    func theListingRunsWhatARunRunsInItsOrder(_ controls: RunControls) {
        let reached = Self.reached(Self.stack(), controls)
        #expect(Self.listed(Self.stack(), controls) == reached)
        if controls.filter != ["nothing matches this"] {
            #expect(reached.contains { $0.hasPrefix("run: ") }, "the comparison compares something")
        }
    }

    @Test func focusDecidesAsInARun() {
        let focused = root("Focus") {
            context("outer") {
                fIt("only this") {}
                it("not this") {}
            }
            it("nor this") {}
            fContext("focused group") {
                it("runs") {}
                xIt("parked") {}
            }
        }
        for seed in [nil, 3] as [UInt64?] {
            let controls = RunControls(seed: seed)
            #expect(Self.listed(focused, controls) == Self.reached(focused, controls))
        }
        #expect(
            Self.listed(focused, RunControls()) == [
                "run: Focus, outer, only this", "skipped: not focused: Focus, outer, not this",
                "skipped: not focused: Focus, nor this", "run: Focus, focused group, runs",
                "skipped: excluded: Focus, focused group, parked",
            ])
    }

    @Test func everyElementIsListedOnceWithItsDecisionLocationAndLabels() throws {
        let controls = RunControls(filter: ["pop", "peek"])
        let listing = RunPlan(Self.stack(), controls: controls).listing(controls: controls)
        let lines = listing.map { element in
            "\(element.kind) \(PathText.joined(element.path)) \(element.labels) \(element.decision)"
        }
        #expect(
            lines == [
                "group Stack [] run",
                #"group Stack, when empty ["fast"] run"#,
                #"example Stack, when empty, pops nothing ["fast"] run"#,
                #"example Stack, when empty, has no top ["fast", "slow"] left out (filter)"#,
                #"example Stack, when empty, parked ["fast"] left out (filter)"#,
                #"group Stack, "a, b" [] left out (nothing in it selected)"#,
                #"example Stack, "a, b", say "hi" [] left out (filter)"#,
                #"example Stack, "a, b", c [] left out (filter)"#,
                #"group Stack, "a, b", deeper [] left out (nothing in it selected)"#,
                #"example Stack, "a, b", deeper, one [] left out (filter)"#,
                #"example Stack, "a, b", deeper, two ["slow"] left out (filter)"#,
                #"example Stack, "a, b", deeper, three [] left out (filter)"#,
                "group Stack, parked group [] left out (nothing in it selected)",
                "example Stack, parked group, inside [] left out (filter)",
                "example Stack, push adds [] left out (filter)",
                #"example Stack, peeks ["db"] run"#,
                "example Stack, pops last [] run",
            ])
        let pops = try #require(listing.first { $0.path.last == "pops nothing" })
        #expect(pops.location.filePath == #filePath)
        #expect(pops.location.line == SourceLine.marked("pops nothing"))
    }

    @Test func repetitionsAndRetriesAreListedForWhatRuns() throws {
        let repeated = root("Repeated") {
            it("once") {}
            it("thrice", .repeated(3)) {}
            describe("flaky", .retries(2)) {
                it("retried") {}
                xIt("parked") {}
            }
        }
        var controls = RunControls()
        controls.retries = 1
        let listing = RunPlan(repeated, controls: controls).listing(controls: controls)
        let attempts = listing.filter { $0.kind == .example }.map {
            "\($0.path.last ?? "") \($0.repetitions.map { "\($0)" } ?? "-") \($0.retries.map { "\($0)" } ?? "-")"
        }
        #expect(attempts == ["once - 1", "thrice times(3) 1", "retried - 2", "parked - -"])
    }

    // MARK: The dry run

    /// Runs `root` as `spec` does, with `RUNDOWN_LIST` set as `format`, in this test: any closure
    /// that ran would record an issue here, and fail it.
    static func dryRun(_ root: SpecRoot<SyncCall>, _ format: ListFormat, seed: UInt64? = nil) throws -> String {
        var settings = RunSettings.plain
        settings.list = format
        settings.seed = seed
        let printed = Protected<[String]>([])
        var run = SpecRun(root, settings: settings)
        run.print = { text in printed.withLock { $0.append(text) } }
        try run.run()
        let writes = printed.withLock { $0 }
        #expect(writes.count == 1, "one write per spec")
        return writes.joined()
    }

    static func neverRuns(_ log: Protected<[String]>) -> SpecRoot<SyncCall> {
        specRoot("Never") {
            beforeAll { log.withLock { $0.append("beforeAll") } }
            aroundEach { run in
                log.withLock { $0.append("aroundEach") }
                try run()
            }
            context("a, b") {
                beforeEach { log.withLock { $0.append("beforeEach") } }
                it(#"say "hi""#) {
                    log.withLock { $0.append("body") }
                    Issue.record("a body ran in a dry run")
                }
                it("back\\slash\ttab") { throw Boom("ran") }
            }
            it("größer 🧪") { throw Boom("ran") }
            afterEach { log.withLock { $0.append("afterEach") } }
        }
    }

    @Test func aDryRunRunsNoClosureAndEveryJSONLineParsesWithItsPathExact() throws {
        let log = Protected<[String]>([])
        let printed = try Self.dryRun(Self.neverRuns(log), .json)
        #expect(log.withLock { $0 }.isEmpty)
        let objects = try printed.split(separator: "\n", omittingEmptySubsequences: false).map { line in
            try #require(JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
        }
        #expect(
            objects.map { $0["path"] as? [String] } == [
                ["Never"], ["Never", "a, b"], ["Never", "a, b", #"say "hi""#],
                ["Never", "a, b", "back\\slash\ttab"], ["Never", "größer 🧪"],
            ])
        for object in objects {
            #expect(object["decision"] as? String == "run")
            // The root's location is the `spec` call's, which `specRoot` makes in RunControlTests.swift.
            let specCall = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent(
                "RunControlTests.swift")
            #expect(
                object["file"] as? String == ((object["path"] as? [String])?.count == 1 ? specCall.path : #filePath))
            #expect(object["spec"] as? String == "Never")
            #expect(object["seed"] == nil)
            #expect(object["labels"] as? [String] == [])
            #expect((object["line"] as? Int ?? 0) > 0)
            #expect(object["reason"] == nil)
        }
        let seeded = try Self.dryRun(Self.neverRuns(log), .json, seed: UInt64.max).split(separator: "\n").map { line in
            try #require(JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
        }
        #expect(seeded.map { $0["seed"] as? String } == Array(repeating: "\(UInt64.max)", count: 5))
        #expect(log.withLock { $0 }.isEmpty)
        #expect(objects.map { $0["kind"] as? String }.filter { $0 == "example" }.count == 3)
    }

    @Test func theTextFormIsIndentedByDepthAndHeadedByTheSpec() throws {
        let line = SourceLine.marked("listed text")
        let root = specRoot("Cart") {
            context("when empty") {  // line: listed text
                it("totals zero", .labels("fast")) {}
                xIt("parked") {}
            }
            it("adds", .repeated(2)) {}
        }
        let printed = try Self.dryRun(root, .text)
        #expect(
            printed.split(separator: "\n") == [
                "Rundown list of theTextFormIsIndentedByDepthAndHeadedByTheSpec(), spec 'Cart':",
                "  Cart (RunControlTests.swift:1): run",
                "    when empty (PlanListingTests.swift:\(line)): run",
                "      totals zero (PlanListingTests.swift:\(line + 1)) [fast]: run",
                "      parked (PlanListingTests.swift:\(line + 2)): skipped: excluded",
                "    adds (PlanListingTests.swift:\(line + 4)): run, 2 times",
            ])
    }

    @Test func aSpecInsideAnElementIsNotListedButRuns() throws {
        // A listed spec runs no element, so an inner spec only meets a dry run when the outer one runs.
        let ran = Protected<[String]>([])
        var settings = RunSettings.plain
        settings.list = .json
        let printed = Protected<[String]>([])
        try SpecRun(
            specRoot("Outer") {
                it("holds a spec") {
                    var inner = SpecRun(
                        specRoot("Inner") { it("runs") { ran.withLock { $0.append("inner") } } }, settings: settings)
                    inner.print = { text in printed.withLock { $0.append(text) } }
                    try inner.run()
                }
            }, settings: .plain
        ).run()
        #expect(ran.withLock { $0 } == ["inner"])
        #expect(printed.withLock { $0 }.isEmpty)
    }

    // reaches: SettingsWarning.listNotKnown
    @Test func theSettingIsOneJSONOrZeroAndAnyOtherValueIsAWarningListingThem() {
        func read(_ value: String) -> (ListFormat?, [String]) {
            var warnings: [String] = []
            let settings = RunSettings(environment: ["RUNDOWN_LIST": value]) { warnings.append($0) }
            return (settings.list, warnings)
        }
        #expect(read("1") == (.text, []))
        #expect(read("json") == (.json, []))
        #expect(read("0") == (nil, []))
        #expect(read("") == (nil, []))
        #expect(
            read("yes") == (
                nil,
                [
                    "RUNDOWN_LIST=yes is not a value Rundown knows, and the specs run; valid forms: RUNDOWN_LIST=1 (list each spec's plan as text instead of running it), RUNDOWN_LIST=json (the same as JSON Lines), RUNDOWN_LIST=0 (run)"
                ]
            ))
    }
}
