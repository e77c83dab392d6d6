import Foundation
import RundownSettings
import RundownTestSupport
import XCTest

@testable import Rundown

/// Behaviour#A-list-is-the-plan in an XCTest method: with `RUNDOWN_LIST` set, a spec prints its
/// plan in one write, runs no hook and no example (each would record a failure here), and the
/// method passes.
final class PlanListingXCTests: CheckedTestCase {
    private func dryRun(
        _ format: ListFormat, @ExampleBuilder<SyncCall> _ content: () -> ExampleGroup<SyncCall>
    ) throws -> [String] {
        var settings = RunSettings.plain
        settings.list = format
        let root = SpecRoot(
            SpecCall(
                "Dry", [], function: #function, fileID: #fileID, filePath: #filePath, line: #line, column: #column),
            content: content())
        let printed = Locked<[String]>([])
        var run = SpecRun(root, testCase: self, settings: settings)
        run.print = { text in printed.withLock { $0.append(text) } }
        let failures = try capturingFailures { try run.run() }
        XCTAssertEqual(failures, [])
        return printed.current
    }

    func testADryRunRunsNoClosureAndPrintsEachElementAsOneJSONLine() throws {
        let ran = Locked<[String]>([])
        let writes = try dryRun(.json) {
            beforeAll { ran.withLock { $0.append("beforeAll") } }
            context("a, b", .labels("db")) {
                beforeEach { XCTFail("beforeEach ran in a dry run") }
                it(#"say "hi""#) { XCTFail("an example ran in a dry run") }
                xIt("parked") {}
            }
            it("back\\slash") { throw XCTSkip("an example ran in a dry run") }
            afterAll { ran.withLock { $0.append("afterAll") } }
        }
        XCTAssertEqual(ran.current, [])
        XCTAssertEqual(writes.count, 1, "one write per spec")
        let objects = try writes.joined().split(separator: "\n").map { line in
            try XCTUnwrap(JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
        }
        XCTAssertEqual(
            objects.map { $0["path"] as? [String] },
            [
                ["Dry"], ["Dry", "a, b"], ["Dry", "a, b", #"say "hi""#], ["Dry", "a, b", "parked"],
                ["Dry", #"back\slash"#],
            ])
        XCTAssertEqual(objects.map { $0["kind"] as? String }, ["group", "group", "example", "example", "example"])
        XCTAssertEqual(objects.map { $0["decision"] as? String }, ["run", "run", "run", "skipped", "run"])
        XCTAssertEqual(objects.map { $0["reason"] as? String }, [nil, nil, nil, "excluded", nil])
        XCTAssertEqual(objects.map { $0["labels"] as? [String] }, [[], ["db"], ["db"], ["db"], []])
        XCTAssertTrue(
            objects.allSatisfy { ($0["test"] as? String)?.contains("testADryRunRunsNoClosure") == true },
            "\(objects.map { $0["test"] ?? "-" })")
    }

    func testTheTextFormNamesTheMethodAndIndentsByDepth() throws {
        let writes = try dryRun(.text) {
            describe("when empty") {
                it("pops nothing") { XCTFail("an example ran in a dry run") }
            }
        }
        let lines = writes.joined().split(separator: "\n").map {
            $0.replacing(/PlanListingXCTests\.swift:\d+/, with: "PlanListingXCTests.swift:N")
        }
        XCTAssertEqual(
            lines,
            [
                // The method as XCTest names it: `PlanListingXCTests.testTheTextForm…` on Linux, `-[… …]` on macOS.
                "Rundown list of \(name), spec 'Dry':",
                "  Dry (PlanListingXCTests.swift:N): run",
                "    when empty (PlanListingXCTests.swift:N): run",
                "      pops nothing (PlanListingXCTests.swift:N): run",
            ])
    }
}
