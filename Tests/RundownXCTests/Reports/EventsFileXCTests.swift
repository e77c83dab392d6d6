import Foundation
import RundownSettings
import RundownTestSupport
import XCTest

@testable import Rundown

/// Behaviour#The-events-file, under XCTest: a spec that a test case hosts
/// writes records that name that test, start and end every example once,
/// mark an example that passed on a retry `flaky` with its earlier attempt
/// as a warning, and validate against the shipped schema.
final class EventsFileXCTests: XCTestCase {
    func testARunHostedByATestCaseNamesItAndValidates() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("rundown-events-\(UUID())")
        defer { try? FileManager.default.removeItem(at: folder) }
        let events = folder.appendingPathComponent("events.jsonl").path
        var settings = RunSettings.plain
        settings.eventsPath = events
        let calls = Locked(0)
        let root = Self.root("Cart") {
            it("adds") {}
            it("saves", .retries(1)) {  // line: saves
                let call = calls.withLock { count in
                    count += 1
                    return count
                }
                if call == 1 { throw URLError(.timedOut) }
            }
        }
        try SpecRun(root, testCase: self, settings: settings).run()

        let schema = JSONSchemaCheck(
            try JSONValue(
                parsing: String(
                    contentsOf: PackageRoot.of().appendingPathComponent("Schemas/rundown-events.schema.json"),
                    encoding: .utf8)))
        let lines = try String(contentsOfFile: events, encoding: .utf8).split(separator: "\n")
        let records = try lines.map { line in
            let record = try JSONValue(parsing: String(line))
            XCTAssertEqual(schema.problems(of: record), [], "\(line)")
            return record
        }
        func of(_ kind: String) -> [JSONValue] { records.filter { $0["kind"]?.stringValue == kind } }
        XCTAssertEqual(records.first?["kind"]?.stringValue, "runStarted")
        XCTAssertEqual(
            Set(records.dropFirst().compactMap { $0["testID"]?.stringValue }),
            ["EventsFileXCTests.testARunHostedByATestCaseNamesItAndValidates"])
        XCTAssertEqual(of("exampleStarted").map { $0["path"]?.strings ?? [] }, [["Cart", "adds"], ["Cart", "saves"]])
        XCTAssertEqual(of("exampleEnded").map { $0["path"]?.strings ?? [] }, [["Cart", "adds"], ["Cart", "saves"]])
        XCTAssertEqual(of("exampleEnded").map { $0["outcome"]?.stringValue ?? "" }, ["passed", "flaky"])
        let retry = of("issueRecorded")
        XCTAssertEqual(retry.count, 1)
        XCTAssertEqual(retry.first?["issue"]?["isFailure"]?.boolValue, false)
        XCTAssertEqual(retry.first?["attempt"]?.intValue, 1)
        XCTAssertEqual(retry.first?["attempts"]?.intValue, 2)
        XCTAssertEqual(retry.first?["sourceLocation"]?["line"]?.intValue, SourceLine.marked("saves"))
        XCTAssertEqual(of("specEnded").first?["outcome"]?.stringValue, "flaky")
    }

    private static func root(
        _ name: String, @ExampleBuilder<SyncCall> _ content: () -> ExampleGroup<SyncCall>
    ) -> SpecRoot<SyncCall> {
        SpecRoot(
            SpecCall(
                name, [], function: "", fileID: "RundownXCTests/EventsFileXCTests.swift", filePath: #filePath, line: 1,
                column: 1),
            content: content())
    }
}
