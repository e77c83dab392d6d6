#if os(Linux)
import Foundation
import RundownTestSupport
import Testing

/// Behaviour#The-events-file, black-box: the file of `RUNDOWN_EVENTS` as one run
/// of `swift test` writes it, XCTest's process and then Swift Testing's
/// into one file (`EventsFixtures.swift`, in child processes of this test
/// binary, run as `FailuresFileOutputTests` runs its families).
@Suite(.serialized, .enabled(if: HostOutput.testBinary != nil, "needs the SwiftPM test binary"))
struct EventsFileOutputTests {
    static let fixtures = PackageRoot.of().appendingPathComponent("Tests/RundownHostFixtures/EventsFixtures.swift").path
    static let samples = PackageRoot.of().appendingPathComponent("Tests/RundownHostFixtures/EventStreamSamples.swift")

    /// The line (from 1) of the article's sample that holds `text`, which is on one line only.
    static func sampleLine(holding text: String) -> Int {
        let lines =
            (try? String(contentsOf: samples, encoding: .utf8))?.split(
                separator: "\n", omittingEmptySubsequences: false) ?? []
        let found = lines.indices.filter { lines[$0].contains(text) }
        #expect(found.count == 1, "\(found.count) lines of the sample hold \(text)")
        return found.count == 1 ? found[0] + 1 : 0
    }

