#if canImport(Testing)
import RundownTestSupport
import Testing

@testable import RundownConcurrency

extension StatisticalExploring {
    /// Behaviour#Exploration-strategies: `.random` picks among interleavings uniformly.
    @Suite("Exploring a uniform sample", .timeLimit(.minutes(1)))
    struct UniformRandomTests {
        @Test("a task of one step beside one of five: each of the 6 orders about as often, not the short one first")
        func shortTaskIsNotOvertakenByConstruction() async throws {
            let counts = try await orderCounts(shape: [1, 5], runs: 1_200, seed: 11)
            #expect(counts.count == 6)
            // 200 each if uniform; a walk picking a task uniformly at each step puts A first 600 times.
            for (order, count) in counts {
                #expect((140...260).contains(count), "\(order): \(count) of 1,200")
            }
        }

        @Test("three tasks of unequal lengths: every order about equally often")
        func unequalTasks() async throws {
            // 4! / (1! 2! 1!) = 12 orders of steps A1, B1 B2, C1.
            let counts = try await orderCounts(shape: [1, 2, 1], runs: 1_200, seed: 5)
            #expect(counts.count == 12)
            for (order, count) in counts {
                #expect((60...140).contains(count), "\(order): \(count) of 1,200")
            }
        }

        /// How often `.random(runs:seed:)` ran each order of tasks A, B, … of `shape`'s lengths.
        private func orderCounts(shape: [Int], runs: Int, seed: UInt64) async throws -> [String: Int] {
            let counts = Locked<[String: Int]>([:])
            let exploration = try await explore(.random(runs: runs, seed: seed)) { schedule in
                let log = EventLog()
                BruteForceOrders.startTasks(of: shape, on: schedule, log: log)
                try await schedule.finish()
                counts.withLock { $0[log.all.joined(separator: " "), default: 0] += 1 }
            }
            #expect(exploration.interleavings == runs)
            return counts.current
        }
    }
}
#endif
