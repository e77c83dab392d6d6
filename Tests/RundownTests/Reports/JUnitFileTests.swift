import Foundation
import RundownEngine
import RundownSettings
import RundownTestSupport
import Testing

@testable import Rundown

#if canImport(FoundationXML)
import FoundationXML
#endif

/// Behaviour#JUnit-reports, in process: the JUnit file named by its path keeps
/// every suite of the run that wrote it, replaces one of another run, makes
/// its folders, and a file it cannot write fails the spec. `ControlsOutputTests`
/// has two processes write one file.
@Suite struct JUnitFileTests {
    private func suite(_ name: String, _ examples: [String]) -> JUnitSuite {
        let collector = JUnitCollector(seed: nil)
        SpecEngine.run(
            root(name) {
                for example in examples { it(example) {} }
            }, observer: collector.receive)
        return collector.suite(specName: name, testName: nil, time: .zero)
    }

    private func temporaryFolder() -> URL {
        FileManager.default.temporaryDirectory.appendingPathComponent("rundown-junit-\(UUID().uuidString)")
    }

    @Test func aSuiteOfTheSameRunIsAddedAndTheTotalsAddUp() throws {
        let first = JUnitFile.merged("", adding: suite("A", ["a1", "a2"]), runKey: "parent 1")
        let both = JUnitFile.merged(first, adding: suite("B", ["b1"]), runKey: "parent 1")
        let parsed = try JUnitDocument(both)
        #expect(parsed.suites.compactMap { $0["name"] } == ["A", "B"])
        #expect(parsed.cases.map(\.name) == ["A, a1", "A, a2", "B, b1"])
        #expect(parsed.root["tests"] == "3" && parsed.root["failures"] == "0" && parsed.root["skipped"] == "0")
    }

    @Test func aFileOfAnotherRunOrNotRundownsIsReplaced() throws {
        let earlier = JUnitFile.merged("", adding: suite("Old", ["x"]), runKey: "parent 1 started 10")
        for existing in [earlier, "<testsuites/>", "not XML at all", earlier + "trailing"] {
            let parsed = try JUnitDocument(
                JUnitFile.merged(existing, adding: suite("New", ["y"]), runKey: "parent 1 started 20"))
            #expect(parsed.suites.compactMap { $0["name"] } == ["New"])
            #expect(parsed.root["tests"] == "1")
        }
    }

    @Test func aFilePathInMissingFoldersIsWrittenAndAddedTo() throws {
        let folder = temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("deep/er/junit.xml").path
        try JUnitFile.shared.add(suite("A", ["a1"]), at: file)
        try JUnitFile.shared.add(suite("B", ["b1", "b2"]), at: file)
        let parsed = try JUnitDocument(String(contentsOfFile: file, encoding: .utf8))
        #expect(parsed.cases.map(\.name) == ["A, a1", "B, b1", "B, b2"])
        #expect(parsed.root["tests"] == "3")
    }

    @Test func specsFinishingInParallelInOneFileLoseNothing() async throws {
        let folder = temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("junit.xml").path
        try await withThrowingTaskGroup(of: Void.self) { group in
            for index in 0..<20 {
                group.addTask { try JUnitFile.shared.add(suite("Spec \(index)", ["a", "b"]), at: file) }
            }
            try await group.waitForAll()
        }
        let parsed = try JUnitDocument(String(contentsOfFile: file, encoding: .utf8))
        #expect(Set(parsed.suites.compactMap { $0["name"] }) == Set((0..<20).map { "Spec \($0)" }))
        #expect(parsed.cases.count == 40 && parsed.root["tests"] == "40")
    }

    // reaches: JUnitReportNotWritten
    @Test func aPathThatCannotBeWrittenFailsTheSpecSayingWhereAndWhy() async throws {
        let folder = temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        // A plain file where a folder should be: no user, root included, can write below it.
        let blocker = folder.appendingPathComponent("a-file")
        try Data("x".utf8).write(to: blocker)
        let cases = [
            (
                blocker.path + "/junit.xml",
                "cannot write the JUnit report to \(blocker.path)/junit.xml: cannot make the folder \(blocker.path): Not a directory; make RUNDOWN_JUNIT name a file, or a folder, this process can write"
            ),
            (
                blocker.path + "/sub/junit.xml",
                "cannot write the JUnit report to \(blocker.path)/sub/junit.xml: cannot make the folder \(blocker.path)/sub: Not a directory; make RUNDOWN_JUNIT name a file, or a folder, this process can write"
            ),
            (folder.path, nil),
        ]
        for (path, message) in cases {
            var settings = RunSettings.plain
            settings.junitPath = path
            let ran = Log()
            // A detached task sees no test: the caller's host throws the spec's first failure.
            let thrown = await Task.detached { () -> String? in
                let root = specRoot("Cart") { it("adds") { ran("adds") } }
                do {
                    try SpecRun(root, settings: settings).run()
                    return nil
                } catch let failure as SpecFailure {
                    return "\(failure.path): \(failure.error) @\(failure.location.line)"
                } catch {
                    return "\(error)"
                }
            }.value
            #expect(ran.entries == ["adds"], "\(path)")
            #expect(thrown == message.map { "[\"Cart\"]: \($0) @1" }, "\(path)")
        }
    }
}