    /// Both processes add to one file: one `runStarted`, then each
    /// process's records whole, its settings' warning first; every example starts and ends once; failures
    /// name their element, closure and line, the late one marked and failing
    /// its example, one that comes after the spec ended following its end;
    /// the flaky example's earlier attempt is a warning with its attempt; the
    /// skip has its reason; every line validates against the schema.
    @Test func bothProcessesOfARunWriteOneFileThatValidates() async throws {
        let folder = try FailuresFileOutputTests.Folder()
        let events = folder.url.appendingPathComponent("run/events.jsonl").path
        let ended = try await FailuresFileOutputTests.run(
            [[.xctest("EventsXCTestFixtures")], [.swiftTesting("EventsSwiftTestingFixtures")]], in: folder,
            // A setting not understood is a warning of each process (not strict, so no failure, on CI too).
            environment: ["RUNDOWN_EVENTS": events, "RUNDOWN_SHARD": "2 of 3", "RUNDOWN_STRICT": "0"])
        #expect(ended.map(\.status) == [1, 1], "\(ended.map(\.lines))")
        let file = try EventsFileLines(events)
        #expect(file.records.first?["kind"]?.stringValue == "runStarted")
        #expect(file.of("runStarted").count == 1)
        let processes = file.records.dropFirst().compactMap { $0["processID"]?.intValue }
        // Each process's records are together: its spec was added whole.
        #expect(Set(processes).count == 2)
        #expect(zip(processes, processes.dropFirst()).count { $0 != $1 } == 1, "\(processes)")
        // Each process's settings warning, once, before its spec, on no path.
        let warnings = file.of("warning").filter { $0["path"]?.strings == [] }
        #expect(warnings.count == 2)
        #expect(Set(warnings.compactMap { $0["processID"]?.intValue }).count == 2)
        for warning in warnings {
            #expect(
                warning["messages"]?.arrayValue?.first?["text"]?.stringValue
                    == "RUNDOWN_SHARD=2 of 3 is not a shard Rundown knows; valid forms: RUNDOWN_SHARD=i/n with "
                    + "1 <= i <= n, such as RUNDOWN_SHARD=2/5")
            #expect(warning["testID"] == .null)
        }
        for name in ["XC", "ST"] {
            try check(file, spec: "Events \(name)", marks: name)
        }
        #expect(
            file.one("specStarted", ["Events XC"])?["testID"]?.stringValue?.contains("testEveryKindOfRecord") == true)
        #expect(file.one("specStarted", ["Events ST"])?["testID"]?.stringValue?.contains("everyKindOfRecord") == true)
    }

    private func check(_ file: EventsFileLines, spec: String, marks: String) throws {
        func line(_ name: String) -> Int {
            guard marks == "ST" else { return SourceLine.marked("\(marks) \(name)", in: Self.fixtures) }
            let texts = [
                "fails": "wrong total", "skips": "no database\")", "retry": "events ST retry", "late": "\"late\")",
                "hook": "FixtureError()",
            ]
            return Self.sampleLine(holding: texts[name] ?? name)
        }
        let examples: [([String], String)] =
            [
                ([spec, "passes"], "passed"), ([spec, "fails"], "failed"), ([spec, "skips"], "skipped"),
                ([spec, "passes on a retry"], "flaky"), ([spec, "leaks a late failure"], "failed"),
                ([spec, "when set up fails", "never runs"], "failed"),
            ] + (marks == "XC" ? [([spec, "leaks a failure past the spec"], "passed")] : [])
        let starts = file.of("exampleStarted", under: [spec]).map { $0["path"]?.strings ?? [] }
        let ends = file.of("exampleEnded", under: [spec]).map { $0["path"]?.strings ?? [] }
        #expect(starts == examples.map(\.0))
        #expect(ends == examples.map(\.0))
        for (path, outcome) in examples {
            #expect(file.one("exampleEnded", path)?["outcome"]?.stringValue == outcome, "\(path)")
        }
        #expect(file.one("exampleEnded", [spec, "leaks a late failure"])?["tags"]?.strings == ["slow"])
        #expect(file.one("specEnded", [spec])?["outcome"]?.stringValue == "failed")

        let fails = try #require(file.one("issueRecorded", [spec, "fails"]))
        #expect(fails["closure"]?.stringValue == "body")
        #expect(fails["late"]?.boolValue == false)
        #expect(fails["sourceLocation"]?["line"]?.intValue == line("fails"))
        #expect(fails["messages"]?.arrayValue?.first?["text"]?.stringValue?.contains("wrong total") == true)

        let late = try #require(file.one("issueRecorded", [spec, "leaks a late failure"]))
        #expect(late["late"]?.boolValue == true)
        #expect(late["issue"]?["isFailure"]?.boolValue == true)
        #expect(late["sourceLocation"]?["line"]?.intValue == line("late"))
        // After its example's end, which says it failed.
        let lateIndex = file.records.firstIndex { $0 == late }
        let endIndex = file.records.firstIndex { $0 == file.one("exampleEnded", [spec, "leaks a late failure"]) }
        #expect(lateIndex != nil && endIndex != nil && lateIndex! > endIndex!)

        let hook = try #require(file.one("issueRecorded", [spec, "when set up fails", "never runs", "beforeEach"]))
        #expect(hook["closure"]?.stringValue == "beforeEach")
        #expect(hook["sourceLocation"]?["line"]?.intValue == line("hook"))
        #expect(hook["tags"]?.strings == ["db"])

        let retry = try #require(file.one("issueRecorded", [spec, "passes on a retry"]))
        #expect(retry["issue"]?["isFailure"]?.boolValue == false)
        #expect(retry["attempt"]?.intValue == 1)
        #expect(retry["attempts"]?.intValue == 2)
        #expect(retry["sourceLocation"]?["line"]?.intValue == line("retry"))

        let skip = try #require(file.one("skipped", [spec, "skips"]))
        #expect(skip["reason"]?.stringValue == "no database")
        #expect(skip["sourceLocation"]?["line"]?.intValue == line("skips"))
        guard marks == "XC" else {
            #expect(file.of("issueRecorded", under: [spec]).count == 4)
            return
        }
        // A failure that comes once the spec has ended follows the spec's end, late.
        let past = try #require(file.one("issueRecorded", [spec, "leaks a failure past the spec"]))
        #expect(past["late"]?.boolValue == true)
        #expect(past["issue"]?["isFailure"]?.boolValue == true)
        #expect(past["sourceLocation"]?["line"]?.intValue == line("after"))
        let pastIndex = file.records.firstIndex { $0 == past }
        let specEndIndex = file.records.firstIndex { $0 == file.one("specEnded", [spec]) }
        #expect(pastIndex != nil && specEndIndex != nil && pastIndex! > specEndIndex!)
        #expect(file.of("issueRecorded", under: [spec]).count == 5)
    }
}
#endif
