import Foundation
import RundownSettings
import RundownTestSupport
import XCTest

@testable import Rundown

/// Behaviour#A-place-selects-what-is-declared-there under XCTest: a place of the filter runs what
/// it names and nothing else, and the failure of the example it named is recorded once, at that
/// example's line. `PlaceFilterOutputTests` runs the setting from the environment, skips included.
final class PlaceFilterXCTests: CheckedTestCase {
    private static func placed(_ log: Log) -> Spec {
        Spec.synchronous("Placed XC") {
            it("passes") { log("passes") }
            context("group") {  // line: xc placed group
                beforeEach { log("group beforeEach") }
                it("fails") {  // line: xc placed fails
                    log("fails")
                    throw Boom("placed")
                }
                it("also") { log("also") }
            }
            it("other") { log("other") }
        }
    }

    /// Runs the spec in this test, under the XCTest host, with `filter` as `RUNDOWN_FILTER` would give it.
    private func run(_ spec: Spec, filter: String) throws -> [RecordedFailure] {
        guard case .sync(let content) = spec.content else {
            XCTFail("a synchronous spec")
            return []
        }
        var settings = RunSettings.plain
        settings.filter = filter.split(separator: "|").map(String.init)
        return try capturingFailures {
            try SpecRun(spec.root(content), testCase: self, settings: settings).run()
        }
    }

    func testALineInsideAnExamplesBodyRunsThatExampleAndItsFailureIsRecordedAtItsLine() throws {
        let log = Log()
        let line = SourceLine.marked("xc placed fails")
        let failures = try run(Self.placed(log), filter: "PlaceFilterXCTests.swift:\(line + 2)")
        XCTAssertEqual(log.entries, ["group beforeEach", "fails"])
        XCTAssertEqual(
            failures, [RecordedFailure(message: "Placed XC, group, fails: Boom(placed)", file: #filePath, line: line)])
    }

    func testAGroupsLineAndAPathPatternEachAddTheirExamples() throws {
        let log = Log()
        let group = SourceLine.marked("xc placed group")
        let failures = try run(Self.placed(log), filter: "RundownXCTests/PlaceFilterXCTests.swift:\(group)|OTHER")
        XCTAssertEqual(log.entries, ["group beforeEach", "fails", "group beforeEach", "also", "other"])
        XCTAssertEqual(failures.map(\.message), ["Placed XC, group, fails: Boom(placed)"])
    }
}
