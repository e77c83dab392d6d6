import Foundation
import RundownEngine
import RundownSettings
import RundownTestSupport
import Testing

@testable import Rundown

#if canImport(FoundationXML)
import FoundationXML
#endif

/// Behaviour#Run-controls-work-the-same-everywhere, in process: the pure logic of the run controls (settings,
/// selection, hash, shuffle, focus guard, reports). `RunControlOutputTests`
/// runs the same controls from the environment, in a child process.
@Suite struct RunControlTests {
    // MARK: Settings

    private func settings(_ environment: [String: String]) -> (RunSettings, [String]) {
        var warnings: [String] = []
        let settings = RunSettings(environment: environment, randomSeed: { 99 }) { warnings.append($0) }
        return (settings, warnings)
    }

    @Test func eachSettingIsReadWithItsExactSyntax() {
        let (read, warnings) = settings([
            "RUNDOWN_FILTER": "when empty|push",
            "RUNDOWN_SHARD": "2/5",
            "RUNDOWN_SEED": "1234",
            "RUNDOWN_FORBID_FOCUS": "1",
            "RUNDOWN_JUNIT": "build/report.xml",
            "RUNDOWN_REPORT": "tree",
        ])
        #expect(warnings.isEmpty)
        #expect(read.filter == ["when empty", "push"])
        #expect(read.shard == Shard(index: 2, count: 5))
        #expect(read.seed == 1234 && !read.seedIsRandom)
        #expect(read.forbidFocus)
        #expect(read.junitPath == "build/report.xml")
        #expect(read.treeReport)
        #expect(
            read.controls
                == RunControls(
                    filter: ["when empty", "push"], shard: Shard(index: 2, count: 5), seed: 1234, forbidFocus: true))
    }

    @Test func spacesAroundAFilterBarAreNotPartOfThePatterns() {
        let (read, warnings) = settings(["RUNDOWN_FILTER": " when empty | push |"])
        #expect(warnings.isEmpty)
        #expect(read.filter == ["when empty", "push"])
        #expect(settings(["RUNDOWN_FILTER": " | "]).1.count == 1)
    }

    @Test func noSettingChangesNothing() {
        let (read, warnings) = settings([:])
        #expect(warnings.isEmpty)
        #expect(read.controls == .none)
        #expect(read.junitPath == nil && !read.treeReport)
    }

    @Test func aRandomSeedIsPickedAndMarkedForPrinting() {
        let (read, _) = settings(["RUNDOWN_SEED": "random"])
        #expect(read.seed == 99 && read.seedIsRandom)
    }

    // Behaviour#Focus-guard.
    @Test func ciForbidsFocusUnlessTurnedOff() {
        #expect(settings(["CI": "true"]).0.forbidFocus)
        #expect(!settings(["CI": "true", "RUNDOWN_FORBID_FOCUS": "0"]).0.forbidFocus)
        #expect(!settings(["CI": ""]).0.forbidFocus)
        #expect(settings(["CI": "1"]).0.forbidFocus)
        for no in ["0", "false", "FALSE", "no"] {
            #expect(!settings(["CI": no]).0.forbidFocus, "CI=\(no)")
        }
        #expect(settings(["RUNDOWN_FORBID_FOCUS": "1"]).0.forbidFocus)
    }

    // reaches: SettingsWarning.filterWithoutPattern, SettingsWarning.shardNotKnown, SettingsWarning.seedNotKnown, SettingsWarning.forbidFocusNotKnown
    @Test(arguments: [
        (
            "RUNDOWN_SHARD", "0/5",
            "RUNDOWN_SHARD=0/5 is not a shard Rundown knows; valid forms: RUNDOWN_SHARD=i/n with 1 <= i <= n, such as RUNDOWN_SHARD=2/5"
        ),
        (
            "RUNDOWN_SHARD", "6/5",
            "RUNDOWN_SHARD=6/5 is not a shard Rundown knows; valid forms: RUNDOWN_SHARD=i/n with 1 <= i <= n, such as RUNDOWN_SHARD=2/5"
        ),
        (
            "RUNDOWN_SHARD", "2",
            "RUNDOWN_SHARD=2 is not a shard Rundown knows; valid forms: RUNDOWN_SHARD=i/n with 1 <= i <= n, such as RUNDOWN_SHARD=2/5"
        ),
        (
            "RUNDOWN_SEED", "abc",
            "RUNDOWN_SEED=abc is not a seed Rundown knows; valid forms: RUNDOWN_SEED=<a whole number from 0 to 18446744073709551615>, RUNDOWN_SEED=random"
        ),
        (
            "RUNDOWN_SEED", "-1",
            "RUNDOWN_SEED=-1 is not a seed Rundown knows; valid forms: RUNDOWN_SEED=<a whole number from 0 to 18446744073709551615>, RUNDOWN_SEED=random"
        ),
        (
            "RUNDOWN_FORBID_FOCUS", "yes",
            "RUNDOWN_FORBID_FOCUS=yes is not a value Rundown knows; valid forms: RUNDOWN_FORBID_FOCUS=1, RUNDOWN_FORBID_FOCUS=0"
        ),
        (
            "RUNDOWN_FILTER", "||",
            "RUNDOWN_FILTER=|| has no pattern; valid forms: RUNDOWN_FILTER=pattern, RUNDOWN_FILTER=pattern|pattern|… (a part of an example's path, ignoring case), RUNDOWN_FILTER=File.swift:42 (the element declared on that line of that file, or the nearest one above it), RUNDOWN_FILTER=@file (a file of example paths, one a line)"
        ),
    ])
    func anUnknownValueIsAWarningListingTheValidFormsAndKeepsTheDefault(
        variable: String, value: String, warning: String
    ) {
        let (read, warnings) = settings([variable: value])
        #expect(warnings == [warning])
        #expect(read.controls == .none)
    }

    // MARK: Filter

    private func stack(_ log: Log) -> GroupNode<Synchronous> {
        root("Stack") {
            beforeAll { log("Stack beforeAll") }
            beforeEach { log("Stack beforeEach") }
            context("when empty") {
                beforeAll { log("when empty beforeAll") }
                it("pops nothing") { log("pops nothing") }
                it("has no top") { log("has no top") }
                afterAll { log("when empty afterAll") }
            }
            context("with one item") {
                beforeAll { log("with one item beforeAll") }
                it("pops it") { log("pops it") }
            }
            it("push adds") { log("push adds") }
            afterAll { log("Stack afterAll") }
        }
    }

    @Test func theFilterRunsMatchingExamplesWithTheHooksOnTheWay() {
        let log = Log()
        var events: [String] = []
        let report = SpecEngine.run(stack(log), controls: RunControls(filter: ["WHEN EMPTY, POPS", "push"])) { event in
            if case .exampleFinished(let path, _, _) = event { events.append(path.joined(separator: ", ")) }
        }
        #expect(
            log.entries == [
                "Stack beforeAll",
                "Stack beforeEach", "when empty beforeAll", "pops nothing", "when empty afterAll",
                "Stack beforeEach", "push adds",
                "Stack afterAll",
            ])
        // Filtered-out examples are counted, never reported one by one.
        #expect(events == ["Stack, when empty, pops nothing", "Stack, push adds"])
        #expect(report.passedCount == 2 && report.skippedCount == 0 && report.filteredOutCount == 2)
        #expect(report.skips.isEmpty && !report.everythingSkipped)
    }

    @Test func aFilterSelectingNothingRunsNoHookAndSkipsTheSpec() {
        let log = Log()
        let report = SpecEngine.run(stack(log), controls: RunControls(filter: ["nowhere"]))
        #expect(log.entries.isEmpty)
        #expect(report.filteredOutCount == 4 && report.passedCount + report.failedCount + report.skippedCount == 0)
        // Behaviour#Nothing-selected-is-no-pass:
        // a run that checked nothing is no pass; the spec is skipped, saying why.
        #expect(report.everythingSkipped)
        #expect(report.skips.map(\.description) == ["Stack: skipped (no example selected by RUNDOWN_FILTER=nowhere)"])
        #expect(
            RunOutputs.filteredOutLine(report, specName: "Stack", settings: settings(["RUNDOWN_FILTER": "nowhere"]).0)
                == "'Stack': no example selected, 4 filtered out (RUNDOWN_FILTER=nowhere)")
    }

    @Test func exclusionAndFocusApplyToTheSelectedExamples() {
        let report = SpecEngine.run(
            root("Spec") {
                xIt("parked a") {}
                it("other a") {}
                it("b") {}
            }, controls: RunControls(filter: ["a"]))
        #expect(report.skips.map(\.description) == ["Spec, parked a: skipped (excluded)"])
        #expect(report.passedCount == 1 && report.skippedCount == 1 && report.filteredOutCount == 1)
    }

    // MARK: Shards

    @Test func thePathHashIsFNV1aOverEachStepAndASeparator() {
        #expect(StablePathHash.of([]) == 0xcbf2_9ce4_8422_2325)
        // Computed by an independent implementation.
        #expect(StablePathHash.of(["Stack", "pops"]) == 0xf647_8304_7e4c_6099)
        #expect(StablePathHash.of(["Stack, pops"]) == 0x9795_d6bd_c61c_a3a8)
        #expect(Shard(index: 4, count: 5)!.contains(["Stack", "pops"]))
    }

    private func wide(_ count: Int, extra: Bool = false) -> GroupNode<Synchronous> {
        root("Wide") {
            for group in 0..<(count / 10) {
                context("group \(group)") {
                    for index in 0..<10 { it("example \(index)") {} }
                }
            }
            if extra { it("added later") {} }
        }
    }

    private func examples(of root: GroupNode<Synchronous>, _ controls: RunControls) -> Set<String> {
        var ran: Set<String> = []
        SpecEngine.run(root, controls: controls) { event in
            if case .exampleFinished(let path, .passed, _) = event { ran.insert(path.joined(separator: ", ")) }
        }
        return ran
    }

    // Behaviour#Shards.
    @Test func theShardsAreDisjointAndTogetherRunEveryExampleOnce() {
        let tree = wide(300)
        let all = examples(of: tree, .none)
        #expect(all.count == 300)
        for count in [1, 2, 3, 5, 7] {
            let shards = (1...count).map { examples(of: tree, RunControls(shard: Shard(index: $0, count: count))) }
            #expect(shards.reduce(0) { $0 + $1.count } == 300, "\(count) shards run 300 examples in all")
            #expect(shards.reduce(into: Set<String>()) { $0.formUnion($1) } == all)
            // Roughly even: no shard of 5 is empty or holds more than half.
            if count == 5 { #expect(shards.allSatisfy { $0.count > 20 && $0.count < 150 }) }
        }
    }

    @Test func addingAnExampleMovesNoOther() {
        for index in 1...5 {
            let shard = RunControls(shard: Shard(index: index, count: 5))
            let before = examples(of: wide(100), shard)
            let after = examples(of: wide(100, extra: true), shard)
            #expect(after.subtracting(["Wide, added later"]) == before)
        }
    }

    @Test func aShardIsOneToN() {
        #expect(
            Shard(index: 0, count: 3) == nil && Shard(index: 4, count: 3) == nil && Shard(index: 1, count: 0) == nil)
        #expect(Shard(index: 3, count: 3)?.description == "3/3")
    }

    // MARK: Seeded order

    @Test func theSeedsOrderIsPinnedAcrossPlatforms() {
        // Computed by an independent implementation of SplitMix64 and Fisher–Yates.
        #expect(SeededOrder.shuffled(Array("abcdef"), seed: 1234, path: ["Spec"]) == Array("afbdec"))
    }

    @Test func aSeedShufflesElementsOfEveryGroupAndHooksKeepTheirOrder() {
        let log = Log()
        SpecEngine.run(
            root("Stack") {
                beforeAll { log("beforeAll") }
                beforeEach { log("beforeEach 1") }
                beforeEach { log("beforeEach 2") }
                context("when empty") {
                    it("pops nothing") { log("pops nothing") }
                    it("has no top") { log("has no top") }
                }
                context("with one item") {
                    it("pops it") { log("pops it") }
                    it("breaks") { log("breaks") }
                }
                it("push adds") { log("push adds") }
                it("peeks") { log("peeks") }
                afterAll { log("afterAll") }
            }, controls: RunControls(seed: 7))
        let each = ["beforeEach 1", "beforeEach 2"]
        #expect(
            log.entries == ["beforeAll"]
                + each + ["pops nothing", "has no top"]
                + each + ["breaks", "pops it"]
                + each + ["peeks"]
                + each + ["push adds"]
                + ["afterAll"])
    }

    @Test func theSameSeedGivesTheSameOrderAndAnotherSeedAnother() {
        func order(_ seed: UInt64) -> [String] {
            var order: [String] = []
            SpecEngine.run(wide(50), controls: RunControls(seed: seed)) { event in
                if case .exampleFinished(let path, _, _) = event { order.append(path.joined(separator: ", ")) }
            }
            return order
        }
        #expect(order(42) == order(42))
        #expect(order(42) != order(43))
        #expect(Set(order(42)) == Set(order(43)))
    }

    @Test func aFailureOfASeededRunCarriesTheSeed() async throws {
        // A detached task sees no Swift Testing test: the caller host throws the first failure.
        let thrown = await Task.detached { () async -> Result<Void, any Error> in
            let root = specRoot("Cart") {
                it("a") {}
                it("saves") { throw Boom("disk full") }  // line: saves
            }
            var settings = RunSettings.plain
            settings.seed = 1234
            return Result { try SpecRun(root, settings: settings).run() }
        }.value
        #expect(throws: SpecFailure.self) { try thrown.get() }
        guard case .failure(let failure as SpecFailure) = thrown else { return }
        #expect(failure.description == "Cart, saves: Boom(disk full) (seed 1234)")
        #expect(failure.location.line == SourceLine.marked("saves"))
    }

    // MARK: Focus guard

    // reaches: FocusedElementLeftIn
    @Test func aForbiddenFocusIsAFailureNamingThePathAndLine() {
        let line = SourceLine.marked("writes")
        let report = SpecEngine.run(
            root("Cart") {
                context("saving") {
                    fIt("writes") {}  // line: writes
                    it("reads") {}
                }
            }, controls: RunControls(forbidFocus: true))
        #expect(
            report.failures.map(\.description) == [
                "Cart, saving, writes: focused element left in: Cart, saving, writes (RunControlTests.swift:\(line)); focus is forbidden in this run, remove the focus before committing"
            ])
        #expect(report.failures.first?.location.line == line)
        #expect(report.failures.first?.location.filePath == #filePath)
        // Focus still decides what runs.
        #expect(report.passedCount == 1 && report.skippedCount == 1)
    }

    @Test func focusIsAllowedByDefault() {
        let report = SpecEngine.run(
            root("Cart") {
                fIt("writes") {}
                it("reads") {}
            })
        #expect(report.failures.isEmpty)
    }

    @Test func aRunForbidsFocusOnlyWhenItsSettingsSaySo() async {
        // Rundown's own focus tests pass their settings, so CI=true does not fail them.
        func run(_ settings: RunSettings) async -> String? {
            await Task.detached { () async -> String? in
                let root = specRoot("Cart") {
                    fIt("writes") {}
                    it("reads") {}
                }
                do {
                    try SpecRun(root, settings: settings).run()
                    return nil
                } catch {
                    return "\(error)"
                }
            }.value
        }
        var forbidding = RunSettings.plain
        forbidding.forbidFocus = true
        #expect(
            await run(forbidding)?.hasPrefix(
                "Cart, writes: focused element left in: Cart, writes (RunControlTests.swift:") == true)
        #expect(await run(.plain) == nil)
    }

    // MARK: JUnit

    @Test func aJUnitSuiteHasOneTestCasePerExampleWithFailuresAndSkips() throws {
        let collector = JUnitCollector(seed: nil)
        let line = SourceLine.marked("fails")
        SpecEngine.run(
            root("Cart <&>") {
                context("when \"saving\"") {
                    it("passes") {}
                    it("skips") { throw Skip("no db") }
                    it("fails") { throw Boom("disk\nfull") }  // line: fails
                }
                context("broken") {
                    beforeAll { throw Boom("setup") }
                    beforeEach { throw Boom("unreached") }
                    it("never runs") {}
                }
                context("hooked") {
                    it("cleans up") {}
                    afterEach { throw Boom("cleanup") }
                }
                afterAll { throw Boom("teardown") }
            }, observer: collector.receive)
        let suite = collector.suite(specName: "Cart <&>", testName: "CartTests.testCart", time: .milliseconds(12))
        #expect((suite.tests, suite.failures, suite.skipped) == (7, 5, 1))
        let parsed = try JUnitDocument(JUnitFile.document([suite]))
        #expect(
            parsed.suites == [
                ["name": "Cart <&>", "tests": "7", "failures": "5", "errors": "0", "skipped": "1", "time": "0.012000"]
            ])
        #expect(
            parsed.cases.map(\.name) == [
                "Cart <&>, when \"saving\", passes",
                "Cart <&>, when \"saving\", skips",
                "Cart <&>, when \"saving\", fails",
                "Cart <&>, broken, beforeAll",
                "Cart <&>, broken, never runs",
                "Cart <&>, hooked, cleans up",
                "Cart <&>, afterAll",
            ])
        #expect(Set(parsed.cases.map(\.className)) == ["CartTests.testCart / Cart <&>"])
        try #require(parsed.cases.count == 7)
        let fails = parsed.cases[2]
        #expect(fails.failures == ["Boom(disk\nfull)"])
        #expect(parsed.cases[3].failures == ["Boom(setup)"])
        #expect(fails.failureTexts == ["\(#filePath):\(line): Boom(disk\nfull)"])
        #expect(parsed.cases[1].skipped == ["no db"])
        #expect(parsed.cases[4].failures == ["not run: a hook it depends on failed (see that hook's failure)"])
        #expect(parsed.cases[5].failures == ["afterEach: Boom(cleanup)"])
        #expect(parsed.cases[6].failures == ["Boom(teardown)"])
        #expect(parsed.cases[0].failures.isEmpty && parsed.cases[0].skipped.isEmpty)
    }

    @Test func specsFinishingInParallelEndUpInOneWellFormedFile() async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
            "rundown-junit-\(UUID().uuidString)")
        let path = directory.path + "/"
        defer { try? FileManager.default.removeItem(at: directory) }
        try await withThrowingTaskGroup(of: Void.self) { group in
            for index in 0..<20 {
                group.addTask {
                    let collector = JUnitCollector(seed: nil)
                    SpecEngine.run(
                        root("Spec \(index)") {
                            it("a") {}
                            it("b") {}
                        }, observer: collector.receive)
                    try JUnitFile.shared.add(
                        collector.suite(specName: "Spec \(index)", testName: nil, time: .zero), at: path)
                }
            }
            try await group.waitForAll()
        }
        let file = JUnitFile.file(for: path)
        #expect(file == path + "rundown-\(ProcessInfo.processInfo.processIdentifier).xml")
        let parsed = try JUnitDocument(String(contentsOfFile: file, encoding: .utf8))
        #expect(parsed.suites.count == 20 && parsed.cases.count == 40)
        #expect(parsed.root["tests"] == "40" && parsed.root["failures"] == "0")
    }

    @Test func aFilePathIsUsedAsItIs() {
        #expect(JUnitFile.file(for: "/nonexistent/report.xml") == "/nonexistent/report.xml")
    }

    @Test func xmlEscapesMarkupAndForbiddenCharacters() {
        #expect(XML.escape("a<b>&\"c'\n\u{1}") == "a&lt;b&gt;&amp;&quot;c&apos;&#10;\u{FFFD}")
        #expect(XML.seconds(.microseconds(1_234_567)) == "1.234567")
    }

    // MARK: Tree report

    @Test func theTreeIsPrintedInOnePieceHeadedByItsTest() {
        var settings = RunSettings.plain
        settings.treeReport = true
        let outputs = RunOutputs(settings)
        var printed: [String] = []
        let report = SpecEngine.run(root("Cart") { it("saves") {} }, observer: outputs.receive)
        outputs.finish(report, specName: "Cart", testName: "CartTests.testCart", settings: settings) {
            printed.append($0)
        }
        #expect(printed.count == 1)
        #expect(
            printed.first?.replacing(/\(\d+\.\d{3} s\)/, with: "(t)")
                == "Rundown tree of CartTests.testCart, spec 'Cart':\n  Cart\n    ✔ saves (t)")
    }
}

