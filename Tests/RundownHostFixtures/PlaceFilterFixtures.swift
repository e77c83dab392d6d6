// Fixtures that `PlaceFilterOutputTests` runs in child processes with
// `RUNDOWN_FILTER` naming places of this file, `PlaceFilterFixtures.swift:12`.
// Every element the tests point at is marked `// line: …`: the tests read the
// lines from here. (This comment stands apart from the suites because Swift
// Testing prints the comments above a failed suite.)

import Rundown
import Testing
import XCTest

final class PlaceXCTestFixtures: Rundown.TestCase {
    override func setUpWithError() throws {
        try skipUnlessFixturesRun(for: "PlaceFilterOutputTests")
    }

    func testPlaces() throws {
        try spec("Places XC") {  // line: XC spec
            beforeEach { print("ran: XC beforeEach") }
            context("when empty") {  // line: XC group
                beforeAll { print("ran: XC when empty beforeAll") }
                it("pops nothing") { print("ran: XC pops nothing") }
                it("has no top") {  // line: XC has no top
                    print("ran: XC has no top")
                }
            }
            it("pushes") { print("ran: XC pushes") }  // line: XC pushes
            it("counts") { print("ran: XC counts") }
        }
    }
}

@Suite(.fixture(for: "PlaceFilterOutputTests"))
struct PlaceSwiftTestingFixtures {
    @Test func places() throws {
        try spec("Places ST") {  // line: ST spec
            beforeEach { print("ran: ST beforeEach") }
            context("when empty") {  // line: ST group
                beforeAll { print("ran: ST when empty beforeAll") }
                it("pops nothing") { print("ran: ST pops nothing") }
                it("has no top") {  // line: ST has no top
                    print("ran: ST has no top")
                }
            }
            it("pushes") { print("ran: ST pushes") }  // line: ST pushes
            it("counts") { print("ran: ST counts") }
        }
    }
}

@Suite(.fixture(for: "PlaceFilterOutputTests"))
struct PlaceArgumentFixtures {
    static let placed = Spec.synchronous("Placed arguments") {
        it("first") { print("ran: argument first") }
        context("group") {
            it("second") {  // line: argument second
                print("ran: argument second")
            }
        }
        it("third") { print("ran: argument third") }
    }

    @Test(arguments: placed.examples)
    func arguments(_ example: Spec.Example) throws { try example.run() }
}
