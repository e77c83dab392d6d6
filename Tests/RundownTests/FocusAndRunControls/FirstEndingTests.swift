import Testing

@testable import RundownEngine

/// Behaviour#Time-limits, the race under a time limit (FirstEnding.swift): after the limit's timer
/// ended the first wait, the cancelled closure's ending must be found by the
/// second wait even when it came before that wait started. When it was lost,
/// the grace timer ended the second wait, and a closure that had stopped at
/// once was reported as "still running" (seen about once in 100 runs of
/// TimeLimitTests on a loaded machine).
@Suite struct FirstEndingTests {
    @Test func anEndingThatComesBeforeTheSecondWaitStartsIsTheSecondEnding() async {
        let race = FirstEnding()
        let first = Task { await race.first() }
        while !race.isWaiting { await Task.yield() }
        race.end(.timer)
        guard case .timer = await first.value else {
            Issue.record("the first wait did not end with the timer")
            return
        }
        race.end(.body(.passed))
        // The grace timer, later: the second wait must not take it for its ending.
        race.end(.timer)
        guard case .body(.passed) = await race.second() else {
            Issue.record("the closure's ending, which came before the second wait started, was lost")
            return
        }
    }

    @Test func endingsThatComeBeforeAnyWaitAreTakenInOrder() async {
        let race = FirstEnding()
        race.end(.timer)
        race.end(.body(.passed))
        guard case .timer = await race.first(), case .body(.passed) = await race.second() else {
            Issue.record("the endings were not taken in the order they came")
            return
        }
    }
}
