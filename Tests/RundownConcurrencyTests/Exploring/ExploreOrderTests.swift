#if canImport(Testing)
import RundownTestSupport
import Testing

@testable import RundownConcurrency

/// Behaviour#Exploration-runs-every-order.
@Suite("Exploring every order", .timeLimit(.minutes(1)))
struct ExploreOrderTests {
    /// Two tasks of three steps each (start → p1 → p2 → end) interleave in C(6, 3) = 20 ways.
    @Test("two controlled tasks of two points each give exactly 20 interleavings, all distinct")
    func twentyInterleavings() async throws {
        let orders = Locked<[[String]]>([])
        let exploration = try await explore(.everyInterleaving()) { schedule in
            let log = EventLog()
            for name in ["A", "B"] {
                schedule.start(name) {
                    log.append("\(name)0")
                    await schedule.point("\(name) p1")
                    log.append("\(name)1")
                    await schedule.point("\(name) p2")
                    log.append("\(name)2")
                }
            }
            try await schedule.finish()
            orders.withLock { $0.append(log.all) }
        }
        let all = orders.current
        #expect(exploration.interleavings == 20)
        #expect(exploration.replayToken == nil)
        #expect(!exploration.failed)
        try #require(all.count == 20)
        #expect(Set(all).count == 20)
        // Depth first, the first task's first option first: A runs alone first, B alone last.
        #expect(all.first == ["A0", "A1", "A2", "B0", "B1", "B2"])
        #expect(all.last == ["B0", "B1", "B2", "A0", "A1", "A2"])
        #expect(all[1] == ["A0", "A1", "B0", "A2", "B1", "B2"])
        for order in all {
            #expect(order.filter { $0.hasPrefix("A") } == ["A0", "A1", "A2"])
            #expect(order.filter { $0.hasPrefix("B") } == ["B0", "B1", "B2"])
        }
    }
}
#endif
