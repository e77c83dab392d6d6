// A program of a user's, with no test framework driving it, that runs specs
// whose failures are assertions, not thrown errors. `HostOutputTests` runs it
// in a child process and checks its exit status and what it prints
// (Behaviour#Failures-with-no-host: such a spec once returned normally and printed nothing). Lines
// matter: the test finds them by their `// line:` marks.
import Foundation
import Rundown
import Testing

#if canImport(XCTest)
import XCTest
#endif

let scenario = CommandLine.arguments.dropFirst().first ?? ""

/// Runs `body` in a detached task and blocks this thread until it has ended: how the synchronous
/// scenarios await. Returns what `body` returned, or throws what it threw.
func runBlocking<T: Sendable>(_ body: @escaping @Sendable () async throws -> T) throws -> T {
    let outcome = TaskOutcome<T>()
    let done = DispatchSemaphore(value: 0)
    Task.detached {
        do {
            outcome.result = .success(try await body())
        } catch {
            outcome.result = .failure(error)
        }
        done.signal()
    }
    done.wait()
    guard let result = outcome.result else { fatalError("runBlocking: the task ended with no outcome") }
    return try result.get()
}

/// What the task of `runBlocking` ended with; `@unchecked Sendable` is sound because `stored` is
/// only touched under `lock`.
final class TaskOutcome<T: Sendable>: @unchecked Sendable {
    private let lock = NSLock()
    private var stored: Result<T, any Error>?

    var result: Result<T, any Error>? {
        get { lock.withLock { stored } }
        set { lock.withLock { stored = newValue } }
    }
}

func assertions() throws {
    try spec("No host") {
        it("expects") {
            print("ran: expects")
            #expect(1 == 2)  // line: expect
        }
        it("asserts") {
            print("ran: asserts")
            #if canImport(XCTest)
            XCTAssertEqual(1, 2)  // line: assert
            #endif
        }
        it("checks") {
            print("ran: checks")
            _ = SharedResource("no host: alpha").expectHeld()  // line: check
        }
        it("requires") {
            print("ran: requires")
            try #require(Bool(false))  // line: require
        }
        it("passes") { print("ran: passes") }
    }
}

/// The first closure the process runs fails two `XCTAssert`s: the assertion
/// forwarding that the first spec starts is running before its first example,
/// so neither is lost. The async form is the same spec awaited in a task.
func firstAssertion() throws {
    try spec("No host: first") {
        it("asserts at once") {
            #if canImport(XCTest)
            XCTAssertEqual(1, 2)  // line: first assert
            XCTFail("again")  // line: first fail
            #endif
        }
    }
}

func firstAssertionAsync() throws {
    try runBlocking {
        try await spec("No host: first") {
            it("asserts at once") {
                await Task.yield()
                #if canImport(XCTest)
                XCTAssertEqual(1, 2)  // line: first async assert
                XCTFail("again")  // line: first async fail
                #endif
            }
        }
    }
}

