// Behaviour#Repeated-examples and Behaviour#The-tree-report: what a run says,
// once per spec, about examples that repeated, and the tree of a `Spec`
// argument that the filter left out. `RepetitionReportOutputTests` runs these
// in child processes, with the settings each test gives. (This comment stands
// apart from the suites because Swift Testing prints the comments above a
// failed suite.)

import Foundation
import Rundown
import Testing
import XCTest

/// Two passing examples, for `RUNDOWN_REPEAT`: each prints a line every time it runs.
@Suite(.fixture(for: "RepetitionReportOutputTests"))
struct RepeatSwiftTestingFixtures {
    @Test func twoExamples() async throws {
        try await spec("Repeat ST") {
            it("adds") { print("ran: Repeat ST, adds") }
            it("removes") { print("ran: Repeat ST, removes") }
        }
    }
}

/// The same under XCTest.
final class RepeatXCTestFixtures: Rundown.TestCase {
    override func setUpWithError() throws {
        try skipUnlessFixturesRun(for: "RepetitionReportOutputTests")
    }

    func testTwoExamples() throws {
        try spec("Repeat XC") {
            it("adds") { print("ran: Repeat XC, adds") }
            it("removes") { print("ran: Repeat XC, removes") }
        }
    }
}

/// A spec whose examples are test arguments: `RUNDOWN_FILTER=pops` leaves `pushes` out.
let stackArgumentSpec = Spec.synchronous("Stack argument") {
    it("pushes") { print("ran: Stack argument, pushes") }
    it("pops") { print("ran: Stack argument, pops") }
}

@Suite(.fixture(for: "RepetitionReportOutputTests"))
struct SpecArgumentSwiftTestingFixtures {
    @Test(arguments: stackArgumentSpec.examples)
    func stack(_ example: Spec.Example) throws {
        try example.run()
    }
}

/// XCTest has no parameterized tests: one method per example.
final class SpecArgumentXCTestFixtures: Rundown.TestCase {
    override func setUpWithError() throws {
        try skipUnlessFixturesRun(for: "RepetitionReportOutputTests")
    }

    func testPops() throws {
        try stackArgumentSpec.examples[1].run()
    }

    func testPushes() throws {
        try stackArgumentSpec.examples[0].run()
    }
}
