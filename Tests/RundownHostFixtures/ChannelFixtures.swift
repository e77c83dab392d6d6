// Behaviour#A-failure-is-reported-once: failures that reach a spec run by roads other than a thrown error,
// where they used to be doubled, lost or misplaced. Lines matter:
// `ChannelOutputTests` checks them by their `// line:` marks. (This comment
// stands apart from the suites because Swift Testing prints the comments
// above a failed suite.)

import Dispatch
import Foundation
import Rundown
import Testing
import XCTest

/// Lets tests of the fixture wait for each other without blocking one of
/// Swift Concurrency's few threads (two cores, two threads): each wait runs
/// on a thread of its own, and gives up after ten seconds, so a fixture
/// never hangs its test.
enum Rendezvous {
    static let specsRunning = DispatchSemaphore(value: 0)
    static let release = DispatchSemaphore(value: 0)

    static func wait(_ semaphore: DispatchSemaphore) async {
        await withCheckedContinuation { continuation in
            Thread {
                _ = semaphore.wait(timeout: .now() + 10)
                continuation.resume()
            }.start()
        }
    }
}

/// Behaviour#A-failure-is-reported-once: an `#expect` in a detached task of one test, while three async
/// specs with the `.specs` trait run in other tests, is reported once.
@Suite(.fixture(for: "ChannelOutputTests"))
struct DetachedIssueFixtures {
    @Test(.specs, arguments: 1...3) func aSpecRunsMeanwhile(number: Int) async throws {
        try await spec("Meanwhile \(number)") {
            it("waits") {
                Rendezvous.specsRunning.signal()
                await Rendezvous.wait(Rendezvous.release)
            }
        }
    }

    @Test func anExpectInADetachedTask() async {
        for _ in 1...3 { await Rendezvous.wait(Rendezvous.specsRunning) }
        await Task.detached { #expect(Bool(false), "from a detached task") }.value  // line: detached expect
        for _ in 1...3 { Rendezvous.release.signal() }
    }
}

/// Behaviour#Toolkit-checks-report-to-the-spec:
/// a toolkit check in a detached task of a Swift Testing test fails the run, as `#expect` does.
@Suite(.fixture(for: "ChannelOutputTests"))
struct DetachedToolkitCheckFixtures {
    @Test func aCheckInADetachedTask() async {
        await Task.detached { _ = SharedResource("channel: alpha").expectHeld() }.value  // line: detached check
    }
}

/// Behaviour#Errors-belong-to-their-path:
/// with the `.specs` trait, an error thrown inside an `aroundEach` has one path: the example's.
@Suite(.fixture(for: "ChannelOutputTests"))
struct AroundEachPathFixtures {
    @Test(.specs) func throwsInsideAroundEach() throws {
        try spec("Cart") {
            context("with two items") {
                aroundEach { run in try run() }
                it("throws on purpose") { throw FixtureError() }  // line: around throws
            }
        }
    }
}

/// Behaviour#Seeded-order: with `RUNDOWN_SEED`, every failure carries the seed.
@Suite(.fixture(for: "ChannelOutputTests"))
struct SeededFailureFixtures {
    @Test func everyKindCarriesTheSeed() async throws {
        try await spec("Seeded") {
            it("expects") { #expect(1 + 1 == 3) }
            it("asserts") { XCTAssertEqual(1, 2) }
            it("checks") { _ = SharedResource("channel: seeded").expectHeld() }
            it("throws") { throw FixtureError() }
        }
    }
}

/// Behaviour#Late-failures-name-their-example, under XCTest: a task leaked by `testA`'s example fails
/// after `testA` ended while `testB` runs; an `#expect` in a detached task
/// of a `Rundown.TestCase` is reported at the user's line.
final class ChannelXCTestFixtures: Rundown.TestCase {
    static let leakedMayFail = DispatchSemaphore(value: 0)
    static let leakedFailed = DispatchSemaphore(value: 0)

    override func setUpWithError() throws {
        try skipUnlessFixturesRun(for: "ChannelOutputTests")
    }

    func testA_LeaksATask() throws {
        try spec("Leaks") {
            it("starts a task") {
                Task {
                    await Rendezvous.wait(Self.leakedMayFail)
                    XCTFail("too late")  // line: leaked xctfail
                    #expect(Bool(false), "too late too")  // line: leaked expect
                    Self.leakedFailed.signal()
                }
            }
        }
    }

    func testB_IsInnocent() async throws {
        try await spec("Innocent") {
            it("lets the leaked task fail") {
                Self.leakedMayFail.signal()
                await Rendezvous.wait(Self.leakedFailed)
            }
        }
    }

    func testC_ExpectInADetachedTask() async throws {
        try await spec("Detached") {
            it("expects") {
                await Task.detached { #expect(Bool(false), "detached") }.value  // line: xctest detached expect
            }
        }
    }
}

/// Behaviour#Seeded-order under XCTest: with `RUNDOWN_SEED`, an `XCTAssert` in a `Rundown.TestCase` carries the seed.
final class ChannelSeededXCTestFixtures: Rundown.TestCase {
    override func setUpWithError() throws {
        try skipUnlessFixturesRun(for: "ChannelOutputTests")
    }

    func testAssertCarriesTheSeed() throws {
        try spec("Seeded") {
            it("asserts") { XCTAssertEqual(1, 2) }  // line: seeded xctassert
        }
    }
}

/// Behaviour#Late-failures-name-their-example with a plain `XCTestCase` calling the global `spec`:
/// an `#expect` from a task leaked by
/// `testA` after its spec ended does not fail `testB`.
final class ChannelPlainXCTestFixtures: XCTestCase {
    static let leakedMayFail = DispatchSemaphore(value: 0)
    static let leakedFailed = DispatchSemaphore(value: 0)

    override func setUpWithError() throws {
        try skipUnlessFixturesRun(for: "ChannelOutputTests")
    }

    func testA_LeaksATask() throws {
        try spec("Plain leaks") {
            it("starts a task") {
                Task {
                    await Rendezvous.wait(Self.leakedMayFail)
                    #expect(Bool(false), "too late")  // line: plain leaked expect
                    Self.leakedFailed.signal()
                }
            }
        }
    }

    func testB_IsInnocent() async throws {
        Self.leakedMayFail.signal()
        await Rendezvous.wait(Self.leakedFailed)
    }
}

/// Behaviour#A-failure-is-reported-once, the other side: only what comes from outside a handler's scope is taken out:
/// a `.specs` test's own issues (thrown, `#expect`, from a child task) stay.
@Suite(.fixture(for: "ChannelOutputTests"), .specs)
struct SpecsTraitKeepsItsOwnIssuesFixtures {
    @Test func throwsDirectly() throws { throw FixtureError() }
    @Test func expectsDirectly() async { #expect(Bool(false), "direct") }
    @Test func expectsInAChildTask() async { await Task { #expect(Bool(false), "child") }.value }
}
