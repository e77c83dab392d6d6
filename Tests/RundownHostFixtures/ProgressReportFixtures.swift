// Fixtures of `RUNDOWN_PROGRESS_AFTER`, which `ProgressReportOutputTests` runs in
// child processes with `RUNDOWN_PROGRESS_AFTER=1s RUNDOWN_PROGRESS_EVERY=1s`: an
// example that holds an `AsyncLock` for 3 s while a task it started waits for
// it, and an example waiting 3 s in `eventually`; each is reported at least
// twice meanwhile. Lines matter: the tests find them by their marks. (This
// comment stands apart from the suites because Swift Testing prints the
// comments above a failed suite.)

import Foundation
import Rundown
import Testing
import XCTest

/// How long each example waits: three reports' worth at one a second, two on a busy machine.
private let held: Duration = .seconds(3)

final class ProgressReportFixtures: Rundown.TestCase {
    override func setUpWithError() throws {
        try skipUnlessFixturesRun(for: "ProgressReportOutputTests")
    }

    func testWaits() async throws {
        try await spec("Progress") {
            it("holds a lock") {  // line: xctest lock holder
                let lock = AsyncLock("db")
                let holding = Gate("holding")
                // Started before the hold, so that it queues rather than sharing the hold.
                let writer = Task(name: "writer") {
                    try await holding.arrive(within: .seconds(60))
                    try await lock.withLock {}
                }
                try await lock.withLock {
                    holding.open()
                    try await Task.sleep(for: held)
                }
                try await writer.value
            }
            it("polls") {  // line: xctest eventually
                let start = ContinuousClock.now
                try await eventually("the cache is warm", within: .seconds(60)) {
                    start.duration(to: .now) > held
                }
            }
        }
    }
}

@Suite(.fixture(for: "ProgressReportOutputTests"))
struct ProgressReportSwiftTestingFixtures {
    @Test func waits() async throws {
        try await spec("Progress") {
            it("holds a lock") {  // line: testing lock holder
                let lock = AsyncLock("db")
                let holding = Gate("holding")
                let writer = Task(name: "writer") {
                    try await holding.arrive(within: .seconds(60))
                    try await lock.withLock {}
                }
                try await lock.withLock {
                    holding.open()
                    try await Task.sleep(for: held)
                }
                try await writer.value
            }
            it("polls") {  // line: testing eventually
                let start = ContinuousClock.now
                try await eventually("the cache is warm", within: .seconds(60)) {
                    start.duration(to: .now) > held
                }
            }
        }
    }
}
