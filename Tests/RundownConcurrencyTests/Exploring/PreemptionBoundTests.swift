#if canImport(Testing)
import RundownCore
import RundownTestSupport
import Testing

@testable import RundownConcurrency

extension StatisticalExploring {
    /// Behaviour#Exploration-strategies: `.everyInterleaving(preemptions:)` runs exactly the orders with at
    /// most that many preemptions.
    @Suite("Exploring orders with few preemptions", .timeLimit(.minutes(1)))
    struct PreemptionBoundTests {
        @Test("two tasks of four steps each: 2 orders without a preemption, 8 with at most one, 70 in all")
        func twoTasksOfFourSteps() async throws {
            for (bound, expected) in [(0, 2), (1, 8), (2, 26), (nil, 70)] as [(Int?, Int)] {
                let orders = try await ordersRun(shape: [4, 4], preemptions: bound)
                #expect(orders.count == expected, "preemptions: \(bound.map(String.init) ?? "nil")")
                #expect(Set(orders).count == orders.count)
                if bound == 0 {
                    #expect(
                        Set(orders) == [
                            ["A1", "A2", "A3", "A4", "B1", "B2", "B3", "B4"],
                            ["B1", "B2", "B3", "B4", "A1", "A2", "A3", "A4"],
                        ])
                }
            }
        }

        @Test("on random small shapes, the orders run are exactly those a brute force counts within the bound")
        func matchesBruteForce() async throws {
            var generator = SplitMix64(seed: 32)
            for _ in 0..<12 {
                let shape = (0..<(2 + generator.next(below: 2))).map { _ in 1 + generator.next(below: 3) }
                let bound = generator.next(below: 3)
                let orders = try await ordersRun(shape: shape, preemptions: bound)
                let expected = BruteForceOrders.all(shape: shape).filter {
                    BruteForceOrders.preemptions(in: $0) <= bound
                }
                #expect(orders.count == expected.count, "shape \(shape), preemptions: \(bound)")
                #expect(Set(orders) == Set(expected), "shape \(shape), preemptions: \(bound)")
            }
        }

        @Test("a bound at least the most any order makes runs every order; the name shows the bound")
        func largeBoundRunsEverything() async throws {
            let every = try await ordersRun(shape: [2, 3, 2], preemptions: nil)
            let bounded = try await ordersRun(shape: [2, 3, 2], preemptions: 6)
            #expect(every.count == 210)
            #expect(bounded == every)
            #expect("\(ExplorationStrategy.everyInterleaving(preemptions: 1))" == ".everyInterleaving(preemptions: 1)")
            #expect(
                "\(ExplorationStrategy.everyInterleaving(limit: 50, preemptions: 2))"
                    == ".everyInterleaving(limit: 50, preemptions: 2)")
        }

        @Test("a negative bound is refused")
        func negativeBound() async throws {
            var ran = false
            let error = await caughtError {
                try await explore(.everyInterleaving(preemptions: -1)) { _ in ran = true }
            }
            #expect(error is InvalidArgumentError)
            #expect(
                error.map { "\($0)" }
                    == "explore(.everyInterleaving(preemptions: -1)): preemptions must be at least 0, got -1")
            #expect(!ran)
        }

        @Test("ending or sleeping is not a preemption; moving the clock while a task could go on is one")
        func whatCountsAsAPreemption() async throws {
            // A sleeps once, so the other tasks run while it sleeps at no cost; with no preemption
            // at all, B runs to its end before the clock may move.
            let orders = Locked<[[String]]>([])
            let exploration = try await explore(.everyInterleaving(preemptions: 0)) { schedule in
                let log = EventLog()
                schedule.start("A") {
                    log.append("A1")
                    try await schedule.clock.sleep(for: .seconds(1))
                    log.append("A2")
                }
                schedule.start("B") {
                    log.append("B1")
                    await schedule.point("b")
                    log.append("B2")
                }
                try await schedule.finish()
                orders.withLock { $0.append(log.all) }
            }
            #expect(!exploration.failed)
            #expect(Set(orders.current) == [["A1", "B1", "B2", "A2"], ["B1", "B2", "A1", "A2"]])
            #expect(orders.current.count == 2)
        }

        // MARK: - Helpers

        /// The orders `.everyInterleaving(preemptions:)` runs for tasks named A, B, … taking
        /// `shape[i]` steps each, as the steps' names (`A1` is A's first).
        private func ordersRun(shape: [Int], preemptions: Int?) async throws -> [[String]] {
            let orders = Locked<[[String]]>([])
            let exploration = try await explore(.everyInterleaving(preemptions: preemptions)) { schedule in
                let log = EventLog()
                BruteForceOrders.startTasks(of: shape, on: schedule, log: log)
                try await schedule.finish()
                orders.withLock { $0.append(log.all) }
            }
            #expect(!exploration.failed)
            #expect(exploration.interleavings == orders.current.count)
            return orders.current
        }
    }
}
#endif
