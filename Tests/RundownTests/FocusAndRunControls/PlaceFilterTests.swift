import Foundation
import RundownEngine
import RundownSettings
import RundownTestSupport
import Testing

@testable import Rundown

/// Behaviour#A-place-selects-what-is-declared-there, in process: `RUNDOWN_FILTER` takes places,
/// `File.swift:42`, beside path patterns and `@file`. `PlaceFilterOutputTests` runs the same from the
/// environment, in a child process, under both frameworks.
@Suite struct PlaceFilterTests {
    // MARK: Telling a place from a path pattern

    @Test func aPlaceIsAFileEndingInSwiftThenAColonAndDigits() {
        #expect(SourcePlace(pattern: "Stack.swift:42") != nil)
        #expect(SourcePlace(pattern: "Stack.swift:42")?.file == "Stack.swift")
        #expect(SourcePlace(pattern: "Stack.swift:42")?.line == 42)
        #expect(SourcePlace(pattern: "Tests/App Tests/Stack.swift:7")?.file == "Tests/App Tests/Stack.swift")
        for pattern in [
            "Stack.swift", "Stack.swift:", "Stack.swift:4a", "Stack.swift: 4", ".swift:3", "Tests/.swift:3",
            "timeout:30", "Cart, \"a:1\"", "Stack.swifty:3", "Stack:12", "Stack.swift:-1",
        ] {
            #expect(SourcePlace(pattern: pattern) == nil, "\(pattern)")
        }
    }

    @Test func theFileMatchesTheEndOfThePathOnAComponentBoundary() throws {
        let location = CodeLocation(
            fileID: "AppTests/Stack.swift", filePath: "/repo/Tests/AppTests/Stack.swift", line: 3, column: 5)
        for file in [
            "Stack.swift", "AppTests/Stack.swift", "Tests/AppTests/Stack.swift", "/repo/Tests/AppTests/Stack.swift",
        ] {
            #expect(try #require(SourcePlace(pattern: "\(file):3")).isInFile(location), "\(file)")
        }
        for file in ["ack.swift", "sts/AppTests/Stack.swift", "stack.swift", "Other/Stack.swift"] {
            #expect(try !#require(SourcePlace(pattern: "\(file):3")).isInFile(location), "\(file)")
        }
    }

    // MARK: What a place selects

    /// Where this file's places point: every element is marked, so a test names a line by its marker.
    private static let file = "PlaceFilterTests.swift"

    private static func place(_ marker: String, plus offset: Int = 0) -> String {
        "\(file):\(SourceLine.marked(marker) + offset)"
    }

    /// A spec whose every element and hook is on a marked line of this file.
    private func stack(_ log: Log) -> GroupNode<Synchronous> {
        GroupNode(
            description: "Stack",
            location: CodeLocation(fileID: #fileID, filePath: #filePath, line: #line, column: #column),  // line: root
            content: content(log).content)
    }

    @ExampleBuilder<SyncCall> private func content(_ log: Log) -> ExampleGroup<SyncCall> {
        beforeEach { log("Stack beforeEach") }  // line: stack beforeEach
        context("when empty") {  // line: when empty
            beforeAll { log("when empty beforeAll") }
            it("pops nothing") {  // line: pops nothing
                log("pops nothing")
            }
            it("has no top") { log("has no top") }  // line: has no top
            afterEach {  // line: when empty afterEach
                log("when empty afterEach")
            }
        }
        it("pushes") { log("pushes") }  // line: pushes
        it("counts") { log("counts") }  // line: counts
    }

    private func run(_ filter: String) -> (log: [String], report: SpecReport) {
        let log = Log()
        let report = SpecEngine.run(stack(log), controls: RunControls(filter: [filter]))
        return (log.entries, report)
    }

    @Test func aPlaceOnAnExamplesLineRunsThatExampleWithTheHooksOnTheWay() {
        let (log, report) = run(Self.place("has no top"))
        // Each-hooks run around a nested group, as one element (Behaviour#A-nested-group-is-one-element).
        #expect(log == ["Stack beforeEach", "when empty beforeAll", "has no top", "when empty afterEach"])
        #expect(report.passedCount == 1 && report.filteredOutCount == 3 && report.placeMisses.isEmpty)
    }

    @Test func aLineWithNothingOnItSelectsTheNearestElementAboveIt() {
        // Inside the body of "pops nothing": that example.
        let (log, report) = run(Self.place("pops nothing", plus: 1))
        #expect(log == ["Stack beforeEach", "when empty beforeAll", "pops nothing", "when empty afterEach"])
        #expect(report.passedCount == 1 && report.filteredOutCount == 3)
        // Below the last element: the last element.
        #expect(run(Self.place("counts", plus: 3)).log == ["Stack beforeEach", "counts"])
    }

    @Test func aGroupsLineRunsTheGroupWholeWithItsHooks() {
        let (log, report) = run(Self.place("when empty"))
        #expect(
            log == [
                "Stack beforeEach", "when empty beforeAll",
                "pops nothing", "when empty afterEach", "has no top", "when empty afterEach",
            ])
        #expect(report.passedCount == 2 && report.filteredOutCount == 2)
    }

