#if canImport(Testing)
import RundownCore
import RundownTestSupport
import Testing

@testable import RundownConcurrency

extension StatisticalExploring {
    /// Behaviour#Exploration-strategies: past its limit, `.everyInterleaving` says about how many orders
    /// there are; the result says whether every order ran.
    @Suite("Exploring: how many orders there are", .timeLimit(.minutes(1)))
    struct OrderCountEstimateTests {
        @Test("past the limit, the estimate is within a factor of 2 of the true count, with and without a bound")
        func estimateWithinAFactorOfTwo() async throws {
            let shapes: [(shape: [Shape.Task], preemptions: Int?)] = [
                ([.steps(3), .steps(3)], nil),
                ([.steps(3), .steps(3), .steps(3)], nil),
                ([.steps(3), .steps(3), .steps(2)], nil),
                ([.steps(2), .steps(2), .steps(2), .steps(2)], nil),
                ([.steps(5), .steps(1), .steps(3)], nil),
                ([.sleeping(2, then: 1), .steps(2), .sleeping(1, then: 1)], nil),
                ([.steps(4), .steps(4)], 1),
                ([.steps(3), .steps(3), .steps(3)], 1),
                ([.steps(4), .steps(3), .steps(2)], 2),
            ]
            for (shape, preemptions) in shapes {
                let truth = try await Self.trueCount(of: shape, preemptions: preemptions)
                let limit = min(10, truth / 2)
                var estimated: Exploration?
                let failures = try await capturingRoutedFailures {
                    estimated = try await Shape.explore(
                        shape, .everyInterleaving(limit: limit, preemptions: preemptions))
                }
                let result = try #require(estimated)
                let estimate = try #require(result.estimatedInterleavings)
                let count = Double(truth)
                #expect(
                    estimate >= count / 2 && estimate <= count * 2,
                    "\(shape) (\(preemptions.map(String.init) ?? "no bound")): \(estimate) for \(truth)")
                #expect(result.interleavings == limit)
                #expect(result.failed && !result.ranEveryOrder && result.replayToken == nil)
                try #require(failures.count == 1)
                #expect(failures[0].message.contains("about \(OrderCountEstimate.approximately(estimate)) in all"))
            }
        }

