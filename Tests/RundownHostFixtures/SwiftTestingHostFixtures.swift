// What a user of Swift Testing sees for each kind of outcome. Lines matter:
// `HostOutputTests` checks them. (This comment stands apart from the suite
// because Swift Testing prints the comments above a failed suite.)

import Rundown
import Testing
import XCTest

@Suite(.fixture(for: "HostOutputTests"))
struct SwiftTestingHostFixtures {
    @Test func expectFails() async throws {
        try await spec("Cart") {
            context("with one item") {
                it("counts it") { #expect(1 + 1 == 3) }
            }
        }
    }

    @Test(.specs) func expectFailsInASynchronousSpec() throws {
        try spec("Cart") {
            it("counts it") { #expect(1 + 1 == 3) }
        }
    }

    @Test func errorIsThrown() throws {
        try spec("Cart") {
            context("when saving") {
                it("writes to disk") { throw FixtureError() }
            }
        }
    }

    @Test(.specs) func everythingSkipped() throws {
        try spec("Cart") {
            beforeAll { throw Skip("no database") }
            it("saves") {}
            it("loads") {}
        }
    }

    @Test func partlySkipped() throws {
        try spec("Cart") {
            it("saves") { throw Skip("no database") }
            it("adds") {}
        }
    }

    @Test func xctAssertionsFail() throws {
        try spec("Cart") {
            it("compares") { XCTAssertEqual(1, 2) }
            it("gives up") { XCTFail("out of stock") }
        }
    }

    @Test func xctAssertionsFailInAnAsyncSpec() async throws {
        try await spec("Cart") {
            it("compares") {
                await Task.yield()
                XCTAssertEqual(1, 2)
            }
        }
    }

    @Test func everythingSkippedWithoutTheTrait() throws {
        try spec("Cart") {
            it("saves") { throw Skip("no database") }
        }
    }

    @Test(.specs) func aSkippedSpecDoesNotHideWhatFollows() async throws {
        try await spec("Cart") {
            it("saves") { throw Skip("no database") }
        }
        try await spec("Till") {
            it("opens") { throw FixtureError() }
        }
    }

    @Test func requireFails() async throws {
        try await spec("Cart") {
            it("requires") { try #require(1 + 1 == 3) }
        }
    }
}
