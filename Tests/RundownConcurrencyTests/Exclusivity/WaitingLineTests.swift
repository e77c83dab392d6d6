#if canImport(Testing)
import Testing

@testable import RundownConcurrency

/// Behaviour#AsyncLock-serves-in-arrival-order:
/// an `AsyncLock` serves waiters in the order they arrived, whoever leaves the line
/// early; these pin that order through the line's compactions, which the lock's own tests reach
/// only with a few waiters.
@Suite struct WaitingLineTests {
    private func waiter(_ ticket: UInt64) -> AsyncLock.Waiter {
        AsyncLock.Waiter(
            ticket: ticket, holder: RunningTest(framework: nil, testName: nil, specPath: "waiter \(ticket)"),
            party: WaitingParty(closure: nil, taskName: "waiter \(ticket)"))
    }

    /// Behaviour#Toolkit-waits-show-in-progress-reports: a progress report lists a lock's waiters in the
    /// order they will be served, whoever left the line and however often it was compacted.
    @Test func theLineListsItsWaitersInTheOrderTheyWillBeServed() {
        var line = WaitingLine()
        for ticket in UInt64(1)...100 { line.append(waiter(ticket)) }
        for ticket in UInt64(1)...100 where ticket % 10 != 0 { _ = line.remove(ticket) }
        _ = line.removeFirst()
        #expect(line.first(20).map(\.ticket) == Array(stride(from: UInt64(20), through: 100, by: 10)))
        #expect(line.first(3).map(\.party.description) == (2...4).map { "task \"waiter \($0 * 10)\"" })
        // A report names the first few and counts the rest.
        #expect(
            WaitingParty.numbered(line.first(WaitingParty.namedInLine).map(\.party), of: line.count)
                == "1. task \"waiter 20\", 2. task \"waiter 30\", 3. task \"waiter 40\", 4. task \"waiter 50\", "
                + "5. task \"waiter 60\", and 4 more")
    }

    @Test func waitersWhoStayAreServedInArrivalOrderWhoeverLeft() {
        var line = WaitingLine()
        for ticket in UInt64(1)...1_000 { line.append(waiter(ticket)) }
        for ticket in UInt64(1)...1_000 where ticket % 3 != 1 {
            #expect(line.remove(ticket)?.ticket == ticket)
        }
        #expect(line.remove(2) == nil)
        #expect(line.count == 334)
        #expect(line.contains(4) && !line.contains(5))
        var served: [UInt64] = []
        while let first = line.removeFirst() { served.append(first.ticket) }
        #expect(served == Array(stride(from: UInt64(1), through: 1_000, by: 3)))
        #expect(line.isEmpty)
    }

    /// Joins, early leaves and hand-overs in a fixed pseudo-random mix, with the line never empty
    /// for long, checked against a plain array doing the same.
    @Test func aLineThatNeverEmptiesBehavesLikeAPlainQueue() {
        var line = WaitingLine()
        var model: [UInt64] = []
        var next: UInt64 = 1
        var seed: UInt64 = 42
        for _ in 0..<30_000 {
            seed = seed &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            switch seed >> 62 {
            case 0, 1:
                line.append(waiter(next))
                model.append(next)
                next += 1
            case 2:
                #expect(line.removeFirst()?.ticket == (model.isEmpty ? nil : model.removeFirst()))
            default:
                guard !model.isEmpty else { continue }
                let leaving = model.remove(at: Int((seed >> 20) % UInt64(model.count)))
                #expect(line.remove(leaving)?.ticket == leaving)
            }
            #expect(line.count == model.count)
        }
        var served: [UInt64] = []
        while let first = line.removeFirst() { served.append(first.ticket) }
        #expect(served == model)
    }
}
#endif
