import Foundation
import RundownSettings
import RundownTestSupport
import Testing

@testable import Rundown

/// Behaviour#The-events-file: the records a spec run adds to the file of
/// `RUNDOWN_EVENTS`, in this process (`EventsFileOutputTests` runs both
/// frameworks' processes into one file). Each run is in a detached task,
/// which sees no test: the caller's host throws the spec's first failure.
struct EventsFileTests {
    /// A folder for one test's files, removed when it ends.
    final class Folder {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("rundown-events-\(UUID())")
        var events: String { url.appendingPathComponent("deeper/events.jsonl").path }

        deinit { try? FileManager.default.removeItem(at: url) }
    }

    /// Runs `root` with `RUNDOWN_EVENTS=path`; what it threw, as `path: error @line`.
    static func run(eventsAt path: String, _ root: @escaping @Sendable () -> SpecRoot<SyncCall>) async -> String? {
        var settings = RunSettings.plain
        settings.eventsPath = path
        return await Task.detached { () -> String? in
            do {
                try SpecRun(root(), settings: settings).run()
                return nil
            } catch let failure as SpecFailure {
                return "\(failure.path): \(failure.error) @\(failure.location.line)"
            } catch {
                return "\(error)"
            }
        }.value
    }

    /// A spec with a pass, a failure, a skip, a flaky retry and a failing
    /// hook: every example starts and ends once, in order, with its outcome;
    /// each failure names its element, closure, line and attempt; the skip
    /// its reason; every line validates against the schema, and the folder
    /// that was missing is made.
    @Test func everyRecordNamesItsElementAndValidates() async throws {
        let folder = Folder()
        let calls = Locked(0)
        let thrown = await Self.run(eventsAt: folder.events) {
            specRoot("Cart") {
                it("adds") {}
                it("totals") { throw TestFailure("wrong total") }  // line: totals
                it("saves") { throw Skip("no database") }  // line: saves
                // A thrown error is reported where its example was declared.
                it("retries", .retries(1)) {  // line: retries
                    let call = calls.withLock { count in
                        count += 1
                        return count
                    }
                    if call == 1 { throw TestFailure("first") }
                }
                context("when set up fails", .labels("db")) {
                    beforeEach { throw TestFailure("no set-up") }  // line: hook
                    it("never runs", .labels("slow")) {}
                }
            }
        }
        #expect(thrown?.hasPrefix(#"["Cart", "totals"]: wrong total"#) == true, "\(thrown ?? "nil")")
        let file = try EventsFileLines(folder.events)
        let first = try #require(file.records.first)
        #expect(first["kind"]?.stringValue == "runStarted")
        #expect(first["testRun"]?.stringValue == TestRunKey.current)
        #expect(file.records.dropFirst().allSatisfy { $0["processID"]?.intValue == Int(getpid()) })
        #expect(file.records.dropFirst().allSatisfy { $0["testID"] == .null })
        #expect(file.records[1]["kind"]?.stringValue == "specStarted")
        #expect(file.records.last?["kind"]?.stringValue == "specEnded")
        #expect(file.records.last?["outcome"]?.stringValue == "failed")

        let examples: [([String], String)] = [
            (["Cart", "adds"], "passed"), (["Cart", "totals"], "failed"), (["Cart", "saves"], "skipped"),
            (["Cart", "retries"], "flaky"), (["Cart", "when set up fails", "never runs"], "failed"),
        ]
        let starts = file.of("exampleStarted").map { $0["path"]?.strings ?? [] }
        let ends = file.of("exampleEnded").map { $0["path"]?.strings ?? [] }
        #expect(starts == examples.map(\.0))
        #expect(ends == examples.map(\.0))
        for (path, outcome) in examples {
            #expect(file.one("exampleEnded", path)?["outcome"]?.stringValue == outcome, "\(path)")
        }
        #expect(
            file.one("exampleEnded", ["Cart", "when set up fails", "never runs"])?["tags"]?.strings == ["db", "slow"])
        #expect(file.one("groupEnded", ["Cart", "when set up fails"])?["outcome"]?.stringValue == "failed")

        let totals = try #require(file.one("issueRecorded", ["Cart", "totals"]))
        #expect(totals["closure"]?.stringValue == "body")
        #expect(totals["late"]?.boolValue == false)
        #expect(totals["issue"]?["isFailure"]?.boolValue == true)
        #expect(totals["sourceLocation"]?["line"]?.intValue == SourceLine.marked("totals"))
        #expect(totals["sourceLocation"]?["fileID"]?.stringValue == "RundownTests/EventsFileTests.swift")
        #expect(totals["messages"]?.arrayValue?.first?["text"]?.stringValue == "wrong total")

