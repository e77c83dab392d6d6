#if canImport(Testing)
import Foundation
import RundownCore
import RundownSettings
import RundownTestSupport
import Testing

@testable import RundownConcurrency

/// Behaviour#A-stuck-task-fails, Behaviour#A-failing-interleaving-can-be-replayed (a body must repeat its steps),
/// Behaviour#Exploration-strategies and Behaviour#Exploration-runs-every-order.
@Suite("Exploring: deadlines, determinism, misuse", .timeLimit(.minutes(1)))
struct ExploreRulesTests {
    @Test("a controlled task that waits forever fails within its deadline, naming it and what it last passed")
    func stuckTaskFailsAtItsDeadline() async throws {
        let startLine = SourceLine.marked("start stuck")
        let began = ContinuousClock.now
        let failures = try await capturingRoutedFailures {
            let exploration = try await explore(stepTimeout: .milliseconds(200)) { schedule in
                schedule.start("stuck") {  // line: start stuck
                    await schedule.point("waiting")
                    // Real time, which the explorer does not control: never a point.
                    try await Task.sleep(for: .seconds(600))
                }
            }
            #expect(exploration.failed)
        }
        // Without the deadline the step would wait out the 600-second sleep; a loaded machine
        // takes seconds past the 0.2-second deadline at worst (14.7 seen at load 25), never most
        // of the suite's minute.
        #expect(ContinuousClock.now - began < .seconds(50))
        try #require(failures.count == 2)
        #expect(
            failures[0].message
                == "Controlled task 'stuck' neither reached a schedule point nor ended within 0.2 seconds (interleaving 1); it last passed 'waiting'. Is it waiting for something that is not a point: a lock, a continuation, real time, or the value of another controlled task?"
        )
        #expect(failures[0].place == "ExploreRulesTests.swift:\(startLine)")
        #expect(
            failures[1].message.hasPrefix(
                "explore(.everyInterleaving()) failed in interleaving 1: stuck: start → waiting"))
    }

    @Test("a body that awaits a controlled task before letting it run fails at the deadline instead of hanging")
    func bodyAwaitingItsTask() async throws {
        let line = SourceLine.marked("explore awaiting body")
        let failures = try await capturingRoutedFailures {
            try await explore(stepTimeout: .milliseconds(200)) { schedule in  // line: explore awaiting body
                let task = schedule.tasks.start(name: "load") { 42 }
                // The task would take its first step at finish(); awaiting it first waits forever.
                _ = await task.value
            }
        }
        try #require(failures.count == 2)
        #expect(
            failures[0].message
                == "Controlled task 'load' waited 0.2 seconds for its first step (interleaving 1), but the body neither called schedule.finish() nor returned: controlled tasks take their steps only then. Is the body awaiting something a controlled task does (its value, or state it sets) before finish()?"
        )
        #expect(failures[0].place == "ExploreRulesTests.swift:\(line)")
        #expect(failures[1].message.hasPrefix("explore(.everyInterleaving()) failed in interleaving 1"))
    }

    @Test("a body that offers other steps from one run to the next is reported as not deterministic")
    func nondeterministicBody() async throws {
        let runs = Locked(0)
        let line = SourceLine.marked("explore drifting body")
        let failures = try await capturingRoutedFailures {
            try await explore { schedule in  // line: explore drifting body
                // State kept between runs decides how many tasks start: the mistake the error names.
                let count = runs.withLock { runs in
                    runs += 1
                    return runs == 1 ? 2 : 3
                }
                for index in 0..<count {
                    schedule.start("task \(index)") { await schedule.point("p") }
                }
            }
        }
        try #require(failures.count == 2)
        #expect(
            failures[0].message.hasPrefix(
                "The body of explore is not deterministic: in interleaving 2, at choice 1 the earlier run offered 2 option(s) ('task 0', 'task 1') but this run offers 3 option(s) ('task 0', 'task 1', 'task 2')."
            ))
        #expect(failures[0].message.contains("Make everything the controlled tasks share inside the body"))
        #expect(failures[0].place == "ExploreRulesTests.swift:\(line)")
    }

    @Test("a token replayed on a body with other steps is reported as not deterministic")
    func tokenOfAnotherBody() async throws {
        let failures = try await capturingRoutedFailures {
            let found = try await explore { schedule in
                schedule.start("A") { await schedule.point("p") }
                schedule.start("B") { await schedule.point("p") }
                try await schedule.finish()
                FailureRouting.record(ConcurrencyFailure("first order fails"))
            }
            let token = try #require(found.replayToken)
            try await explore(.replay(token)) { schedule in
                schedule.start("A") { await schedule.point("p") }
                schedule.start("C") { await schedule.point("p") }
            }
        }
        try #require(failures.count == 4)
        #expect(
            failures[2].message.hasPrefix(
                "The body of explore is not deterministic: in interleaving 1, this run made as many choices (2) as the token, but between other steps than the recorded run."
            ))
    }

    @Test("a test double kept from an earlier run calls the old schedule: a clear error, at its point")
    func doubleKeptBetweenRuns() async throws {
        var kept: Schedule?
        let line = SourceLine.marked("old point")
        let failures = try await capturingRoutedFailures {
            try await explore { schedule in
                if kept == nil { kept = schedule }
                let old = try #require(kept)
                schedule.start("A") { await old.point("fetch") }  // line: old point
                schedule.start("B") { await old.point("fetch") }
            }
        }
        try #require(failures.count >= 2)
        #expect(
            failures[0].message
                == "schedule.point(\"fetch\") was called on the schedule of interleaving 1 from a task of interleaving 2. A schedule belongs to one run of explore's body: make the test doubles and the state they share inside the body, from the schedule it is given."
        )
        #expect(failures[0].place == "ExploreRulesTests.swift:\(line)")
        #expect(failures.last?.message.contains("failed in interleaving 2") == true)
    }

    @Test("a start or a point after the run ended is a clear error; a point outside controlled tasks returns at once")
    func afterTheRun() async throws {
        var kept: Schedule?
        let startLine = SourceLine.marked("late start")
        let pointLine = SourceLine.marked("late point")
        let failures = try await capturingRoutedFailures {
            try await explore { schedule in
                await schedule.point("in the body")  // not a controlled task: returns at once
                kept = schedule
            }
            let old = try #require(kept)
            old.start("late") {}  // line: late start
            await old.point("late")  // line: late point
        }
        try #require(failures.count == 2)
        #expect(
            failures[0].message
                == "schedule.start(\"late\") was called after interleaving 1 ended. A schedule belongs to one run of explore's body: make the test doubles and the state they share inside the body, from the schedule it is given."
        )
        #expect(failures[0].place == "ExploreRulesTests.swift:\(startLine)")
        #expect(failures[1].message.hasPrefix("schedule.point(\"late\") was called after interleaving 1 ended."))
        #expect(failures[1].place == "ExploreRulesTests.swift:\(pointLine)")
    }

    @Test("finish() from a controlled task is refused, and the run stops")
    func finishFromATask() async throws {
        let failures = try await capturingRoutedFailures {
            try await explore { schedule in
                schedule.start("A") { try await schedule.finish() }
            }
        }
        try #require(failures.count == 2)
        #expect(
            failures[0].message
                == "finish() was called from controlled task 'A'; only code no controlled task runs (the body) can let the tasks take their steps"
        )
    }

    @Test("an exploration inside a controlled task of another one explores its own tasks")
    func nestedExploration() async throws {
        let inner = Locked<[Int]>([])
        // One step of the outer exploration runs a whole inner one: bound it by patience, not by the
        // default step deadline of 5 seconds, which a loaded machine exceeds.
        let outer = try await explore(stepTimeout: patience) { schedule in
            schedule.start("outer A") {
                let exploration = try await explore { nested in
                    nested.start("inner A") { await nested.point("p") }
                    nested.start("inner B") { await nested.point("p") }
                }
                inner.withLock { $0.append(exploration.interleavings) }
            }
            schedule.start("outer B") { await schedule.point("p") }
        }
        #expect(!outer.failed)
        #expect(outer.interleavings == 3)
        #expect(inner.current == [6, 6, 6])
    }

    @Test("tasks started through schedule.tasks are controlled tasks")
    func tasksThroughTheStarter() async throws {
        @MainActor final class Uploader {
            let tasks: any TaskStarting
            let schedule: Schedule
            var uploaded: [String] = []
            init(schedule: Schedule) {
                self.schedule = schedule
                tasks = schedule.tasks
            }
            func uploadLater(_ file: String) {
                tasks.start(name: "upload \(file)") {
                    await self.schedule.point("send \(file)")
                    self.uploaded.append(file)
                }
            }
        }
        let orders = Locked<[[String]]>([])
        let exploration = try await explore { @MainActor schedule in
            let uploader = Uploader(schedule: schedule)
            uploader.uploadLater("a")
            uploader.uploadLater("b")
            try await schedule.finish()
            orders.withLock { $0.append(uploader.uploaded) }
        }
        // Two tasks of two steps each: C(4, 2) orders, and both finishing orders among them.
        #expect(exploration.interleavings == 6)
        #expect(Set(orders.current) == [["a", "b"], ["b", "a"]])
    }

    @Test("the same seed gives the same sequence of orders; the result names the seed")
    func sameSeedSameOrders() async throws {
        func orders(seed: UInt64) async throws -> [[String]] {
            let seen = Locked<[[String]]>([])
            let exploration = try await explore(.random(runs: 30, seed: seed)) { schedule in
                let log = EventLog()
                for name in ["A", "B", "C"] {
                    schedule.start(name) {
                        log.append("\(name)0")
                        await schedule.point("p")
                        log.append("\(name)1")
                    }
                }
                try await schedule.finish()
                seen.withLock { $0.append(log.all) }
            }
            #expect(exploration.interleavings == 30)
            #expect(exploration.seed == seed)
            return seen.current
        }
        let first = try await orders(seed: 42)
        let second = try await orders(seed: 42)
        let other = try await orders(seed: 43)
        #expect(first.count == 30)
        #expect(first == second)
        #expect(first != other)
        // A sample, not one order thirty times.
        #expect(Set(first).count > 5)
    }

    // reaches: SettingsWarning.scheduleNotKnown
    @Test("RUNDOWN_SCHEDULE takes a token; anything else is a warning naming the valid form")
    func scheduleSetting() {
        var warnings: [String] = []
        let given = RunSettings(environment: ["RUNDOWN_SCHEDULE": "v1.3fa2.0102.9c1e22ab"]) { warnings.append($0) }
        #expect(given.schedule == "v1.3fa2.0102.9c1e22ab")
        #expect(warnings.isEmpty)
        for wrong in [
            "0102", "v1.3fa2.01-2.9c1e22ab", "v1.3fa.0102.9c1e22ab", "v1.3fa2._12.9c1e22ab", "v2.3fa2.0.9c1e22ab",
        ] {
            warnings = []
            let settings = RunSettings(environment: ["RUNDOWN_SCHEDULE": wrong]) { warnings.append($0) }
            #expect(settings.schedule == nil)
            #expect(
                warnings == [
                    "RUNDOWN_SCHEDULE=\(wrong) is not a replay token; valid form: RUNDOWN_SCHEDULE=<the token a failed explore printed, such as v1.3fa2.0102.9c1e22ab>"
                ])
        }
        warnings = []
        let large = RunSettings(environment: ["RUNDOWN_SCHEDULE": "v1.3fa2.01_62_z.9c1e22ab"]) { warnings.append($0) }
        #expect(large.schedule == "v1.3fa2.01_62_z.9c1e22ab")
        #expect(warnings.isEmpty)
    }

    @Test("a token reads back as written, large choices included")
    func tokenRoundTrip() throws {
        let token = ReplayToken(site: "3fa2", choices: [0, 1, 35, 61, 62, 400], check: "9c1e22ab")
        #expect("\(token)" == "v1.3fa2.01zZ_62__400_.9c1e22ab")
        #expect(ReplayToken("\(token)") == token)
        #expect(ReplayToken("v1.3fa2..9c1e22ab")?.choices == [])
        #expect(ReplayToken("v1.3fa2.0-1.9c1e22ab") == nil)
        #expect(ReplayToken("v1.3fa2.01") == nil)
    }
}
#endif
