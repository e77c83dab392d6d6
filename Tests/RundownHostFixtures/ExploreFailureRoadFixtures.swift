// Explorations outside any spec whose failure is recorded by a framework, not thrown: an
// `#expect` under XCTest, an `XCTFail` under Swift Testing. `ExploreFailureRoadTests` checks that
// each ends the exploration at its first failing order and is reported once, at its line
// (Behaviour#Every-failure-ends-an-exploration: each was once lost, and the test passed). Lines
// matter: the test finds them by their text.

import Foundation
import Rundown
import Testing
import XCTest

/// A count two controlled tasks raise by reading it, being overtaken at a point, then writing:
/// one update is lost in two orders of six.
private final class RoadCounter: @unchecked Sendable {
    // @unchecked: `stored` is only touched under `lock`.
    private let lock = NSLock()
    private var stored = 0

    var value: Int {
        lock.withLock { stored }
    }

    func raise(on schedule: Schedule, at point: String) async {
        let seen = value
        await schedule.point(point)
        lock.withLock { stored = seen + 1 }
    }
}

/// Starts the two racing tasks; `check` runs in task A once both have written, if A ends last.
private func race(on schedule: Schedule, check: @escaping @Sendable (RoadCounter) -> Void) -> RoadCounter {
    let counter = RoadCounter()
    let written = NSLock()
    nonisolated(unsafe) var writes = 0
    schedule.start("A") {
        await counter.raise(on: schedule, at: "a1")
        if written.withLock({
            writes += 1
            return writes
        }) == 2 {
            check(counter)
        }
    }
    schedule.start("B") {
        await counter.raise(on: schedule, at: "b1")
        if written.withLock({
            writes += 1
            return writes
        }) == 2 {
            check(counter)
        }
    }
    return counter
}

/// The same race between two child tasks of one controlled task's task group; `check` runs in the
/// child that writes last.
private func raceInChildren(on schedule: Schedule, check: @escaping @Sendable (RoadCounter) -> Void) {
    let counter = RoadCounter()
    let written = NSLock()
    nonisolated(unsafe) var writes = 0
    schedule.start("owner") {
        await withTaskGroup(of: Void.self) { group in
            for point in ["c1", "c2"] {
                group.addTask {
                    await counter.raise(on: schedule, at: point)
                    if written.withLock({
                        writes += 1
                        return writes
                    }) == 2 {
                        check(counter)
                    }
                }
            }
        }
    }
}

final class ExploreRoadXCTestFixtures: XCTestCase {
    override func setUpWithError() throws {
        try skipUnlessFixturesRun(for: "ExploreFailureRoadTests")
    }

    func testExpectInATask() async throws {
        try await explore { schedule in
            _ = race(on: schedule) { counter in
                #expect(counter.value == 2)  // expect in a task, XCTest
            }
            try await schedule.finish()
        }
    }

    func testExpectInAChildTask() async throws {
        try await explore { schedule in
            raceInChildren(on: schedule) { counter in
                #expect(counter.value == 2)  // expect in a child task, XCTest
            }
        }
    }

    func testExpectInTheBody() async throws {
        try await explore { schedule in
            let counter = race(on: schedule) { _ in }
            try await schedule.finish()
            #expect(counter.value == 2)  // expect in the body, XCTest
        }
    }
}

final class ExploreRoadTestCaseFixtures: Rundown.TestCase {
    override func setUpWithError() throws {
        try skipUnlessFixturesRun(for: "ExploreFailureRoadTests")
    }

    func testExpectInATaskWithoutASpec() async throws {
        try await explore { schedule in
            _ = race(on: schedule) { counter in
                #expect(counter.value == 2)  // expect in a task, Rundown.TestCase
            }
            try await schedule.finish()
        }
    }
}

/// A test that runs a spec first, then one that explores: the spec installed Rundown's handlers,
/// which once made the exploration's `#expect` a failure of every interleaving, never stopping.
final class ExploreRoadAfterASpecFixtures: XCTestCase {
    override func setUpWithError() throws {
        try skipUnlessFixturesRun(for: "ExploreFailureRoadTests")
    }

    func test1RunsASpec() throws {
        try spec("First") {
            it("passes") {}
        }
    }

    func test2ExpectInATask() async throws {
        try await explore { schedule in
            _ = race(on: schedule) { counter in
                #expect(counter.value == 2)  // expect in a task, after a spec
            }
            try await schedule.finish()
        }
    }
}

@Suite(.fixture(for: "ExploreFailureRoadTests"))
struct ExploreRoadSwiftTestingFixtures {
    @Test func xctFailInATask() async throws {
        try await explore { schedule in
            _ = race(on: schedule) { counter in
                if counter.value != 2 { XCTFail("lost an update") }  // XCTFail in a task, Swift Testing
            }
            try await schedule.finish()
        }
    }

    @Test func xctFailInAChildTask() async throws {
        try await explore { schedule in
            raceInChildren(on: schedule) { counter in
                if counter.value != 2 { XCTFail("lost an update") }  // XCTFail in a child task, Swift Testing
            }
        }
    }

    @Test func xctAssertInTheBody() async throws {
        try await explore { schedule in
            let counter = race(on: schedule) { _ in }
            try await schedule.finish()
            XCTAssertEqual(counter.value, 2)  // XCTAssert in the body, Swift Testing
        }
    }
}
