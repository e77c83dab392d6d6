import Foundation
import RundownEngine
import RundownSettings
import RundownTestSupport
import Testing

@testable import Rundown

/// Behaviour#Rerunning-what-failed: what `RUNDOWN_FAILURES` lists (every failed example, a late
/// failure's example, a failing group hook's group) and what `RUNDOWN_FILTER=@file` reads back,
/// seen from inside one process. `FailuresFileOutputTests` runs the processes of whole runs.
@Suite struct FailuresListTests {
    private func settings(_ environment: [String: String]) -> (RunSettings, [String]) {
        var warnings: [String] = []
        let settings = RunSettings(environment: environment) { warnings.append($0) }
        return (settings, warnings)
    }

    // reaches: SettingsWarning.filterFileIsFolder
    @Test func aFolderGivenAsTheFilterFileIsAWarningThatSaysSo() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("rundown-folder-\(UUID())")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let (read, warnings) = settings(["RUNDOWN_FILTER": "@\(folder.path)"])
        #expect(read.controls.exactPaths == nil)
        #expect(
            warnings == [
                "RUNDOWN_FILTER=@\(folder.path): that is a folder, not a file, and every example runs; name the file in it that RUNDOWN_FAILURES wrote; valid forms: RUNDOWN_FILTER=pattern, RUNDOWN_FILTER=pattern|pattern|…, RUNDOWN_FILTER=@file (a file of example paths, one a line, as RUNDOWN_FAILURES writes them), RUNDOWN_FILTER=File.swift:42 (the element declared on that line of that file, or the nearest one above it), entries mixed as RUNDOWN_FILTER=entry|entry|…"
            ])
    }

    // MARK: The file's text

    @Test func theListKeepsARunsPathsOnceAndWhatItReplacedForThatRunToRead() {
        let header = FailuresList.header("run 1")
        let none =
            "# Rundown: before that run there was no such file, and RUNDOWN_FILTER=@file finds none in any process of that run."
        let first = FailuresList.adding(["Spec, a", "Spec, b"], to: nil, inRun: "run 1")
        #expect(first == "\(header)\nSpec, a\nSpec, b\n\(none)\n")
        let second = FailuresList.adding(["Spec, b", "Other, c"], to: first, inRun: "run 1")
        #expect(second == "\(header)\nSpec, a\nSpec, b\nOther, c\n\(none)\n")
        // The next run replaces the list, and keeps the one it replaced, for its own processes to read.
        let next = FailuresList.adding([], to: second, inRun: "run 2")
        #expect(
            next
                == FailuresList.header("run 2")
                + "\n# Rundown: before that run this file listed the paths below, which RUNDOWN_FILTER=@file reads in every process of that run:\n#   Spec, a\n#   Spec, b\n#   Other, c\n"
        )
        #expect(FailuresList.selection(in: next, forRun: "run 2") == ["Spec, a", "Spec, b", "Other, c"])
        #expect(FailuresList.selection(in: next, forRun: "run 3") == [], "what failed in run 2: nothing")
        #expect(FailuresList.selection(in: second, forRun: "run 1") == nil, "run 1 began with no file")
        #expect(FailuresList.selection(in: second, forRun: "run 2") == ["Spec, a", "Spec, b", "Other, c"])
        #expect(
            FailuresList.adding(["Spec, d"], to: "", inRun: "run 4").hasSuffix(
                "Spec, d\n# Rundown: before that run this file listed the paths below, which RUNDOWN_FILTER=@file reads in every process of that run:\n"
            ))
    }

    @Test func aListAUserWroteIsReadAsItStands() {
        let text = "# my reruns\nSpec, a\n\n  Spec, Inner, b  \n"
        #expect(FailuresList.selection(in: text, forRun: "run 1") == ["Spec, a", "Spec, Inner, b"])
        #expect(FailuresList.selection(in: nil, forRun: "run 1") == nil)
        #expect(FailuresList(parsing: text).runKey == nil)
    }

    @Test func aListedGroupSelectsItsExamples() {
        let controls = RunControls(exactPaths: ["Spec, group", "Spec, alone"])
        #expect(controls.selects(["Spec", "group", "x"]))
        #expect(controls.selects(["Spec", "group", "inner", "y"]))
        #expect(controls.selects(["Spec", "alone"]))
        #expect(!controls.selects(["Spec", "groupie", "x"]))
        #expect(!controls.selects(["Spec", "other"]))
        #expect(!controls.selects(["Spec"]))
    }

    // MARK: What a run lists

    /// The paths a run of `root` writes to the file of `RUNDOWN_FAILURES`.
    private func listed(_ root: GroupNode<Asynchronous>) async throws -> [String] {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("rundown-listed-\(UUID()).txt")
        defer { try? FileManager.default.removeItem(at: file) }
        var settings = RunSettings()
        settings.failuresPath = file.path
        let outputs = RunOutputs(settings)
        let report = await SpecEngine.run(root, progress: outputs.wantsProgress, observer: outputs.receive)
        #expect(outputs.finish(report, specName: "Spec", testName: nil, settings: settings) { _ in } == nil)
        return try String(contentsOf: file, encoding: .utf8).split(separator: "\n").map(String.init)
            .filter { !$0.hasPrefix("#") }
    }

    @Test func aFailingGroupHookListsItsGroupAndAFailedExampleItself() async throws {
        let listed = try await listed(
            asyncRoot("Spec") {
                context("closing") {
                    it("passes") {}
                    afterAll { throw Boom("close") }
                }
                context("opening") {
                    beforeAll { throw Boom("open") }
                    it("never runs") {}
                }
                context("around") {
                    beforeEach { if ExampleRunner.current?.path.contains("nested") == true { throw Boom("each") } }
                    context("nested") {
                        it("a") {}
                    }
                }
                it("fails") { throw Boom("fails") }
                it("passes") {}
                afterAll("root") { throw Boom("root") }
            })
        #expect(
            listed.sorted() == [
                "Spec", "Spec, around, nested", "Spec, around, nested, a", "Spec, closing", "Spec, fails",
                "Spec, opening",
                "Spec, opening, never runs",
            ])
    }

    @Test func aLateFailureListsItsExample() async throws {
        let (mayFail, letFail) = AsyncStream.makeStream(of: Void.self)
        let task = Locked<Task<Void, Never>?>(nil)
        let listed = try await listed(
            asyncRoot("Spec") {
                it("leaks a task") {
                    task.withLock {
                        $0 = Task {
                            for await _ in mayFail { break }
                            ExampleRunner.current?.post("late", at: scenarioLocation)
                        }
                    }
                }
                it("passes") {}
                afterAll {
                    letFail.yield()
                    await task.withLock { $0 }?.value
                }
            })
        #expect(listed == ["Spec, leaks a task"])
    }
}
