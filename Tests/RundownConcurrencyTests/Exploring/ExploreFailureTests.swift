#if canImport(Testing)
import Foundation
import RundownCore
import RundownTestSupport
import Testing

@testable import RundownConcurrency

/// Two tasks that each read a shared counter, may be overtaken, then write it back: the
/// lost-update race, in its smallest form.
private final class SharedCounter: Sendable {
    private let box = Locked(0)
    var value: Int { box.current }
    func set(_ value: Int) { box.withLock { $0 = value } }
}

private func increment(_ counter: SharedCounter, on schedule: Schedule) async {
    let seen = counter.value
    await schedule.point("write")
    counter.set(seen + 1)
}

/// Behaviour#A-failing-interleaving-can-be-replayed and Behaviour#Exploration-strategies.
@Suite("Exploring: a failing interleaving", .timeLimit(.minutes(1)))
struct ExploreFailureTests {
    @Test(
        "an #expect that fails in one order ends the exploration: reported where it failed, plus the interleaving and its token at the explore call"
    )
    func failingExpectation() async throws {
        let expectLine = SourceLine.marked("lost update")
        let exploreLine = SourceLine.marked("explore lost update")
        var exploration: Exploration?
        let issues = try await capturingIssues {
            exploration = try await explore { schedule in  // line: explore lost update
                let counter = SharedCounter()
                schedule.start("A") { await increment(counter, on: schedule) }
                schedule.start("B") { await increment(counter, on: schedule) }
                try await schedule.finish()
                #expect(counter.value == 2)  // line: lost update
            }
        }
        let result = try #require(exploration)
        #expect(result.interleavings == 2)
        #expect(result.failed)
        let token = try #require(result.replayToken)
        try #require(issues.count == 2)
        #expect(issues[0].location == "ExploreFailureTests.swift:\(expectLine)")
        #expect(issues[0].text.contains("counter.value → 1"))
        #expect(issues[1].location == "ExploreFailureTests.swift:\(exploreLine)")
        #expect(
            issues[1].text.contains(
                "explore(.everyInterleaving()) failed in interleaving 2: A: start → write; B: start → write; A: → end; B: → end"
            ))
        #expect(issues[1].text.contains("explore(.replay(\"\(token)\"))"))
        #expect(issues[1].text.contains("RUNDOWN_SCHEDULE=\(token)"))
    }

    @Test("the token of a failing order replays that order, failing 100 times out of 100")
    func replayFailsEveryTime() async throws {
        var token: String?
        _ = try await capturingIssues {
            token = try await explore { schedule in
                let counter = SharedCounter()
                schedule.start("A") { await increment(counter, on: schedule) }
                schedule.start("B") { await increment(counter, on: schedule) }
                try await schedule.finish()
                #expect(counter.value == 2)
            }.replayToken
        }
        let recorded = try #require(token)
        var failures = 0
        var orders = Set<String>()
        for _ in 1...100 {
            let failuresNow = try await capturingRoutedFailures {
                let replayed = try await explore(.replay(recorded)) { schedule in
                    let counter = SharedCounter()
                    schedule.start("A") { await increment(counter, on: schedule) }
                    schedule.start("B") { await increment(counter, on: schedule) }
                    try await schedule.finish()
                    if counter.value != 2 { FailureRouting.record(ConcurrencyFailure("lost update")) }
                }
                #expect(replayed.interleavings == 1)
                #expect(replayed.replayToken == recorded)
            }
            if failuresNow.count == 2 { failures += 1 }
            if let last = failuresNow.last { orders.insert(last.message) }
        }
        #expect(failures == 100)
        #expect(orders.count == 1)
        #expect(orders.first?.contains("A: start → write; B: start → write; A: → end; B: → end") == true)
    }

    @Test(".random(runs: 200) finds the lost update too, and its token replays it")
    func randomFindsIt() async throws {
        let failures = try await capturingRoutedFailures {
            let found = try await explore(.random(runs: 200, seed: 7)) { schedule in
                let counter = SharedCounter()
                schedule.start("A") { await increment(counter, on: schedule) }
                schedule.start("B") { await increment(counter, on: schedule) }
                try await schedule.finish()
                if counter.value != 2 { FailureRouting.record(ConcurrencyFailure("lost update")) }
            }
            #expect(found.failed)
            #expect(found.seed == 7)
            #expect(found.interleavings <= 200)
            let token = try #require(found.replayToken)
            let again = try await explore(.replay(token)) { schedule in
                let counter = SharedCounter()
                schedule.start("A") { await increment(counter, on: schedule) }
                schedule.start("B") { await increment(counter, on: schedule) }
                try await schedule.finish()
                if counter.value != 2 { FailureRouting.record(ConcurrencyFailure("lost update")) }
            }
            #expect(again.failed)
        }
        try #require(failures.count == 4)
        #expect(failures[1].message.contains("explore(.random(runs: 200, seed: 7)) failed in interleaving"))
        #expect(failures[3].message.contains("explore(.replay(\""))
    }

    @Test("a thrown error of a controlled task is reported at its start, then the interleaving")
    func thrownByATask() async throws {
        struct Offline: Error {}
        let startLine = SourceLine.marked("start throwing")
        let failures = try await capturingRoutedFailures {
            try await explore { schedule in
                schedule.start("fetch") {  // line: start throwing
                    await schedule.point("request")
                    throw Offline()
                }
            }
        }
        try #require(failures.count == 2)
        #expect(failures[0].message == "Controlled task 'fetch' threw an error: Offline()")
        #expect(failures[0].place == "ExploreFailureTests.swift:\(startLine)")
        #expect(
            failures[1].message.hasPrefix(
                "explore(.everyInterleaving()) failed in interleaving 1: fetch: start → request → end"))
    }

    @Test("an error the body throws is reported at the explore call")
    func thrownByTheBody() async throws {
        struct Broken: Error {}
        let line = SourceLine.marked("explore throwing body")
        let failures = try await capturingRoutedFailures {
            try await explore { _ in throw Broken() }  // line: explore throwing body
        }
        try #require(failures.count == 2)
        #expect(failures[0].message == "The body of explore threw an error: Broken()")
        #expect(failures[0].place == "ExploreFailureTests.swift:\(line)")
        #expect(failures[1].message.hasPrefix("explore(.everyInterleaving()) failed in interleaving 1: (no steps)"))
    }

    // reaches: ExplorationFailure
    @Test("with nothing to record them, a failed exploration throws its failures")
    func hostlessThrows() async throws {
        struct Offline: Error {}
        // A detached task inherits no test: no Swift Testing test, no spec, no handler.
        let outcome = await Task.detached { () -> (any Error)? in
            do {
                try await explore { schedule in
                    schedule.start("fetch") { throw Offline() }
                }
                return nil
            } catch {
                return error
            }
        }.value
        let failure = try #require(outcome as? ExplorationFailure)
        try #require(failure.failures.count == 2)
        #expect(failure.failures[0].hasSuffix("Controlled task 'fetch' threw an error: Offline()"))
        #expect(failure.failures[1].contains("failed in interleaving 1: fetch: start → end"))
        #expect(failure.exploration.failed)
        #expect(failure.exploration.replayToken != nil)
    }

    @Test("with nothing to record them, an error a framework says it recorded is one of the failures thrown")
    func hostlessFrameworkError() async throws {
        // What `#require` throws after recording its issue; with no test running, nothing recorded it.
        struct RecordedAlready: ReportedByFramework, CustomStringConvertible {
            var description: String { "recorded already" }
        }
        let outcome = await Task.detached { () -> (any Error)? in
            do {
                try await explore { schedule in
                    schedule.start("load") { throw RecordedAlready() }
                    try await schedule.finish()
                    throw RecordedAlready()
                }
                return nil
            } catch {
                return error
            }
        }.value
        let failure = try #require(outcome as? ExplorationFailure)
        try #require(failure.failures.count == 3)
        #expect(failure.failures[0].hasSuffix("Controlled task 'load' threw an error: recorded already"))
        #expect(failure.failures[1].hasSuffix("The body of explore threw an error: recorded already"))
        #expect(failure.failures[2].contains("failed in interleaving 1: load: start → end"))
    }

    @Test("more orders than the limit is a failure saying so and pointing to .random")
    func overTheLimit() async throws {
        let failures = try await capturingRoutedFailures {
            let exploration = try await explore(.everyInterleaving(limit: 5)) { schedule in
                for name in ["A", "B"] {
                    schedule.start(name) {
                        await schedule.point("p1")
                        await schedule.point("p2")
                    }
                }
            }
            #expect(exploration.interleavings == 5)
            #expect(exploration.failed)
            #expect(exploration.replayToken == nil)
        }
        try #require(failures.count == 1)
        #expect(
            failures[0].message
                == "explore(.everyInterleaving(limit: 5)) found more than 5 interleavings: 5 ran and passed, and more remain, about 20 in all (estimated from 32 random orders). Bound the preemptions (.everyInterleaving(preemptions: 2) runs the orders most races need), look for deep races with .pct(runs:depth:seed:), sample them with .random(runs:seed:), raise the limit, or take fewer steps."
        )
    }

    @Test("a limit, a count or a step timeout that is not more than zero, or a token that is not one, is refused")
    func invalidArguments() async throws {
        let refused: [(ExplorationStrategy, Duration?, String)] = [
            (
                .everyInterleaving(limit: 0), nil,
                "explore(.everyInterleaving(limit: 0)): limit must be at least 1, got 0"
            ),
            (.random(runs: -1, seed: 1), nil, "explore(.random(runs: -1, seed: 1)): runs must be at least 1, got -1"),
            (
                .everyInterleaving(), .zero,
                "explore(_:stepTimeout:): stepTimeout must be more than zero, got 0.0 seconds"
            ),
            (
                .replay("v2.0000.0.00000000"), nil,
                "explore(.replay(_:)): token must be a token a failed exploration printed, such as \"v1.3fa2.0102.9c1e22ab\", got \"v2.0000.0.00000000\""
            ),
        ]
        for (strategy, timeout, message) in refused {
            var ran = false
            let error = await caughtError {
                try await explore(strategy, stepTimeout: timeout) { _ in ran = true }
            }
            #expect(error is InvalidArgumentError)
            #expect(error.map { "\($0)" } == message)
            #expect(!ran)
        }
    }
}
#endif
