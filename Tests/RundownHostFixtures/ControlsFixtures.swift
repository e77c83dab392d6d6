// Fixtures of the run controls that `ControlsOutputTests` runs in child
// processes, each under the settings it pins: nested specs under a filter and
// shards, a filter that selects nothing, two processes writing one JUnit
// file, the timeout scale, and the examples of a `Spec` as test cases.
// Lines matter: the tests look some of them up here. (This comment stands
// apart from the suites because Swift Testing prints the comments above a
// failed suite.)

import Foundation
import Rundown
import Testing
import XCTest

/// An outer spec of four examples, each running an inner spec of four, whose
/// paths do not repeat the outer ones: the inner spec is selected, or not,
/// only through the outer element that runs it.
final class NestedSelectionFixtures: Rundown.TestCase {
    override func setUpWithError() throws {
        try skipUnlessFixturesRun(for: "ControlsOutputTests")
    }

    func testNested() throws {
        try spec("Outer") {
            for outer in ["o1", "o2", "o3", "o4"] {
                it(outer) {
                    print("ran: \(outer)")
                    try Rundown.spec("Inner") {
                        for inner in ["i1", "i2", "i3", "i4"] {
                            it(inner) { print("ran: \(outer)/\(inner)") }
                        }
                    }
                }
            }
        }
    }
}

// The Swift Testing side of a run: a spec with and without the `.specs`
// trait, for a filter that selects nothing and for a JUnit file that an
// XCTest process writes too.
@Suite(.fixture(for: "ControlsOutputTests"))
struct SelectionSwiftTestingFixtures {
    @Test(.specs) func withTheTrait() throws {
        try spec("Traited") {
            it("checks") { print("ran: Traited, checks") }
        }
    }

    @Test func withoutTheTrait() throws {
        try spec("Plain") {
            it("checks") { print("ran: Plain, checks") }
        }
    }
}

// A default deadline of the toolkit, under `RUNDOWN_TIMEOUT_SCALE`.
@Suite(.fixture(for: "ControlsOutputTests"))
struct TimeoutScaleFixtures {
    @Test func aDefaultDeadlineWaits() async throws {
        try await eventually("the condition holds") { true }
        print("ran: waited")
    }
}

let cartCases = Spec.synchronous("Cart cases") {
    it("adds") {}
    it("saves") { throw Skip("no database") }
}

// Each example of a `Spec` its own test case, one of them skipped.
@Suite(.fixture(for: "ControlsOutputTests"))
struct SpecExampleFixtures {
    @Test(.specs, arguments: cartCases.examples)
    func withTheTrait(_ example: Spec.Example) throws {
        try example.run()
    }

    @Test(arguments: cartCases.examples)
    func withoutTheTrait(_ example: Spec.Example) throws {
        try example.run()
    }
}