func passing() throws {
    try spec("No host: passing") {
        it("passes") { #expect(1 == 1) }
    }
}

/// Behaviour#Settings-not-understood-fail-on-CI with no host: two specs, each
/// printing what it throws and where; under strict settings the first throws the
/// setting's failure, at its `spec` call, and the second passes.
func strictSettings() throws {
    for name in ["No host: first", "No host: second"] {
        do {
            try spec(name) {  // line: strict spec
                it("runs") { print("ran: \(name)") }
            }
        } catch let failure as SpecFailure {
            print("thrown: \(failure)")
            print("at: \(failure.location.fileID):\(failure.location.line)")
        }
    }
}

/// `RUNDOWN_TIME_LIMIT`: an async spec whose example waits on a gate nobody
/// opens, then a sync spec whose example sleeps past the limit; each spec
/// throws its failure, and the example after it still runs.
func timeLimit() throws {
    try runBlocking {
        let gate = Gate("never opened")
        do {
            try await spec("No host gate") {
                it("waits") {  // line: no host gate wait
                    try await gate.arrive(within: .seconds(120))
                }
                it("goes on") { print("ran: No host gate, goes on") }
            }
        } catch let failure as SpecFailure {
            print("thrown: \(failure)")
            print("at: \(failure.location.fileID):\(failure.location.line)")
        } catch {
            print("thrown: \(error)")
        }
    }
    do {
        try spec("No host sleep") {
            it("sleeps") {  // line: no host sleep
                Thread.sleep(forTimeInterval: 2)
            }
            it("goes on") { print("ran: No host sleep, goes on") }
        }
    } catch let failure as SpecFailure {
        print("thrown: \(failure)")
        print("at: \(failure.location.fileID):\(failure.location.line)")
    }
}

/// Behaviour#Progress-reports with no host: an example that holds an `AsyncLock` for 3 s while a
/// task it started waits for it, and one waiting 3 s in `eventually`, under
/// `RUNDOWN_PROGRESS_AFTER=1s RUNDOWN_PROGRESS_EVERY=1s`.
func progress() throws {
    try runBlocking {
        do {
            try await spec("No host progress") {
                it("holds a lock") {  // line: no host lock holder
                    let lock = AsyncLock("db")
                    let holding = Gate("holding")
                    let writer = Task(name: "writer") {
                        try await holding.arrive(within: .seconds(60))
                        try await lock.withLock {}
                    }
                    try await lock.withLock {
                        holding.open()
                        try await Task.sleep(for: .seconds(3))
                    }
                    try await writer.value
                }
                it("polls") {  // line: no host eventually
                    let start = ContinuousClock.now
                    try await eventually("the cache is warm", within: .seconds(60)) {
                        start.duration(to: .now) > .seconds(3)
                    }
                }
            }
        } catch {
            print("thrown: \(error)")
        }
    }
}

/// Behaviour#Toolkit-waits-show-in-progress-reports with no host: a gate nobody
/// opens gives up in an example; the spec throws that failure, which carries
/// the progress report of its element, and the next example runs.
func waitGivesUp() throws {
    try runBlocking {
        do {
            try await spec("No host reply") {
                it("waits") {  // line: no host gives up
                    try await Gate("no host reply").arrive(within: .milliseconds(100))
                }
                it("goes on") { print("ran: No host reply, goes on") }
            }
        } catch let failure as SpecFailure {
            print("thrown: \(failure)")
            print("at: \(failure.location.fileID):\(failure.location.line)")
        } catch {
            print("thrown: \(error)")
        }
    }
}

/// Behaviour#Fail-fast with no host: five examples whose second fails, then a
/// later spec; each prints what ran, and what its `spec` call threw.
func failFast() throws {
    do {
        try spec("No host: five") {
            it("one") { print("ran: one") }
            it("two") {
                print("ran: two")
                throw NoHostFailFastError()
            }
            it("three") { print("ran: three") }
            afterAll { print("ran: afterAll") }
        }
    } catch {
        print("thrown: \(error)")
    }
    do {
        try spec("No host: later") {
            it("a") { print("ran: later a") }
        }
        print("returned: No host: later")
    } catch {
        print("thrown: \(error)")
    }
}

struct NoHostFailFastError: Error, CustomStringConvertible {
    var description: String { "two fails" }
}

/// A task that an example started fails after the spec has returned: it is printed as late.
func late() throws {
    let mayFail = DispatchSemaphore(value: 0)
    let failed = DispatchSemaphore(value: 0)
    try spec("No host: late") {
        it("leaks a task") {
            Task {
                mayFail.wait()
                #expect(Bool(false), "too late")  // line: late
                failed.signal()
            }
        }
    }
    print("spec returned")
    mayFail.signal()
    _ = failed.wait(timeout: .now() + 10)
}

/// A `#require` in closures the walk binds in different ways (an
/// `aroundEach` hook after its body, a group's cleanup): each is one failure.
func runningClosure() throws {
    try spec("No host: running closure") {
        context("wrapped") {
            aroundEach("wrap") { body in
                try body()
                try #require(Bool(false), "after the body")  // line: around require
            }
            it("runs") { print("ran: wrapped") }
        }
        context("grouped") {
            beforeAll {
                deferCleanup { try #require(Bool(false), "in a cleanup") }  // line: group cleanup require
            }
            it("runs") { print("ran: grouped") }
        }
    }
}

/// Behaviour#Retried-examples:
/// an example that passes on its second attempt passes as flaky; one that never passes fails with each attempt.
// Safe: only the synchronous specs below touch it, on the main thread, one closure at a time.
nonisolated(unsafe) var calls = 0
func flaky() throws {
    try spec("No host: flaky") {
        it("answers", .retries(2)) {
            calls += 1
            #expect(calls == 2)  // line: flaky expect
        }
    }
}

func retriesFail() throws {
    try spec("No host: broken") {
        it("never answers", .retries(1)) {
            calls += 1
            #expect(calls == 0)  // line: broken expect
        }
    }
}

/// Behaviour#Retried-examples: a task that a failed attempt left running fails
/// while the next attempt runs; that attempt passes, and no third one runs.
func lateAttempt() throws {
    struct Failed: Error {}
    let mayFail = DispatchSemaphore(value: 0)
    let failed = DispatchSemaphore(value: 0)
    var attempts = 0
    try spec("No host: late attempt") {
        it("retries", .retries(2)) {  // line: late attempt example
            attempts += 1
            print("ran: attempt \(attempts)")
            if attempts == 1 {
                Task {
                    mayFail.wait()
                    #expect(Bool(false), "late")  // line: late attempt
                    failed.signal()
                }
                throw Failed()
            }
            mayFail.signal()
            if failed.wait(timeout: .now() + 60) == .timedOut { print("the late task never failed") }
        }
    }
}

/// What is printed where no framework runs: a spec that skipped every example, a toolkit
/// check that no spec or test claims, and the seed that `.random(runs:)` picked.
func notices() throws {
    try spec("No host: skipped") {
        it("a") { throw Skip("why") }
    }
    _ = SharedResource("no host: beta").expectHeld()  // line: unclaimed check
    try runBlocking {
        _ = try? await explore(.random(runs: 2)) { _ in }
        _ = try? await explore(.pct(runs: 2)) { _ in }
    }
}

/// Explores with no framework and no spec: an `#expect` in a controlled task,
/// an `XCTFail` in one, and an `#expect` in the body after `finish()` that
/// catches a lost update each end the exploration, and `explore` throws them
/// (Behaviour#Every-failure-ends-an-exploration: each was once lost, and `explore` returned).
func exploreAssertion(_ kind: String) throws {
    let exploration = try runBlocking {
        try await explore { schedule in
            let counter = LockedCounter()
            let writes = LockedCounter()
            schedule.start("A") {
                let seen = counter.value
                await schedule.point("a1")
                counter.value = seen + 1
                writes.value += 1
                // Once both wrote: an update is lost in the orders where both read first.
                if kind == "expect-in-task", writes.value == 2 {
                    #expect(counter.value == 2)  // line: explore expect in task
                }
                #if canImport(XCTest)
                if kind == "xctfail-in-task", writes.value == 2, counter.value != 2 {
                    XCTFail("lost an update")  // line: explore xctfail in task
                }
                #endif
            }
            schedule.start("B") {
                let seen = counter.value
                await schedule.point("b1")
                counter.value = seen + 1
                writes.value += 1
            }
            if kind == "expect-in-child" {
                schedule.start("owner") {
                    await withTaskGroup(of: Void.self) { group in
                        group.addTask {
                            let seen = counter.value
                            await schedule.point("c1")
                            counter.value = seen + 1
                            writes.value += 1
                            if writes.value == 3 {
                                #expect(counter.value == 3)  // line: explore expect in child
                            }
                        }
                        group.addTask {
                            let seen = counter.value
                            await schedule.point("c2")
                            counter.value = seen + 1
                            writes.value += 1
                        }
                    }
                }
            }
            try await schedule.finish()
            if kind == "expect-after-finish" {
                #expect(counter.value == 2)  // line: explore expect after finish
            }
        }
    }
    print("explored: interleavings=\(exploration.interleavings), failed=\(exploration.failed)")
}

/// Explores with no framework and no spec: a controlled task `A` starts a tracked task `T` that
/// waits at a gate `A` opens only after `waitForAll`. No task can go on, so the exploration fails
/// at once with a deadlock naming both, and `explore` throws it
/// (Behaviour#A-deadlock-fails-at-once, Behaviour#Every-failure-ends-an-exploration).
func exploreWaitForAllDeadlock() throws {
    let exploration = try runBlocking {
        try await explore { schedule in
            let tasks = TrackingTaskStarter()
            let reply = Gate("reply")
            schedule.start("A") {  // line: explore waitForAll A starts
                tasks.start(name: "T") { try await reply.arrive() }
                try await tasks.waitForAll()
                reply.open()
            }
            try await schedule.finish()
        }
    }
    print("explored: interleavings=\(exploration.interleavings), failed=\(exploration.failed)")
}

/// A counter two controlled tasks share; `@unchecked Sendable` is sound
/// because `stored` is only touched under `lock`.
final class LockedCounter: @unchecked Sendable {
    private let lock = NSLock()
    private var stored = 0

    var value: Int {
        get { lock.withLock { stored } }
        set { lock.withLock { stored = newValue } }
    }
}

/// Behaviour#Rerunning-what-failed: a late failure and a failing `afterAll`, for the file of
/// `RUNDOWN_FAILURES` (`FailuresFileOutputTests` sets it): each is listed, and `@file` reruns it.
func failuresFile() throws {
    let mayFail = DispatchSemaphore(value: 0)
    let failed = DispatchSemaphore(value: 0)
    // Safe: written by the example and read by the afterAll after it, one closure at a time on this thread.
    nonisolated(unsafe) var started = false
    try spec("Listed no host") {
        it("passes") { print("ran: Listed no host, passes") }
        it("leaks a late failure") {
            print("ran: Listed no host, leaks a late failure")
            started = true
            Task {
                _ = mayFail.wait(timeout: .now() + 10)
                #expect(Bool(false), "late")
                failed.signal()
            }
        }
        context("with a failing afterAll") {
            it("passes") { print("ran: Listed no host, with a failing afterAll, passes") }
            afterAll { throw FailuresFileError() }
        }
        afterAll {
            guard started else { return }
            mayFail.signal()
            _ = failed.wait(timeout: .now() + 10)
        }
    }
}

/// Behaviour#Fresh-values: a fresh value used from a detached task, which knows no example,
/// while the spec runs and after it has returned: each is a failure that says so.
func freshDetached() throws {
    let mayUse = DispatchSemaphore(value: 0)
    let used = DispatchSemaphore(value: 0)
    let afterRun = DispatchSemaphore(value: 0)
    let usedAfterRun = DispatchSemaphore(value: 0)
    defer {
        afterRun.signal()
        _ = usedAfterRun.wait(timeout: .now() + 10)
    }
    try spec("No host: detached") {
        let number = fresh { 0 }  // line: detached fresh
        let later = fresh { 0 }  // line: detached fresh after the run
        it("starts detached tasks") {
            Task.detached {
                _ = mayUse.wait(timeout: .now() + 10)
                number.value = 5
                used.signal()
            }
            Task.detached {
                _ = afterRun.wait(timeout: .now() + 10)
                _ = later.value
                usedAfterRun.signal()
            }
        }
        it("lets one use its value") {
            mayUse.signal()
            _ = used.wait(timeout: .now() + 10)
        }
    }
}

/// Behaviour#Repeated-examples with no host: two passing examples, for `RUNDOWN_REPEAT`.
func repeated() throws {
    try spec("Repeat no host") {
        it("adds") { print("ran: Repeat no host, adds") }
        it("removes") { print("ran: Repeat no host, removes") }
    }
}

/// Behaviour#The-tree-report with no host: each example of a `Spec` run alone, as
/// a test argument is; `RUNDOWN_FILTER=pops` leaves `pushes` out.
func specArguments() throws {
    let stack = Spec.synchronous("Stack no host") {
        it("pushes") { print("ran: Stack no host, pushes") }
        it("pops") { print("ran: Stack no host, pops") }
    }
    for example in stack.examples { try example.run() }
}

/// Five examples, three of them slow by margins a busy machine does not
/// reorder, for `RUNDOWN_PROFILE`, whose block the process prints as it exits.
func profiled() throws {
    try spec("Profiled no host") {  // line: profiled spec
        it("quick") {}
        it("slowest") { Thread.sleep(forTimeInterval: 1.2) }  // line: slowest
        describe("slow group") {  // line: slow group
            it("slower") { Thread.sleep(forTimeInterval: 0.8) }  // line: slower
            it("slow") { Thread.sleep(forTimeInterval: 0.4) }  // line: slow
        }
        it("quick too") {}
    }
}

/// The progress signal with no host: a synchronous example says on standard
/// error that it waits, then waits, blocking the main thread, until the test
/// (having signalled the process and read the report) makes the file named
/// after its path in the folder `SIGNAL_FIXTURE_RELEASE` names; the example
/// after it must still run.
func progressSignal() throws {
    let path = "No host signal, waits for the test"
    let release = (ProcessInfo.processInfo.environment["SIGNAL_FIXTURE_RELEASE"] ?? "/nonexistent") + "/" + path
    try spec("No host signal") {
        it("waits for the test") {  // line: no host signal wait
            FileHandle.standardError.write(Data("waiting: \(path)\n".utf8))
            let deadline = Date().addingTimeInterval(90)
            while !FileManager.default.fileExists(atPath: release), Date() < deadline {
                Thread.sleep(forTimeInterval: 0.02)
            }
        }
        it("goes on") { print("ran: No host signal, goes on") }
    }
}

/// `RUNDOWN_LIST` with no host: a dry run prints the plan and returns normally; a closure that ran
/// would stop the process.
func listed() throws {
    try spec("List no host") {
        beforeAll { fatalError("beforeAll ran in a dry run") }
        context("a, b") {
            it(#"say "hi""#) { fatalError("an example ran in a dry run") }
        }
        xIt("parked") { fatalError("an excluded example ran") }
    }
}

struct FailuresFileError: Error, CustomStringConvertible {
    var description: String { "FailuresFileError" }
}

do {
    switch scenario {
    case "flaky": try flaky()
    case "retries-fail": try retriesFail()
    case "assertions": try assertions()
    case "passing": try passing()
    case "strict-settings": try strictSettings()
    case "time-limit": try timeLimit()
    case "fail-fast": try failFast()
    case "progress": try progress()
    case "wait-gives-up": try waitGivesUp()
    case "first-assertion": try firstAssertion()
    case "first-assertion-async": try firstAssertionAsync()
    case "late": try late()
    case "late-attempt": try lateAttempt()
    case "notices": try notices()
    case "running-closure": try runningClosure()
    case "explore-expect-in-task": try exploreAssertion("expect-in-task")
    case "explore-expect-in-child": try exploreAssertion("expect-in-child")
    case "explore-xctfail-in-task": try exploreAssertion("xctfail-in-task")
    case "explore-expect-after-finish": try exploreAssertion("expect-after-finish")
    case "explore-waitforall-deadlock": try exploreWaitForAllDeadlock()
    case "failures-file": try failuresFile()
    case "fresh-detached": try freshDetached()
    case "repeated": try repeated()
    case "spec-arguments": try specArguments()
    case "profile": try profiled()
    case "progress-signal": try progressSignal()
    case "list": try listed()
    default:
        print("unknown scenario '\(scenario)'")
        exit(2)
    }
    print("returned normally")
} catch {
    print("thrown: \(error)")
    exit(1)
}
