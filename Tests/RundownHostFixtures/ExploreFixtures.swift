import Foundation
import Rundown
import Testing
import XCTest

/// A counter two tasks increment by reading, being overtaken, then writing: it loses an update in
/// one order of two. `ExploreOutputTests` checks what a user sees.
private final class FixtureCounter: Sendable {
    private let value = NSLockedInt()
    var current: Int { value.get() }

    func increment(on schedule: Schedule) async {
        let seen = current
        await schedule.point("write")
        value.set(seen + 1)
    }
}

/// An `Int` behind an `NSLock`; `@unchecked Sendable` is sound because `value` is only touched
/// under `lock`.
private final class NSLockedInt: @unchecked Sendable {
    private let lock = NSLock()
    private var value = 0

    func get() -> Int {
        lock.lock()
        defer { lock.unlock() }
        return value
    }

    func set(_ new: Int) {
        lock.lock()
        defer { lock.unlock() }
        value = new
    }
}

final class ExploreXCTestFixtures: XCTestCase {
    override func setUpWithError() throws {
        try skipUnlessFixturesRun(for: "ExploreOutputTests")
    }

    func testAnAssertionFailsInOneOrder() async throws {
        try await explore { schedule in
            let counter = FixtureCounter()
            schedule.start("A") { await counter.increment(on: schedule) }
            schedule.start("B") { await counter.increment(on: schedule) }
            try await schedule.finish()
            XCTAssertEqual(counter.current, 2)
        }
    }
}

final class ExploreSpecXCTestFixtures: Rundown.TestCase {
    override func setUpWithError() throws {
        try skipUnlessFixturesRun(for: "ExploreOutputTests")
    }

    func testAnExampleExplores() async throws {
        try await spec("Counter") {
            it("counts both increments") {
                try await explore { schedule in
                    let counter = FixtureCounter()
                    schedule.start("A") { await counter.increment(on: schedule) }
                    schedule.start("B") { await counter.increment(on: schedule) }
                    try await schedule.finish()
                    XCTAssertEqual(counter.current, 2)
                }
            }
        }
    }
}
