import Foundation
import Rundown
import Testing
import XCTest

/// Assertions that XCTest (or, on Linux, Rundown) records without anything
/// being thrown, for `ReportedFailureOutputTests`, which runs them with the
/// tree and the JUnit report asked for. Lines matter: it looks them up.
final class ReportedFailureFixtures: Rundown.TestCase {
    override func setUpWithError() throws {
        try skipUnlessFixturesRun(for: "ReportedFailureOutputTests")
    }

    func testAnAssertionInASynchronousSpec() throws {
        try spec("Cart") {
            context("with one item") {
                it("counts it") { XCTAssertEqual(1, 2) }
                it("passes") {}
            }
        }
    }

    func testAnAssertionInATaskTheExampleAwaits() async throws {
        try await spec("Async cart") {
            it("awaits its task") { await Task { XCTFail("from the task") }.value }
        }
    }

    func testAnExampleThatFailsAndSkips() throws {
        try spec("Skipping cart") {
            it("fails, then skips") {
                XCTFail("broken")
                throw XCTSkip("not today")
            }
            it("skips") { throw XCTSkip("no database") }
        }
    }

    func testAnExpectInAnXCTestSpec() throws {
        try spec("Expecting cart") {
            it("expects") { #expect(1 + 1 == 3) }
        }
    }

    func testAHookAssertion() throws {
        try spec("Hooked cart") {
            beforeAll { XCTFail("setup") }
            it("runs") {}
        }
    }
}

/// The same in a plain `XCTestCase`, which calls the global `spec`.
final class PlainReportedFailureFixtures: XCTestCase {
    override func setUpWithError() throws {
        try skipUnlessFixturesRun(for: "ReportedFailureOutputTests")
    }

    func testAnAssertionInAPlainTestCase() throws {
        try spec("Plain cart") {
            it("counts it") { XCTAssertEqual(1, 2) }
        }
    }
}
