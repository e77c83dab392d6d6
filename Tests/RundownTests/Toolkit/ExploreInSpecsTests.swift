import RundownTestSupport
import Testing

@testable import Rundown
@testable import RundownConcurrency

/// A counter two tasks increment by reading, being overtaken, then writing.
private final class RacyCounter: Sendable {
    private let value = Locked(0)
    var current: Int { value.withLock { $0 } }

    func increment(on schedule: Schedule) async {
        let seen = current
        await schedule.point("write")
        value.withLock { $0 = seen + 1 }
    }
}

/// Issues that reached the suite's scope, after every handler inside it (the spec's own), for the
/// specs below; suppressed there, so these tests can fail on purpose and pass.
private let exploredIssues = Locked<[String: [(comments: [String], location: String)]]>([:])

private func captureExploredIssues(_ issue: Issue) -> Issue? {
    let spec = ["Explored counter", "Explored feed", "Explored by each strategy"].first { name in
        issue.comments.contains { $0.rawValue.hasPrefix(name) }
    }
    guard let spec else { return issue }
    let location = issue.sourceLocation.map { "\($0.fileID):\($0.line)" } ?? "?"
    exploredIssues.withLock { $0[spec, default: []].append((issue.comments.map(\.rawValue), location)) }
    return nil
}

private func issues(of spec: String) -> [(comments: [String], location: String)] {
    exploredIssues.withLock { $0[spec] ?? [] }
}

/// Behaviour#A-failing-interleaving-can-be-replayed, inside a spec:
/// an exploration's failures go to the spec's host with the example's
/// path, the `#expect` at its line and the interleaving at the `explore` call.
@Suite(.compactMapIssues(captureExploredIssues), .timeLimit(.minutes(1)))
struct ExploreInSpecsTests {
    // reaches: ToolkitFailure
    @Test func aFailingExplorationInsideAnExampleReportsThroughTheSpecsHostWithItsPath() async throws {
        let expectLine = SourceLine.marked("expect in spec")
        let exploreLine = SourceLine.marked("explore in spec")
        let found = Locked<Exploration?>(nil)
        try await spec("Explored counter") {
            it("counts both increments") {
                let exploration = try await explore(stepTimeout: patience) { schedule in  // line: explore in spec
                    let counter = RacyCounter()
                    schedule.start("A") { await counter.increment(on: schedule) }
                    schedule.start("B") { await counter.increment(on: schedule) }
                    try await schedule.finish()
                    #expect(counter.current == 2, "both increments")  // line: expect in spec
                }
                found.withLock { $0 = exploration }
            }
        }
        #expect(found.withLock { $0?.failed } == true)
        let reported = issues(of: "Explored counter")
        try #require(reported.count == 2)
        #expect(
            reported.map(\.location) == [
                "RundownTests/ExploreInSpecsTests.swift:\(expectLine)",
                "RundownTests/ExploreInSpecsTests.swift:\(exploreLine)",
            ])
        #expect(reported[0].comments == ["Explored counter, counts both increments", "both increments"])
        #expect(reported[1].comments.count == 1)
        #expect(
            reported[1].comments.first?.hasPrefix(
                "Explored counter, counts both increments: explore(.everyInterleaving()) failed in interleaving 2: A: start → write; B: start → write; A: → end; B: → end"
            ) == true)
    }

    /// Behaviour#Exploration-strategies: each strategy's failure takes the same road.
    @Test func eachStrategysFailureReportsThroughTheSpecsHostWithItsPath() async throws {
        let expectLine = SourceLine.marked("expect by strategy")
        let exploreLine = SourceLine.marked("explore by strategy")
        let strategies: [ExplorationStrategy] = [
            .pct(runs: 100, seed: 3), .everyInterleaving(preemptions: 1), .random(runs: 100, seed: 3),
        ]
        try await spec("Explored by each strategy") {
            for strategy in strategies {
                it("\(strategy)") {
                    try await explore(strategy, stepTimeout: patience) { schedule in  // line: explore by strategy
                        let counter = RacyCounter()
                        schedule.start("A") { await counter.increment(on: schedule) }
                        schedule.start("B") { await counter.increment(on: schedule) }
                        try await schedule.finish()
                        #expect(counter.current == 2, "both increments")  // line: expect by strategy
                    }
                }
            }
        }
        let reported = issues(of: "Explored by each strategy")
        try #require(reported.count == 2 * strategies.count)
        // An example named with ", " stands quoted in its path.
        let steps = [
            #"".pct(runs: 100, seed: 3)""#, ".everyInterleaving(preemptions: 1)", #"".random(runs: 100, seed: 3)""#,
        ]
        for (index, strategy) in strategies.enumerated() {
            let path = "Explored by each strategy, \(steps[index])"
            let (failure, interleaving) = (reported[2 * index], reported[2 * index + 1])
            #expect(failure.comments == [path, "both increments"])
            #expect(failure.location == "RundownTests/ExploreInSpecsTests.swift:\(expectLine)")
            #expect(interleaving.location == "RundownTests/ExploreInSpecsTests.swift:\(exploreLine)")
            #expect(
                interleaving.comments.first?.hasPrefix("\(path): explore(\(strategy)) failed in interleaving ") == true,
                "\(interleaving.comments)")
        }
    }

    @Test func aFailureOfAControlledTaskGoesToTheSpecsHostWithThePath() async throws {
        struct Offline: Error {}
        let startLine = SourceLine.marked("start in spec")
        try await spec("Explored feed") {
            it("loads") {
                try await explore(stepTimeout: patience) { schedule in
                    schedule.start("load") { throw Offline() }  // line: start in spec
                }
            }
        }
        let reported = issues(of: "Explored feed")
        try #require(reported.count == 2)
        #expect(reported[0].comments == ["Explored feed, loads: Controlled task 'load' threw an error: Offline()"])
        #expect(reported[0].location == "RundownTests/ExploreInSpecsTests.swift:\(startLine)")
    }
}
