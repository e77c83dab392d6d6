import Foundation
import RundownCore
import RundownEngine
import RundownSettings
import Testing

@testable import Rundown

/// Behaviour#The-slowest-examples, in process: how `RUNDOWN_PROFILE` is read,
/// what a run's events time, and how the process's profile orders and prints
/// them. `ProfileOutputTests` runs it end to end in child processes.
struct ProfileTests {
    static let here = CodeLocation(fileID: "Tests/CartSpec.swift", filePath: "/x/CartSpec.swift", line: 3, column: 1)

    @Test func aWholeNumberFromOneIsTheCountAndAnythingElseAWarning() {
        var warnings: [String] = []
        let read = ["3", " 10 ", "0", "-1", "ten", "2.5"].map { value in
            RunSettings(environment: ["RUNDOWN_PROFILE": value]) { warnings.append($0) }.profileCount
        }
        #expect(read == [3, 10, nil, nil, nil, nil])
        #expect(warnings.count == 4)
        #expect(
            warnings.allSatisfy {
                $0.hasPrefix("RUNDOWN_PROFILE=") && $0.contains("RUNDOWN_PROFILE=<a whole number from 1>")
            })
        #expect(RunSettings(environment: [:]) { _ in }.profileCount == nil)
    }

    @Test func examplesThatNeverStartedAreNotTimedAndGroupsRunFromStartToFinish() {
        let collector = ProfileCollector()
        collector.receive(.groupStarted(path: ["Cart"], location: Self.here))
        collector.receive(.exampleStarted(path: ["Cart", "adds"], location: Self.here))
        collector.receive(.exampleFinished(path: ["Cart", "adds"], result: .passed, duration: .milliseconds(40)))
        // Skipped before it started: an event of its end, none of its start.
        collector.receive(.exampleFinished(path: ["Cart", "saves"], result: .skipped(reason: nil), duration: .zero))
        collector.receive(.groupFinished(path: ["Cart"]))
        #expect(
            collector.examples == [
                ProfileEntry(path: ["Cart", "adds"], location: Self.here, duration: .milliseconds(40))
            ])
        #expect(collector.groups.map(\.path) == [["Cart"]])
    }

    @Test func theSlowestComeFirstAndEqualTimesKeepTheirOrder() {
        func entry(_ name: String, _ milliseconds: Int) -> ProfileEntry {
            ProfileEntry(path: [name], location: Self.here, duration: .milliseconds(milliseconds))
        }
        let entries = [entry("a", 5), entry("b", 30), entry("c", 5), entry("d", 20), entry("e", 30)]
        #expect(ProcessProfile.slowest(entries, 4).map { $0.path[0] } == ["b", "e", "d", "a"])
        #expect(ProcessProfile.slowest(entries, 9).count == 5)
    }

    @Test func theBlockHasAHeadingPerKindAndAlignedTimes() {
        let block = ProcessProfile.block(
            count: 2,
            examples: [
                ProfileEntry(path: ["Cart", "saves"], location: Self.here, duration: .milliseconds(12_345)),
                ProfileEntry(path: ["Cart", "adds"], location: Self.here, duration: .milliseconds(7)),
            ], of: 9,
            groups: [ProfileEntry(path: ["Cart"], location: Self.here, duration: .seconds(13))], of: 1)
        #expect(
            block == """
                Rundown profile (RUNDOWN_PROFILE=2): the 2 slowest of 9 examples
                  12.345 s  Cart, saves  CartSpec.swift:3
                   0.007 s  Cart, adds  CartSpec.swift:3
                Rundown profile (RUNDOWN_PROFILE=2): the slowest of 1 group
                  13.000 s  Cart  CartSpec.swift:3

                """)
    }
}
