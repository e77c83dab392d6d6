import Foundation
import Rundown
import XCTest

/// Specs that `RunControlTests` runs in a child process under each
/// `RUNDOWN_*` setting. Each closure prints what ran, so that the test sees
/// the hooks on the way to a selected example and the order of a seeded run.
/// Lines matter: the tests look up the focused example's line here.
final class RunControlFixtures: Rundown.TestCase {
    override func setUpWithError() throws {
        try skipUnlessFixturesRun(for: "RunControlOutputTests")
    }

    func testStack() throws {
        try spec("Stack") {
            beforeAll { print("ran: Stack beforeAll") }
            context("when empty") {
                beforeEach { print("ran: when empty beforeEach") }
                it("pops nothing") { print("ran: pops nothing") }
                it("has no top") { print("ran: has no top") }
            }
            context("with one item") {
                beforeAll { print("ran: with one item beforeAll") }
                it("pops it") { print("ran: pops it") }
                it("breaks") {
                    print("ran: breaks")
                    throw FixtureError()
                }
            }
            it("push adds") { print("ran: push adds") }
            it("peeks") { print("ran: peeks") }
            afterAll { print("ran: Stack afterAll") }
        }
    }

    func testFocus() throws {
        try spec("Focus") {
            fIt("only this") { print("ran: only this") }
            it("other") { print("ran: other") }
        }
    }

    func testOther() throws {
        try spec("Other") {
            it("unrelated") { print("ran: unrelated") }
            xIt("parked") {}
        }
    }
}
