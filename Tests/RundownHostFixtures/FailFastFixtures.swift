// Fixtures of `RUNDOWN_FAIL_FAST=1`, which `FailFastOutputTests` runs in child
// processes: a spec of five examples whose second fails, then a later spec in
// the same process, each closure printing what ran. Lines matter: the tests
// look them up here. (This comment stands apart from the suites because Swift
// Testing prints the comments above a failed suite.)

import Foundation
import Rundown
import Testing
import XCTest

/// Two tests, one spec each; XCTest runs them in the order of their names.
final class FailFastFixtures: Rundown.TestCase {
    override func setUpWithError() throws {
        try skipUnlessFixturesRun(for: "FailFastOutputTests")
    }

    func testAFiveExamples() throws {
        try spec("Five") { fiveExamples() }
    }

    func testBLaterSpec() throws {
        try spec("Later") { laterSpec() }
    }
}

/// Five examples whose second fails, between hooks that print.
@ExampleBuilder<SyncCall> func fiveExamples() -> ExampleGroup<SyncCall> {
    beforeAll { print("ran: beforeAll") }
    it("one") { print("ran: one") }
    it("two") {
        print("ran: two")
        throw FixtureError()
    }
    it("three") { print("ran: three") }
    it("four") { print("ran: four") }
    it("five") { print("ran: five") }
    afterEach { print("ran: afterEach") }
    afterAll { print("ran: afterAll") }
}

/// A spec that starts after the failure: fail-fast skips it whole.
@ExampleBuilder<SyncCall> func laterSpec() -> ExampleGroup<SyncCall> {
    beforeAll { print("ran: later beforeAll") }
    it("a") { print("ran: later a") }
    it("b") { print("ran: later b") }
}

@Suite(.fixture(for: "FailFastOutputTests"))
struct FailFastSwiftTestingFixtures {
    @Test func twoSpecs() throws {
        // Both specs in one test, one after the other: Swift Testing runs tests in parallel, so two
        // tests would not say which spec starts after the failure.
        try spec("Five") { fiveExamples() }
        try spec("Later") { laterSpec() }
    }
}
