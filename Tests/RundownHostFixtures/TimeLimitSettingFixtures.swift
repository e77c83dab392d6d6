// Fixtures of `RUNDOWN_TIME_LIMIT`, which `TimeLimitSettingOutputTests` runs
// in child processes with the setting: an async example stuck on a gate nobody
// opens, and a sync example that sleeps past the limit, each followed by one
// that must still run. Lines matter: the tests find them by their marks.
// (This comment stands apart from the suites because Swift Testing prints the
// comments above a failed suite.)

import Foundation
import Rundown
import Testing
import XCTest

/// Two tests, one spec each; XCTest runs them in the order of their names.
final class TimeLimitSettingFixtures: Rundown.TestCase {
    override func setUpWithError() throws {
        try skipUnlessFixturesRun(for: "TimeLimitSettingOutputTests")
    }

    func testAStuckOnAGate() async throws {
        let gate = Gate("never opened")
        try await spec("Gate") {
            it("waits") {  // line: xctest gate wait
                try await gate.arrive(within: .seconds(120))
            }
            it("goes on") { print("ran: Gate, goes on") }
        }
    }

    func testBSleepsPastTheLimit() throws {
        try spec("Sleep") {
            it("sleeps") {  // line: xctest sleep
                Thread.sleep(forTimeInterval: 2)
            }
            it("goes on") { print("ran: Sleep, goes on") }
        }
    }
}

@Suite(.fixture(for: "TimeLimitSettingOutputTests"), .serialized)
struct TimeLimitSettingSwiftTestingFixtures {
    @Test func stuckOnAGate() async throws {
        let gate = Gate("never opened")
        try await spec("Gate") {
            it("waits") {  // line: testing gate wait
                try await gate.arrive(within: .seconds(120))
            }
            it("goes on") { print("ran: Gate, goes on") }
        }
    }

    @Test func sleepsPastTheLimit() throws {
        try spec("Sleep") {
            it("sleeps") {  // line: testing sleep
                Thread.sleep(forTimeInterval: 2)
            }
            it("goes on") { print("ran: Sleep, goes on") }
        }
    }
}