        let hook = try #require(file.one("issueRecorded", ["Cart", "when set up fails", "never runs", "beforeEach"]))
        #expect(hook["closure"]?.stringValue == "beforeEach")
        #expect(hook["sourceLocation"]?["line"]?.intValue == SourceLine.marked("hook"))

        let retry = try #require(file.one("issueRecorded", ["Cart", "retries"]))
        #expect(retry["issue"]?["isFailure"]?.boolValue == false)
        #expect(retry["issue"]?["severity"]?.stringValue == "warning")
        #expect(retry["attempt"]?.intValue == 1)
        #expect(retry["attempts"]?.intValue == 2)
        #expect(retry["repetition"]?.intValue == 1)
        #expect(retry["sourceLocation"]?["line"]?.intValue == SourceLine.marked("retries"))
        #expect(file.of("warning", under: ["Cart", "retries"]).count == 1)

        let skip = try #require(file.one("skipped", ["Cart", "saves"]))
        #expect(skip["reason"]?.stringValue == "no database")
        #expect(skip["sourceLocation"]?["line"]?.intValue == SourceLine.marked("saves"))
    }

    /// A file of another run is replaced; this run's specs add to it, the
    /// `runStarted` line staying the first and only one.
    @Test func aFileOfAnotherRunIsReplacedAndThisRunsIsAddedTo() async throws {
        let folder = Folder()
        try FileManager.default.createDirectory(
            atPath: (folder.events as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        let stale =
            #"{"version":1,"kind":"runStarted","testRun":"parent 1 started 2","instant":{"absolute":1,"since1970":1},"processID":1}"#
        try Data((stale + "\n").utf8).write(to: URL(fileURLWithPath: folder.events))
        #expect(await Self.run(eventsAt: folder.events) { specRoot("First") { it("passes") {} } } == nil)
        #expect(await Self.run(eventsAt: folder.events) { specRoot("Second") { it("passes") {} } } == nil)
        let file = try EventsFileLines(folder.events)
        #expect(file.of("runStarted").count == 1)
        #expect(file.records.first?["testRun"]?.stringValue == TestRunKey.current)
        #expect(file.of("specStarted").map { $0["path"]?.strings ?? [] } == [["First"], ["Second"]])
        #expect(file.of("specEnded").map { $0["outcome"]?.stringValue } == ["passed", "passed"])
    }

    /// The schema's check fails a record the schema does not allow: a field
    /// it does not know, a kind it does not name, a field missing, a wrong type.
    @Test func theSchemaCheckFailsWhatTheSchemaDoesNotAllow() throws {
        let check = try EventsFileLines.schema()
        let valid =
            #"{"version":1,"kind":"exampleStarted","instant":{"absolute":1.5,"since1970":2},"processID":7,"testID":null,"path":["a"],"sourceLocation":null,"tags":[]}"#
        #expect(check.problems(of: try JSONValue(parsing: valid)) == [])
        let invalid = [
            valid.replacing(#""tags":[]"#, with: #""tags":[],"extra":1"#),
            valid.replacing("exampleStarted", with: "exampleBegun"),
            valid.replacing(#","tags":[]"#, with: ""),
            valid.replacing(#""processID":7"#, with: #""processID":"7""#),
            valid.replacing(#""path":["a"]"#, with: #""path":"a""#),
        ]
        for text in invalid {
            #expect(!check.problems(of: try JSONValue(parsing: text)).isEmpty, "\(text)")
        }
    }

    // reaches: EventsNotWritten
    @Test func aPathThatCannotBeWrittenFailsTheSpecSayingWhereAndWhy() async throws {
        let folder = Folder()
        try FileManager.default.createDirectory(at: folder.url, withIntermediateDirectories: true)
        // A plain file where a folder should be: no user, root included, can write below it.
        let blocker = folder.url.appendingPathComponent("a-file").path
        try Data("x".utf8).write(to: URL(fileURLWithPath: blocker))
        let ran = Log()
        let thrown = await Self.run(eventsAt: blocker + "/events.jsonl") {
            specRoot("Cart") { it("adds") { ran("adds") } }
        }
        #expect(ran.entries == ["adds"])
        #expect(
            thrown
                == "[\"Cart\"]: cannot write the events to \(blocker)/events.jsonl (RUNDOWN_EVENTS): "
                + "cannot make the folder \(blocker): Not a directory; make RUNDOWN_EVENTS name a file this process "
                + "can write @1")
    }
}

/// An error with a message of its own.
private struct TestFailure: Error, CustomStringConvertible {
    var description: String
    init(_ description: String) { self.description = description }
}
