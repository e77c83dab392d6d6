import Foundation
import RundownEngine
import RundownTestSupport
import Testing

@testable import Rundown

/// Behaviour#Concurrent-groups: an example's duration, in every report, runs from its own start
/// to its end, not from when its concurrent group queued it.
///
/// No bound here rests on how fast the machine is: each compares the
/// duration reported with instants the examples took themselves, which
/// order the same way on a loaded machine.
@Suite struct ExampleDurationTests {
    /// What the examples saw and what was reported of them.
    private final class Seen: @unchecked Sendable {
        // @unchecked: every access holds `lock`.
        private let lock = NSLock()
        private var instants: [String: ContinuousClock.Instant] = [:]
        private var durations: [String: Duration] = [:]

        func note(_ name: String) {
            lock.withLock { instants[name] = .now }
        }

        func instant(_ name: String) -> ContinuousClock.Instant? {
            lock.withLock { instants[name] }
        }

        func finished(_ path: [String], _ duration: Duration) {
            lock.withLock { durations[path.joined(separator: ", ")] = duration }
        }

        func duration(_ path: String) -> Duration? {
            lock.withLock { durations[path] }
        }
    }

    /// With one slot, "waits" starts only once "holds the slot" has ended,
    /// and the run ends after it: its duration fits between the two. Timed
    /// from when its group queued it, it also held the 300 ms its neighbour slept.
    @Test func anExampleThatWaitedForASlotIsTimedFromItsOwnStart() async throws {
        let seen = Seen()
        let junit = JUnitCollector(seed: nil)
        let report = await SpecEngine.run(
            asyncRoot("Spec") {
                describe("group", .concurrent) {
                    it("holds the slot") {
                        try await Task.sleep(for: .milliseconds(300))
                        seen.note("slot freed")
                    }
                    it("waits") {}
                }
            }, controls: RunControls(parallelism: 1)
        ) { event in
            junit.receive(event)
            if case .exampleFinished(let path, _, let duration) = event { seen.finished(path, duration) }
        }
        let ended = ContinuousClock.now
        #expect(report.failures.isEmpty, "\(report.failures)")
        let freed = try #require(seen.instant("slot freed"))
        let waited = try #require(seen.duration("Spec, group, waits"))
        let held = try #require(seen.duration("Spec, group, holds the slot"))
        #expect(held >= .milliseconds(300))
        #expect(waited <= freed.duration(to: ended), "timed from before the slot was free: \(waited)")
        // JUnit writes the same duration.
        let xml = junit.suite(specName: "Spec", testName: nil, time: .zero).xml
        let time = try #require(
            xml.firstMatch(of: /testcase name="Spec, group, waits" classname="Spec" time="(\d+\.\d+)"/)
        )
        #expect(Duration.seconds(try #require(Double(time.1))) <= freed.duration(to: ended), "\(xml)")
    }

    /// With two slots and three examples, the third starts when the first
    /// slot frees: it is timed from there, not from when the group began.
    @Test func theThirdOfThreeOnTwoSlotsIsTimedFromWhenASlotFreed() async throws {
        let seen = Seen()
        _ = await SpecEngine.run(
            asyncRoot("Spec") {
                describe("group", .concurrent) {
                    it("a") {
                        try await Task.sleep(for: .milliseconds(200))
                        seen.note("a ended")
                    }
                    it("b") {
                        try await Task.sleep(for: .milliseconds(200))
                        seen.note("b ended")
                    }
                    it("c") { seen.note("c began") }
                }
            }, controls: RunControls(parallelism: 2)
        ) { event in
            if case .exampleFinished(let path, _, let duration) = event { seen.finished(path, duration) }
        }
        let ended = ContinuousClock.now
        let firstFreed = try #require([seen.instant("a ended"), seen.instant("b ended")].compactMap { $0 }.min())
        let third = try #require(seen.duration("Spec, group, c"))
        #expect(third <= firstFreed.duration(to: ended), "timed from before a slot was free: \(third)")
    }
}
