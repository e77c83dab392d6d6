import Foundation
import Rundown
import Testing
import XCTest

/// What a user of `Rundown.TestCase` sees for each kind of outcome.
/// Lines matter: `HostOutputTests` checks them.
final class XCTestHostFixtures: Rundown.TestCase {
    override func setUpWithError() throws {
        try skipUnlessFixturesRun(for: "HostOutputTests")
    }

    func testAssertEqualFails() throws {
        try spec("Cart") {
            context("with one item") {
                it("counts it") { XCTAssertEqual(1, 2) }
            }
        }
    }

    func testErrorIsThrown() throws {
        try spec("Cart") {
            context("when saving") {
                it("writes to disk") { throw FixtureError() }
            }
        }
    }

    func testExpectFails() throws {
        try spec("Cart") {
            it("expects") { #expect(1 + 1 == 3) }
        }
    }

    func testEverythingSkipped() throws {
        try spec("Cart") {
            beforeAll { throw XCTSkip("no database") }
            it("saves") {}
            it("loads") {}
        }
    }

    func testPartlySkipped() throws {
        try spec("Cart") {
            it("saves") { throw Skip("no database") }
            it("adds") {}
        }
    }

    func testASkippedSpecDoesNotHideWhatFollows() throws {
        try spec("Cart") {
            it("saves") { throw Skip("no database") }
        }
        try spec("Till") {
            it("opens") { throw FixtureError() }
        }
    }

    func testRequireFails() throws {
        try spec("Cart") {
            it("requires") { try #require(1 + 1 == 3) }
        }
    }
}

/// A task started by an example outlives its test and fails after the test
/// returned. corelibs XCTest would stop the process ("already been stopped");
/// Rundown prints the failure instead. Lines matter: `HostOutputTests` checks them.
final class LeakedTaskFixtures: Rundown.TestCase {
    override func setUpWithError() throws {
        try skipUnlessFixturesRun(for: "HostOutputTests")
    }

    func testALeakedTaskFailsAfterTheTestReturned() throws {
        try spec("Sync") {
            it("leaks a task") {
                Task {
                    try await Task.sleep(for: .milliseconds(200))
                    #expect(Bool(false), "too late")
                }
            }
        }
    }

    func testZWaitsForTheLeakedTask() throws {
        Thread.sleep(forTimeInterval: 1)
    }
}

/// What a user of a plain `XCTestCase` calling the global `spec` sees.
/// Lines matter: `HostOutputTests` checks them.
final class PlainXCTestCaseFixtures: XCTestCase {
    override func setUpWithError() throws {
        try skipUnlessFixturesRun(for: "HostOutputTests")
    }

    func testEachFailureIsRecorded() throws {
        try spec("Cart") {
            it("writes to disk") { throw FixtureError() }
            it("expects") { #expect(1 + 1 == 3) }
        }
    }
}