/// The root of a spec as `spec` makes it, for runs with settings of their own.
func specRoot(_ name: String, @ExampleBuilder<SyncCall> _ content: () -> ExampleGroup<SyncCall>) -> SpecRoot<SyncCall> {
    SpecRoot(
        SpecCall(
            name, [], function: "", fileID: "RundownTests/RunControlTests.swift", filePath: #filePath, line: 1,
            column: 1),
        content: content())
}

/// A JUnit document as Foundation's XML parser reads it.
struct JUnitDocument {
    struct Case {
        var name: String
        var className: String
        var failures: [String] = []
        var failureTexts: [String] = []
        var skipped: [String] = []
        /// The case's `property` elements, as `name=value`.
        var properties: [String] = []
    }

    var root: [String: String] = [:]
    var suites: [[String: String]] = []
    var cases: [Case] = []

    init(_ text: String) throws {
        let delegate = Delegate()
        let parser = XMLParser(data: Data(text.utf8))
        parser.delegate = delegate
        guard parser.parse() else {
            throw ParseError(message: parser.parserError.map { "\($0)" } ?? "unknown")
        }
        self = delegate.document
    }

    struct ParseError: Error { var message: String }

    private final class Delegate: NSObject, XMLParserDelegate {
        var document = JUnitDocument(empty: ())
        private var text: String?

        func parser(
            _ parser: XMLParser, didStartElement name: String, namespaceURI: String?, qualifiedName: String?,
            attributes: [String: String] = [:]
        ) {
            switch name {
            case "testsuites": document.root = attributes
            case "testsuite": document.suites.append(attributes)
            case "testcase":
                document.cases.append(Case(name: attributes["name"] ?? "?", className: attributes["classname"] ?? "?"))
            case "failure":
                document.cases[document.cases.count - 1].failures.append(attributes["message"] ?? "")
                text = ""
            case "skipped": document.cases[document.cases.count - 1].skipped.append(attributes["message"] ?? "")
            case "property" where !document.cases.isEmpty:
                document.cases[document.cases.count - 1].properties.append(
                    "\(attributes["name"] ?? "?")=\(attributes["value"] ?? "?")")
            default: break
            }
        }

        func parser(_ parser: XMLParser, foundCharacters string: String) {
            text? += string
        }

        func parser(_ parser: XMLParser, didEndElement name: String, namespaceURI: String?, qualifiedName: String?) {
            if name == "failure", let text {
                if !text.isEmpty { document.cases[document.cases.count - 1].failureTexts.append(text) }
                self.text = nil
            }
        }
    }

    private init(empty: Void) {}
}