        @Test("the failure past the limit says how many orders there are, and suggests preemptions: and .pct")
        func limitMessage() async throws {
            let failures = try await capturingRoutedFailures {
                _ = try await Shape.explore([.steps(3), .steps(3), .steps(3)], .everyInterleaving(limit: 100))
                _ = try await Shape.explore(
                    [.steps(3), .steps(3), .steps(3)], .everyInterleaving(limit: 20, preemptions: 2))
            }
            try #require(failures.count == 2)
            #expect(
                failures[0].message
                    == "explore(.everyInterleaving(limit: 100)) found more than 100 interleavings: 100 ran and passed, and more remain, about 1,700 in all (estimated from 32 random orders). Bound the preemptions (.everyInterleaving(preemptions: 2) runs the orders most races need), look for deep races with .pct(runs:depth:seed:), sample them with .random(runs:seed:), raise the limit, or take fewer steps."
            )
            #expect(
                failures[1].message.hasPrefix(
                    "explore(.everyInterleaving(limit: 20, preemptions: 2)) found more than 20 interleavings: 20 ran and passed, and more remain, about "
                ))
            #expect(
                failures[1].message.hasSuffix(
                    " in all with at most 2 preemption(s) (estimated from 32 random orders). Lower the bound on preemptions, look for deep races with .pct(runs:depth:seed:), sample them with .random(runs:seed:), raise the limit, or take fewer steps."
                ))
        }

        @Test("four tasks of nine steps: about 2.1 × 10^19 orders, as the article says")
        func theArticlesEstimate() async throws {
            let steps = [Shape.Task](repeating: .steps(9), count: 4)
            var exploration: Exploration?
            let failures = try await capturingRoutedFailures {
                exploration = try await Shape.explore(steps, .everyInterleaving(limit: 5))
            }
            // 36! / (9!)^4 = 21,452,752,266,265,320,000.
            let estimate = try #require(exploration?.estimatedInterleavings)
            #expect(estimate > 1.07e19 && estimate < 4.3e19)
            try #require(failures.count == 1)
            #expect(
                failures[0].message.contains("more remain, about 2.1 × 10^19 in all (estimated from 32 random orders)"))
        }

        @Test("a random order past the limit that fails is reported like any failing order, and its token replays it")
        func aProbeThatFails() async throws {
            // Depth first, run 1 starts A first; only an order that starts B first fails.
            func body(_ schedule: Schedule) async throws {
                let first = Locked<String?>(nil)
                for name in ["A", "B"] {
                    schedule.start(name) {
                        first.withLock { $0 = $0 ?? name }
                        await schedule.point("p1")
                        await schedule.point("p2")
                    }
                }
                try await schedule.finish()
                if first.current == "B" { FailureRouting.record(ConcurrencyFailure("B went first")) }
            }
            var exploration: Exploration?
            let failures = try await capturingRoutedFailures {
                exploration = try await explore(.everyInterleaving(limit: 1)) { try await body($0) }
            }
            let result = try #require(exploration)
            #expect(result.failed && result.interleavings > 1 && result.estimatedInterleavings == nil)
            try #require(failures.count == 2)
            #expect(failures[0].message == "B went first")
            #expect(
                failures[1].message.hasPrefix(
                    "explore(.everyInterleaving(limit: 1)) failed in interleaving \(result.interleavings): B: start → p1"
                ))
            let token = try #require(result.replayToken)
            var replayed: Exploration?
            let again = try await capturingRoutedFailures {
                replayed = try await explore(.replay(token)) { try await body($0) }
            }
            #expect(replayed?.failed == true)
            #expect(again.first?.message == "B went first")
        }

        @Test("the result says whether every order ran: only for an exhaustive exploration that passed")
        func ranEveryOrder() async throws {
            let every = try await Shape.explore([.steps(2), .steps(2)], .everyInterleaving())
            #expect(every.interleavings == 6 && every.ranEveryOrder && every.estimatedInterleavings == nil)
            let bounded = try await Shape.explore([.steps(2), .steps(2)], .everyInterleaving(preemptions: 0))
            #expect(bounded.interleavings == 2 && bounded.ranEveryOrder)
            let sample = try await Shape.explore([.steps(2), .steps(2)], .random(runs: 6, seed: 1))
            #expect(sample.interleavings == 6 && !sample.ranEveryOrder)
            let pct = try await Shape.explore([.steps(2), .steps(2)], .pct(runs: 6, seed: 1))
            #expect(pct.interleavings == 6 && !pct.ranEveryOrder)
        }

        /// How many orders `shape` has within `preemptions`: by brute force for tasks that only take
        /// steps (as ``PreemptionBoundTests`` checks the explorer against), else by running them all.
        private static func trueCount(of shape: [Shape.Task], preemptions: Int?) async throws -> Int {
            guard let lengths = Shape.lengths(shape) else {
                let every = try await Shape.explore(shape, .everyInterleaving(preemptions: preemptions))
                #expect(!every.failed && every.ranEveryOrder)
                return every.interleavings
            }
            guard let preemptions else { return Int(BruteForceOrders.count(shape: lengths)) }
            return BruteForceOrders.all(shape: lengths).count { BruteForceOrders.preemptions(in: $0) <= preemptions }
        }

        @Test("counts are written exact below a thousand, then with two significant digits")
        func writtenCounts() {
            #expect(OrderCountEstimate.approximately(20.4) == "20")
            #expect(OrderCountEstimate.approximately(1_680) == "1,700")
            #expect(OrderCountEstimate.approximately(756_756) == "760,000")
            #expect(OrderCountEstimate.approximately(9_960) == "10,000")
            #expect(OrderCountEstimate.approximately(2.15e19) == "2.2 × 10^19")
            #expect(OrderCountEstimate.approximately(3e12) == "3 × 10^12")
        }
    }
}

/// Tasks of a known shape, for counting orders.
enum Shape {
    enum Task: CustomStringConvertible {
        /// Takes that many steps, a point between each two.
        case steps(Int)
        /// Takes `before` steps, sleeps one virtual second, then takes `after` more.
        case sleeping(Int, then: Int)

        var description: String {
            switch self {
            case .steps(let count): "\(count)"
            case .sleeping(let before, let after): "\(before)z\(after)"
            }
        }
    }

    /// The tasks' lengths in steps, when every one of them only takes steps.
    static func lengths(_ tasks: [Task]) -> [Int]? {
        var lengths: [Int] = []
        for task in tasks {
            guard case .steps(let count) = task else { return nil }
            lengths.append(count)
        }
        return lengths
    }

    static func explore(_ tasks: [Task], _ strategy: ExplorationStrategy) async throws -> Exploration {
        try await RundownConcurrency.explore(strategy) { schedule in
            for (index, task) in tasks.enumerated() {
                schedule.start("T\(index)") {
                    switch task {
                    case .steps(let count):
                        for point in 1..<count { await schedule.point("p\(point)") }
                    case .sleeping(let before, let after):
                        for point in 1..<before { await schedule.point("p\(point)") }
                        try await schedule.clock.sleep(for: .seconds(1))
                        for point in 1..<after { await schedule.point("q\(point)") }
                    }
                }
            }
            try await schedule.finish()
        }
    }
}
#endif
