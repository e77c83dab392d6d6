// Fixtures that `CollidingPathOutputTests` runs in child processes: two
// examples whose paths would print the same if their steps were joined
// plainly, `"a, b" ⊃ "c"` (which fails) and `"a" ⊃ "b, c"` (which passes).
// (This comment stands apart from the suites because Swift Testing prints the
// comments above a failed suite.)

import Rundown
import Testing
import XCTest

final class CollidingPathXCTestFixtures: Rundown.TestCase {
    override func setUpWithError() throws {
        try skipUnlessFixturesRun(for: "CollidingPathOutputTests")
    }

    func testCollidingPaths() throws {
        try spec("Colliding XC") {
            describe("a, b") {
                it("c") {
                    print("ran: XC, a, b ⊃ c")
                    throw FixtureError()
                }
            }
            describe("a") {
                it("b, c") { print("ran: XC, a ⊃ b, c") }
            }
        }
    }
}

@Suite(.fixture(for: "CollidingPathOutputTests"))
struct CollidingPathSwiftTestingFixtures {
    @Test func collidingPaths() throws {
        try spec("Colliding ST") {
            describe("a, b") {
                it("c") {
                    print("ran: ST, a, b ⊃ c")
                    throw FixtureError()
                }
            }
            describe("a") {
                it("b, c") { print("ran: ST, a ⊃ b, c") }
            }
        }
    }
}
