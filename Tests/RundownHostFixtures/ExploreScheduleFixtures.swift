// One helper that explores, called by two tests with bodies of their own: `ExploreScheduleOutputTests`
// takes the token the first test prints and sets it in `RUNDOWN_SCHEDULE` for both (the second test
// once replayed it too, and failed as "not deterministic").

import Foundation
import Rundown
import Testing

/// A count the named tasks raise by reading it, being overtaken, then writing: updates get lost.
private final class ScheduleCounter: @unchecked Sendable {
    // @unchecked: `stored` is only touched under `lock`.
    private let lock = NSLock()
    private var stored = 0

    var value: Int { lock.withLock { stored } }

    func raise(on schedule: Schedule) async {
        let seen = value
        await schedule.point("write")
        lock.withLock { stored = seen + 1 }
    }
}

/// The helper: every named task raises the count once.
private func raceToCount(_ names: [String]) async throws {
    try await explore { schedule in
        let counter = ScheduleCounter()
        for name in names {
            schedule.start(name) { await counter.raise(on: schedule) }
        }
        try await schedule.finish()
        #expect(counter.value == names.count)  // every update counted
    }
}

@Suite(.fixture(for: "ExploreScheduleOutputTests"), .serialized)
struct ExploreScheduleFixtures {
    @Test func twoTasks() async throws {
        try await raceToCount(["A", "B"])
    }

    @Test func threeTasks() async throws {
        try await raceToCount(["A", "B", "C"])
    }
}