    @Test func aLineInAHookRunsTheHooksGroupWhole() {
        #expect(
            run(Self.place("when empty afterEach", plus: 1)).log.filter { !$0.contains("Stack") } == [
                "when empty beforeAll", "pops nothing", "when empty afterEach", "has no top", "when empty afterEach",
            ])
        // The spec's own hook, or its `spec` line: every example.
        #expect(run(Self.place("stack beforeEach")).report.passedCount == 4)
        #expect(run(Self.place("root")).report.passedCount == 4)
    }

    @Test func severalPlacesAndPatternsInOneListEachAddTheirExamples() throws {
        let value = "\(Self.place("pushes")) | \(Self.place("pops nothing")) | counts"
        var warnings: [String] = []
        let settings = RunSettings(environment: ["RUNDOWN_FILTER": value]) { warnings.append($0) }
        #expect(warnings.isEmpty)
        #expect(settings.filter.count == 3 && settings.controls.places.count == 2)
        let log = Log()
        let report = SpecEngine.run(stack(log), controls: settings.controls)
        #expect(
            log.entries.filter { !$0.contains("Stack") && !$0.contains("when empty") } == [
                "pops nothing", "pushes", "counts",
            ])
        #expect(report.passedCount == 3 && report.filteredOutCount == 1)
        #expect(settings.selectionDescription == "RUNDOWN_FILTER=\(settings.filter.joined(separator: "|"))")
    }

    @Test func aPlaceMixesWithAPathListFile() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("rundown-place-\(UUID())")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let list = folder.appendingPathComponent("failed.txt").path
        try Data("Stack, counts\n".utf8).write(to: URL(fileURLWithPath: list))
        var warnings: [String] = []
        let settings = RunSettings(environment: ["RUNDOWN_FILTER": "@\(list)|\(Self.place("pushes"))"]) {
            warnings.append($0)
        }
        #expect(warnings.isEmpty)
        let log = Log()
        let report = SpecEngine.run(stack(log), controls: settings.controls)
        #expect(log.entries == ["Stack beforeEach", "pushes", "Stack beforeEach", "counts"])
        #expect(report.passedCount == 2 && report.filteredOutCount == 2)
        #expect(settings.selectionDescription == "RUNDOWN_FILTER=\(Self.place("pushes"))|@\(list)")
    }

    @Test func aListFileThatCannotBeReadLeavesTheOtherEntriesToSelect() {
        var warnings: [String] = []
        let settings = RunSettings(environment: ["RUNDOWN_FILTER": "@/no/such/failed.txt|\(Self.place("pushes"))"]) {
            warnings.append($0)
        }
        #expect(
            warnings.map { $0.prefix(while: { $0 != ";" }) } == [
                "RUNDOWN_FILTER=@/no/such/failed.txt: the file cannot be read (no such file), and the list selects by its other entries"
            ])
        let log = Log()
        SpecEngine.run(stack(log), controls: settings.controls)
        #expect(log.entries == ["Stack beforeEach", "pushes"])
    }

    @Test func aPathPatternWithAColonThatIsNoPlaceStillMatchesPaths() {
        let log = Log()
        let report = SpecEngine.run(
            root("Timeouts") {
                it("waits timeout:30") { log("30") }
                it("waits timeout:60") { log("60") }
                it("reads Config.swift:3 lines") { log("config") }
            }, controls: RunControls(filter: ["timeout:30", "config.swift:3 LINES"]))
        #expect(log.entries == ["30", "config"])
        #expect(report.filteredOutCount == 1)
    }

    @Test func aPlaceSelectsInTheOutermostSpecOnly() {
        let log = Log()
        let controls = RunControls(filter: [Self.place("outer example")])
        SpecEngine.run(
            root("Outer") {
                it("outer") {  // line: outer example
                    SpecEngine.run(
                        root("Inner") {
                            it("first") { log("first") }
                            it("second") { log("second") }
                        }, controls: controls)
                }
                it("other") { log("other") }
            }, controls: controls)
        #expect(log.entries == ["first", "second"])
    }

    // MARK: A place that names nothing

    // reaches: RundownWarning.placeNamesNothing
    @Test func aPlaceAboveEverythingOfItsFileWarnsAndTheSpecIsSkippedAsNothingSelected() {
        let place = "\(Self.file):\(SourceLine.marked("root") - 1)"
        let (log, report) = run(place)
        #expect(log.isEmpty)
        #expect(report.everythingSkipped && report.passedCount == 0 && report.filteredOutCount == 4)
        #expect(report.skips.map(\.description) == ["Stack: skipped (no example selected by RUNDOWN_FILTER=\(place))"])
        #expect(report.placeMisses.map(\.place.description) == [place])
        // A spec name of its own: the process gives each warning once.
        #expect(
            RunOutputs.placeMissLines(report, specName: "Stack (place above)") == [
                "warning: RUNDOWN_FILTER place '\(place)' names no element of 'Stack (place above)': nothing of it is declared on or above that line of the file; its first element there is on line \(SourceLine.marked("root")). Give the line of an example, a group or a hook, or a line below one (a line inside an example's body names the example)"
            ])
        #expect(RunOutputs.placeMissLines(report, specName: "Stack (place above)").isEmpty)
    }

    @Test func aPlaceInAFileWithoutTheSpecWarnsOnlyWhenNothingIsSelected() {
        let (log, report) = run("Nowhere.swift:12")
        #expect(log.isEmpty && report.everythingSkipped && report.filteredOutCount == 4)
        #expect(
            RunOutputs.placeMissLines(report, specName: "Stack (other file)") == [
                "warning: RUNDOWN_FILTER place 'Nowhere.swift:12' names no element of 'Stack (other file)': none of its elements is declared in a file whose path ends in 'Nowhere.swift'. Give the file's name or the end of its path, then ':' and a line, such as RUNDOWN_FILTER=Stack.swift:42 or RUNDOWN_FILTER=Tests/Stack.swift:42, and name the test that runs the spec"
            ])
        // Another entry selected something: a place in another spec's file is no mistake of this spec.
        let log2 = Log()
        let selected = SpecEngine.run(stack(log2), controls: RunControls(filter: ["Nowhere.swift:12", "counts"]))
        #expect(log2.entries == ["Stack beforeEach", "counts"])
        #expect(selected.placeMisses.count == 1)
        #expect(RunOutputs.placeMissLines(selected, specName: "Stack (selected)").isEmpty)
    }

    // MARK: A `Spec` argument

    /// The examples of a `Spec`: a run of one builds only its path, yet a place names what it
    /// names in the whole spec.
    private static func placed(_ log: Log) -> Spec {
        Spec.synchronous("Placed") {
            it("first") { log("first") }  // line: spec first
            context("group") {
                it("second") {  // line: spec second
                    log("second")
                }
            }
            it("third") { log("third") }  // line: spec third
        }
    }

    private func ranArguments(_ filter: String) async -> [String] {
        await Task.detached { () -> [String] in
            // A detached task sees no Swift Testing test: each argument reports to its caller.
            var settings = RunSettings.plain
            settings.filter = [filter]
            let log = Log()
            for example in Self.placed(log).examples {
                try? await example.run(from: settings)
            }
            return log.entries
        }.value
    }

    @Test func aPlaceSelectsTheArgumentsOfASpecByTheWholeSpec() async {
        // The closing line of "second"'s body: "second", not "first", the nearest of the tree its run builds.
        #expect(await ranArguments(Self.place("spec second", plus: 2)) == ["second"])
        // Below "third": "third", not "second" in the run of "second".
        #expect(await ranArguments(Self.place("spec third", plus: 1)) == ["third"])
        #expect(await ranArguments(Self.place("spec first")) == ["first"])
    }
}
