#if os(Linux)
import Foundation
import RundownEngine
import RundownTestSupport
import Testing

/// Behaviour#A-list-is-the-plan, black-box: `RUNDOWN_LIST` given to a child run of this test binary
/// on `ListFixtures` (XCTest) and `ListSwiftTestingFixtures` (Swift Testing). What the listing says
/// runs is what a child run with the same settings and no listing runs, in the same order; a dry
/// run runs no closure (each would stop the process) and its test passes. One child at a time, as
/// in `RunControlOutputTests`.
@Suite(.serialized, .enabled(if: HostOutput.testBinary != nil, "needs the SwiftPM test binary"))
struct ListOutputTests {
    static let file = "Tests/RundownHostFixtures/ListFixtures.swift"

    /// Runs `arguments` with `settings` and no other `RUNDOWN_*` or `CI` setting of this process.
    static func run(
        _ arguments: [String], _ settings: [String: String], binary: URL? = nil
    ) async throws -> HostOutput.Run {
        var environment = ProcessInfo.processInfo.environment.filter {
            !$0.key.hasPrefix("RUNDOWN_") && $0.key != "CI"
        }
        environment["RUNDOWN_FIXTURES"] = "1"
        environment["NO_COLOR"] = "1"
        environment.merge(settings) { $1 }
        let testBinary = URL(fileURLWithPath: try #require(HostOutput.testBinary))
        let run = try await ChildProcess.run(binary ?? testBinary, arguments, environment: environment)
        return HostOutput.Run(status: run.status, lines: try await HostOutput.lines(of: run.output))
    }

    static func xcTest(_ test: String, _ settings: [String: String]) async throws -> HostOutput.Run {
        try await run(["RundownHostFixtures.ListFixtures/\(test)"], settings)
    }

    /// The JSON objects of a listing, each line parsed on its own.
    static func objects(_ run: HostOutput.Run) throws -> [[String: Any]] {
        try run.lines.filter { $0.hasPrefix("{") }.map { line in
            try #require(
                JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any], "not a JSON object: \(line)")
        }
    }

    static func paths(_ objects: [[String: Any]]) -> [[String]] {
        objects.map { $0["path"] as? [String] ?? ["not an array of strings"] }
    }

    static let selections: [[String: String]] = [
        [:],
        ["RUNDOWN_SEED": "11"],
        ["RUNDOWN_FILTER": "pop|a, b"],
        ["RUNDOWN_SHARD": "1/2", "RUNDOWN_SEED": "3"],
        ["RUNDOWN_SHARD": "2/2", "RUNDOWN_SEED": "3"],
        ["RUNDOWN_LABELS": "!slow", "RUNDOWN_SEED": "12345"],
        ["RUNDOWN_FILTER": "e", "RUNDOWN_LABELS": "fast || db", "RUNDOWN_SEED": "99"],
    ]

    @Test(arguments: selections)
    func theListingRunsWhatARunWithTheSameSettingsRuns(_ settings: [String: String]) async throws {
        let real = try await Self.xcTest("testListed", settings)
        let ran = real.lines.filter { $0.hasPrefix("ran: ") }.map { String($0.dropFirst(5)) }
        #expect(!ran.isEmpty, "the comparison compares something")
        let listed = try await Self.xcTest("testListed", settings.merging(["RUNDOWN_LIST": "json"]) { $1 })
        #expect(listed.status == 0)
        #expect(listed.lines.filter { $0.hasPrefix("ran: ") || $0.hasPrefix("hook: ") }.isEmpty)
        let objects = try Self.objects(listed)
        let runs = objects.filter { $0["kind"] as? String == "example" && $0["decision"] as? String == "run" }
        #expect(runs.compactMap { ($0["path"] as? [String]).map(PathText.joined) } == ran)
        #expect(objects.allSatisfy { $0["test"] as? String == "ListFixtures.testListed" })
        #expect(objects.allSatisfy { $0["seed"] as? String == settings["RUNDOWN_SEED"] })
        // What does not run is listed too, with its reason.
        #expect(objects.count == 14)
        for object in objects where object["decision"] as? String != "run" {
            #expect(["skipped", "left out"].contains(object["decision"] as? String))
            #expect((object["reason"] as? String)?.isEmpty == false)
        }
    }

    @Test func aDryRunUnderXCTestRunsNoClosureAndItsTestPasses() async throws {
        let run = try await Self.xcTest("testNeverRuns", ["RUNDOWN_LIST": "json"])
        #expect(run.status == 0, "\(run.lines)")
        #expect(
            run.lines.contains(
                "\t Executed 1 test, with 0 failures (0 unexpected) in TIME (TIME) seconds"), "\(run.lines)")
        let objects = try Self.objects(run)
        #expect(
            Self.paths(objects) == [
                ["Never"], ["Never", "a, b"], ["Never", "a, b", #"say "hi""#], ["Never", "a, b", #"back\slash"#],
                ["Never", "focused"],
            ])
        #expect(
            objects.map { [$0["kind"] as? String, $0["decision"] as? String, $0["reason"] as? String] } == [
                ["group", "run", nil], ["group", "skipped", "not focused"], ["example", "skipped", "not focused"],
                ["example", "skipped", "not focused"], ["example", "run", nil],
            ])
        let focused = try #require(objects.last)
        #expect(focused["file"] as? String == Self.file)
        #expect(focused["line"] as? Int == SourceLine.marked("listed focus", in: HostOutput.root + Self.file))
    }

    @Test func aDryRunUnderSwiftTestingRunsNoClosureAndItsTestPasses() async throws {
        let run = try await Self.run(
            ["--testing-library", "swift-testing", "--filter", "RundownHostFixtures.ListSwiftTestingFixtures"],
            ["RUNDOWN_LIST": "json"])
        #expect(run.status == 0, "\(run.lines)")
        #expect(run.lines.contains("✔ Test neverRuns() passed after TIME seconds."), "\(run.lines)")
        let objects = try Self.objects(run)
        #expect(
            Self.paths(objects) == [
                ["Async never"], ["Async never", "größer 🧪"], ["Async never", "tab\there"],
                ["Async never", "tab\there", "records"],
            ])
        #expect(objects.allSatisfy { $0["decision"] as? String == "run" && $0["test"] as? String == "neverRuns()" })
    }

    @Test func aDryRunWithNoHostRunsNoClosureAndReturns() async throws {
        let binary = URL(fileURLWithPath: try #require(HostOutput.testBinary)).deletingLastPathComponent()
        let run = try await Self.run(
            ["list"], ["RUNDOWN_LIST": "json"],
            binary: binary.appendingPathComponent("RundownNoHostFixture"))
        #expect(run.status == 0, "\(run.lines)")
        #expect(run.lines.last == "returned normally")
        let objects = try Self.objects(run)
        #expect(
            Self.paths(objects) == [
                ["List no host"], ["List no host", "a, b"], ["List no host", "a, b", #"say "hi""#],
                ["List no host", "parked"],
            ])
        #expect(objects.map { $0["decision"] as? String } == ["run", "run", "run", "skipped"])
        #expect(objects.allSatisfy { $0["test"] == nil })
    }

    @Test func theTextFormIsOneLinePerElementIndentedByDepth() async throws {
        let run = try await Self.xcTest("testListed", ["RUNDOWN_LIST": "1", "RUNDOWN_FILTER": "pop"])
        #expect(run.status == 0)
        let start = try #require(
            run.lines.firstIndex(of: "Rundown list of ListFixtures.testListed, spec 'Listed':"), "\(run.lines)")
        let listing = run.lines[(start + 1)...].prefix(14).map {
            $0.replacing(/ListFixtures\.swift:\d+/, with: "ListFixtures.swift:N")
        }
        #expect(
            Array(listing) == [
                "  Listed (ListFixtures.swift:N): run",
                "    when empty (ListFixtures.swift:N) [fast]: run",
                "      pops nothing (ListFixtures.swift:N) [fast]: run",
                "      has no top (ListFixtures.swift:N) [fast, slow]: left out: filter",
                "      parked (ListFixtures.swift:N) [fast]: left out: filter",
                #"    a, b (ListFixtures.swift:N): left out: nothing in it selected"#,
                #"      say "hi" (ListFixtures.swift:N): left out: filter"#,
                "      c (ListFixtures.swift:N): left out: filter",
                "      deeper (ListFixtures.swift:N): left out: nothing in it selected",
                "        one (ListFixtures.swift:N): left out: filter",
                "        two (ListFixtures.swift:N) [slow]: left out: filter",
                "    push adds (ListFixtures.swift:N): left out: filter",
                "    peeks (ListFixtures.swift:N) [db]: left out: filter",
                "    pops last (ListFixtures.swift:N): run",
            ])
        #expect(run.lines.filter { $0.hasPrefix("ran: ") || $0.hasPrefix("hook: ") }.isEmpty)
    }

    @Test func aValueNotUnderstoodWarnsAndTheSpecRuns() async throws {
        let run = try await Self.xcTest("testListed", ["RUNDOWN_LIST": "yes"])
        #expect(
            run.lines.contains { $0.contains("RUNDOWN_LIST=yes is not a value Rundown knows, and the specs run") },
            "\(run.lines)")
        #expect(run.lines.contains("ran: Listed, pops last"))
        #expect(!run.lines.contains { $0.hasPrefix("{") || $0.hasPrefix("Rundown list of") })
    }
}
#endif
