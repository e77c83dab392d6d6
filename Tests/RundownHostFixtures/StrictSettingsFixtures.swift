// Fixtures of the settings Rundown cannot read, which `StrictSettingsOutputTests`
// runs in child processes under `CI`, `RUNDOWN_STRICT` and a bad setting: two
// specs in one process, of which only the first fails, each printing what ran.
// Lines matter: the tests look them up here. (This comment stands apart from
// the suites because Swift Testing prints the comments above a failed suite.)

import Foundation
import Rundown
import Testing
import XCTest

/// Two tests, one spec each; XCTest runs them in the order of their names.
final class StrictSettingsFixtures: Rundown.TestCase {
    override func setUpWithError() throws {
        try skipUnlessFixturesRun(for: "StrictSettingsOutputTests")
    }

    func testAFirstSpec() throws {
        try spec("First") {
            it("runs") { print("ran: First") }
        }
    }

    func testBSecondSpec() throws {
        try spec("Second") {
            it("runs") { print("ran: Second") }
        }
    }
}

// Two specs, one after the other, in one test: the first takes the failure.
@Suite(.fixture(for: "StrictSettingsOutputTests"))
struct StrictSettingsSwiftTestingFixtures {
    @Test func twoSpecs() throws {
        try spec("First") {
            it("runs") { print("ran: First") }
        }
        try spec("Second") {
            it("runs") { print("ran: Second") }
        }
    }
}
