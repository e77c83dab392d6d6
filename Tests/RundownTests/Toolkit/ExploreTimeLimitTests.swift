import Foundation
import RundownEngine
import RundownTestSupport
import Testing

@testable import Rundown

/// Behaviour#A-failing-interleaving-can-be-replayed and Behaviour#Time-limits: an exploration in an
/// example whose time limit expires stops at once, even in the middle of a stuck step, and says it
/// was cancelled, with no replay token.
@Suite(.timeLimit(.minutes(2)))
struct ExploreTimeLimitTests {
    @Test func anExplorationCancelledByItsExamplesTimeLimitSaysSoWithNoToken() async {
        let started = ContinuousClock.now
        let exploreLine = SourceLine.marked("explore past its limit")
        let report = await SpecEngine.run(
            asyncRoot("Feed") {
                it("explores", .timeLimit(.milliseconds(300))) {
                    try await explore(stepTimeout: .seconds(90)) { schedule in  // line: explore past its limit
                        schedule.start("stuck") {
                            // Real time, which the explorer does not control: never a point.
                            try await Task.sleep(for: .seconds(600))
                        }
                    }
                }
            })
        // The step's deadline is 90 seconds; the limit's cancellation stops the step at once.
        #expect(started.duration(to: .now) < .seconds(45))
        let failures = report.failures.map(\.description)
        // Each failure's first line; the time limit's report follows on lines of its own.
        #expect(
            failures.compactMap { $0.split(separator: "\n").first.map(String.init) }.sorted() == [
                "Feed, explores: The exploration was cancelled during interleaving 1. It stopped there with no failing order to replay: the test's task was cancelled (a time limit, or code that cancelled it).",
                "Feed, explores: the time limit of 0.3 seconds of Feed, explores expired; it was cancelled; find what takes so long, or give it a longer '.timeLimit(_:)'",
            ])
        #expect(report.failures.contains { $0.location.line == exploreLine })
        #expect(!failures.contains { $0.contains("RUNDOWN_SCHEDULE") })
    }
}
