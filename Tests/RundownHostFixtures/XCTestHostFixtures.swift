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
///
/// The leaked task fails only once the next test has started, and that test
/// waits for it: a sleep in the task raced the end of its test on a loaded
/// machine, where the failure then came in time to fail the test it belongs to.
final class LeakedTaskFixtures: Rundown.TestCase {
    /// Opened by the second test, once the first has returned.
    private static let (testReturned, returnTest) = AsyncStream<Void>.makeStream()
    /// Signalled by the leaked task once it has failed.
    private static let failed = DispatchSemaphore(value: 0)

    override func setUpWithError() throws {
        try skipUnlessFixturesRun(for: "HostOutputTests")
    }

    func testALeakedTaskFailsAfterTheTestReturned() throws {
        try spec("Sync") {
            it("leaks a task") {
                Task {
                    for await _ in Self.testReturned { break }
                    #expect(Bool(false), "too late")
                    Self.failed.signal()
                }
            }
        }
    }

    func testZWaitsForTheLeakedTask() throws {
        Self.returnTest.yield()
        // Bounded only so that a broken fixture cannot hang its parent's test.
        _ = Self.failed.wait(timeout: .now() + 60)
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
