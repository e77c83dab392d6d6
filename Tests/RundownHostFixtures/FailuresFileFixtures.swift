// Behaviour#Rerunning-what-failed: specs whose failures do not end an
// example's run (a late failure, a failing afterAll), for the file of
// RUNDOWN_FAILURES and its rerun by RUNDOWN_FILTER=@file. `FailuresFileOutputTests`
// runs these in child processes, as the processes of one `swift test`. (This
// comment stands apart from the suites because Swift Testing prints the
// comments above a failed suite.)

import Foundation
import Rundown
import Testing
import XCTest

/// A task that fails once its example has ended: the example leaks it,
/// and the root's `afterAll` lets it fail and waits until it has, so that it
/// fails while the spec still runs (the walk takes it as late).
///
/// `@unchecked Sendable`: `started` is only read or written with `lock` held,
/// and the semaphores are thread-safe.
final class LateTask: @unchecked Sendable {
    private let mayFail = DispatchSemaphore(value: 0)
    private let failed = DispatchSemaphore(value: 0)
    private let lock = NSLock()
    private var started = false

    /// Starts the task; it records its failure with `fail` once let.
    func start(_ fail: @escaping @Sendable () -> Void) {
        lock.withLock { started = true }
        Task {
            await Rendezvous.wait(mayFail)
            fail()
            failed.signal()
        }
    }

    /// Lets the task fail, and waits until it has, for at most 10 seconds; a
    /// rerun that did not start the task goes on at once.
    func letFail() async {
        guard lock.withLock({ started }) else { return }
        mayFail.signal()
        await Rendezvous.wait(failed)
    }
}

final class FailuresFileXCTestFixtures: Rundown.TestCase {
    override func setUpWithError() throws {
        try skipUnlessFixturesRun(for: "FailuresFileOutputTests")
    }

    func testLateAndGroupHookFailures() async throws {
        let late = LateTask()
        try await spec("Listed XC") {
            it("passes") { print("ran: Listed XC, passes") }
            it("leaks a late failure") {
                print("ran: Listed XC, leaks a late failure")
                late.start { XCTFail("late") }
            }
            context("with a failing afterAll") {
                it("passes") { print("ran: Listed XC, with a failing afterAll, passes") }
                afterAll { throw FixtureError() }
            }
            afterAll { await late.letFail() }
        }
    }
}

@Suite(.fixture(for: "FailuresFileOutputTests"))
struct FailuresFileSwiftTestingFixtures {
    @Test func lateAndGroupHookFailures() async throws {
        let late = LateTask()
        try await spec("Listed ST") {
            it("passes") { print("ran: Listed ST, passes") }
            it("leaks a late failure") {
                print("ran: Listed ST, leaks a late failure")
                late.start { #expect(Bool(false), "late") }
            }
            context("with a failing afterAll") {
                it("passes") { print("ran: Listed ST, with a failing afterAll, passes") }
                afterAll { throw FixtureError() }
            }
            afterAll { await late.letFail() }
        }
    }
}

/// A second XCTest class, for a run whose XCTest tests run in processes of
/// their own at once, as `swift test --parallel` runs them.
final class FailuresFileParallelXCTestFixtures: Rundown.TestCase {
    override func setUpWithError() throws {
        try skipUnlessFixturesRun(for: "FailuresFileOutputTests")
    }

    func testFails() throws {
        try spec("Parallel XC") {
            it("passes") { print("ran: Parallel XC, passes") }
            it("fails") {
                print("ran: Parallel XC, fails")
                XCTAssertNotNil(ProcessInfo.processInfo.environment["FLAKY_FIXED"])
            }
        }
    }
}
