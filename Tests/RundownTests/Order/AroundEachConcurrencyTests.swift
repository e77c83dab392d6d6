import Foundation
import RundownTestSupport
import Testing

@testable import Rundown
@testable import RundownEngine

/// Behaviour#aroundEach-calls-its-body-once and Behaviour#Mistakes-never-crash: an `aroundEach` hook that
/// calls its body concurrently, as Swift 5 language mode allows with
/// `async let`, is a recorded misuse of that hook, never a crash.
///
/// Swift 6 refuses to send the non-`Sendable` body to another task, so these
/// tests launder it the way Swift 5 mode lets user code do: they keep it
/// non-escaping (`withoutActuallyEscaping` traps if it escaped) and mark the
/// copy `nonisolated(unsafe)`. The engine must cope with what follows.
@Suite struct AroundEachConcurrencyTests {
    static let hookLine = 100
    static let hookLocation = CodeLocation(
        fileID: "RundownTests/Racing.swift", filePath: "/tmp/Racing.swift", line: hookLine, column: 5)
    static let calledAgain =
        "racing called its body more than once; the body runs only the first time. "
        + "Call it exactly once, from the hook itself: not in a loop, and not from 'async let', a task group or a task that outlives the hook"

    /// `Spec` with a racing `aroundEach`, a `beforeEach`, examples `a` and `b`, and an `afterEach`.
    static func asyncSpec(_ log: Log, around: @escaping Asynchronous.Around) -> GroupNode<Asynchronous> {
        var content = GroupContent<Asynchronous>()
        content.append(
            GroupContent(
                hook: HookNode(kind: .aroundEach, name: "racing", location: hookLocation, body: .around(around))))
        content.append(
            GroupContent(
                hook: HookNode(
                    kind: .beforeEach, name: nil, location: hookLocation,
                    body: .plain(Asynchronous.Body { log("beforeEach") }))
            ))
        for name in ["a", "b"] {
            content.append(
                GroupContent(
                    element: .example(
                        ExampleNode(
                            description: name, location: scenarioLocation, body: Asynchronous.Body { log(name) }))))
        }
        content.append(
            GroupContent(
                hook: HookNode(
                    kind: .afterEach, name: nil, location: hookLocation,
                    body: .plain(Asynchronous.Body { log("afterEach") }))))
        return GroupNode(description: "Spec", location: scenarioLocation, content: content)
    }

    static func syncSpec(_ log: Log, around: @escaping Synchronous.Around) -> GroupNode<Synchronous> {
        var content = GroupContent<Synchronous>()
        content.append(
            GroupContent(
                hook: HookNode(kind: .aroundEach, name: "racing", location: hookLocation, body: .around(around))))
        content.append(
            GroupContent(
                hook: HookNode(
                    kind: .beforeEach, name: nil, location: hookLocation,
                    body: .plain(Synchronous.Body { log("beforeEach") }))
            ))
        for name in ["a", "b"] {
            content.append(
                GroupContent(
                    element: .example(
                        ExampleNode(description: name, location: scenarioLocation, body: Synchronous.Body { log(name) })
                    )))
        }
        content.append(
            GroupContent(
                hook: HookNode(
                    kind: .afterEach, name: nil, location: hookLocation,
                    body: .plain(Synchronous.Body { log("afterEach") }))))
        return GroupNode(description: "Spec", location: scenarioLocation, content: content)
    }

    static func expectOneMisusePerElement(
        _ report: SpecReport, _ log: Log, sourceLocation: SourceLocation = #_sourceLocation
    ) {
        #expect(
            log.entries == [
                "racing <", "beforeEach", "a", "afterEach", "racing >",
                "racing <", "beforeEach", "b", "afterEach", "racing >",
            ], sourceLocation: sourceLocation)
        #expect(
            report.failures.map(\.description) == [
                "Spec, a, racing: \(calledAgain)",
                "Spec, b, racing: \(calledAgain)",
            ], sourceLocation: sourceLocation)
        #expect(report.failures.allSatisfy { $0.location == hookLocation }, sourceLocation: sourceLocation)
        #expect(
            report.failures.allSatisfy { ($0.error as? AroundEachMisuse)?.problem == .bodyCalledAgain },
            sourceLocation: sourceLocation)
        #expect(report.failedCount == 2, sourceLocation: sourceLocation)
        #expect(report.passedCount == 0, sourceLocation: sourceLocation)
    }

    @Test(.enabled(if: CrashGuardChild.testBinary != nil, "needs the SwiftPM test binary"))
    func racingCallsAreRecordedInAChildProcessThatDoesNotCrash() async throws {
        let run = try await CrashGuardChild.run(filter: "RacingBodies", timeout: .seconds(300))
        #expect(!run.timedOut, "the child process hung:\n\(run.output)")
        #expect(run.status == 0, "the child process failed or crashed:\n\(run.output)")
        #expect(run.output.contains("Suite RacingBodies passed"), "\(run.output)")
        #expect(run.output.contains("with 3 tests"), "\(run.output)")
    }

    // The gate on its own, for the orders a hook's body cannot produce
    // without escaping it (which `withoutActuallyEscaping` would trap).

    static let calledLate =
        "racing called its body after the hook had returned, so the body did not run; "
        + "call the body before the hook returns, from the hook itself, not from a task or thread that outlives it"

    static func gate(_ late: FailureInbox) -> AroundBodyGate {
        let misuse = AroundEachMisuse(hook: "racing", problem: .bodyCalledAfterReturn)
        return AroundBodyGate(
            inbox: late,
            lateFailure: SpecFailure(path: ["Spec", "a", "racing"], error: misuse, location: hookLocation))
    }

    @Test func aCallAfterTheHookReturnedDoesNotRunAndIsPostedForTheWalk() async {
        let late = FailureInbox()
        let gate = Self.gate(late)
        #expect(gate.enter())
        gate.leave()
        let calls = await gate.close()
        #expect(calls.ran && calls.refused == 0)
        #expect(!gate.enter())
        let posted = late.takeMade()
        #expect(posted.map(\.description) == ["Spec, a, racing: \(Self.calledLate)"])
        #expect(posted.map(\.location) == [Self.hookLocation])
        #expect(late.takeMade().isEmpty)
    }

    @Test func theWalkRecordsALateCallAtItsNextStepAndRunsOn() {
        let log = Log()
        let walk = SpecWalk(
            root: Self.syncSpec(log) { body in
                log("racing <")
                try body()
                log("racing >")
            }, observer: { _ in })
        guard case .wrap(_, let token) = walk.next() else {
            Issue.record("the walk did not start with the aroundEach hook")
            return
        }
        #expect(token.runner.path == ["Spec", "a", "racing"])
        // The hook returns without calling its body, then something calls the body.
        walk.finishAround(token, .passed, token.gate.close())
        #expect(!token.gate.enter())
        // Driven on to its end, as a driver would.
        walk.drive(recognizers: [], scope: nil)
        #expect(walk.next() == nil)
        #expect(log.entries == ["racing <", "beforeEach", "b", "afterEach", "racing >"])
        #expect(
            walk.report.failures.map(\.description) == [
                "Spec, a, racing: racing returned without calling its body, so the element it wraps did not run; "
                    + "call the body once on every path through the hook, or throw Skip(\"why\") to skip the element on purpose",
                "Spec, a, racing: \(Self.calledLate)",
            ])
        #expect(walk.report.failures.map(\.location) == [Self.hookLocation, Self.hookLocation])
        #expect(walk.report.failedCount == 1)
        #expect(walk.report.passedCount == 1)
    }

    @Test func aHookThatNeverCalledItsBodyRefusesALateCallToo() {
        let late = FailureInbox()
        let gate = Self.gate(late)
        let calls = gate.close()
        #expect(!calls.ran && calls.refused == 0)
        #expect(!gate.enter())
        #expect(late.takeMade().count == 1)
    }

    @Test func closingWaitsForABodyStillRunningOnAnotherTask() async {
        let gate = Self.gate(FailureInbox())
        #expect(gate.enter())
        let log = Log()
        let closing = Task {
            let calls = await gate.close()
            log("closed")
            return calls
        }
        try? await Task.sleep(for: .milliseconds(100))
        #expect(log.entries.isEmpty, "close() returned while the body was still driving the walk")
        #expect(!gate.enter())
        log("left")
        gate.leave()
        let calls = await closing.value
        #expect(log.entries == ["left", "closed"])
        #expect(calls.ran && calls.refused == 1)
    }

    @Test func synchronousClosingWaitsForABodyStillRunningOnAnotherThread() async {
        let gate = Self.gate(FailureInbox())
        #expect(gate.enter())
        let log = Log()
        let closed = DispatchSemaphore(value: 0)
        Thread.detachNewThread {
            _ = gate.close()
            log("closed")
            closed.signal()
        }
        try? await Task.sleep(for: .milliseconds(100))
        #expect(log.entries.isEmpty, "close() returned while the body was still driving the walk")
        log("left")
        gate.leave()
        await withCheckedContinuation { continuation in
            Thread.detachNewThread {
                closed.wait()
                continuation.resume()
            }
        }
        #expect(log.entries == ["left", "closed"])
    }
}

extension AroundEachConcurrencyTests {
    /// Races that would bring the whole test process down if the engine let
    /// two calls of a body drive its walk, so they run in a child process of
    /// this test binary (where one can be started), with a timeout; elsewhere in-process.
    @Suite(
        .enabled(
            if: CrashGuardChild.isChild || CrashGuardChild.testBinary == nil,
            "runs in the child process of racingCallsAreRecordedInAChildProcessThatDoesNotCrash"))
    struct RacingBodies {
        @Test func twoAsyncLetCallsOfTheBodyRunItOnceAndRecordTheMisuse() async {
            // Many rounds, so that both orders of the race, and a true overlap, happen.
            for _ in 0..<50 {
                let log = Log()
                let report = await SpecEngine.run(
                    AroundEachConcurrencyTests.asyncSpec(log) { body in
                        log("racing <")
                        nonisolated(unsafe) let racing = body
                        async let first: Void = racing()
                        async let second: Void = racing()
                        _ = try await (first, second)
                        log("racing >")
                    })
                AroundEachConcurrencyTests.expectOneMisusePerElement(report, log)
            }
        }

        @Test func aTaskGroupCallingTheBodyManyTimesRunsItOnce() async {
            let log = Log()
            let report = await SpecEngine.run(
                AroundEachConcurrencyTests.asyncSpec(log) { body in
                    log("racing <")
                    nonisolated(unsafe) let racing = body
                    try await withThrowingTaskGroup(of: Void.self) { group in
                        for _ in 0..<8 {
                            group.addTask { try await racing() }
                        }
                        try await group.waitForAll()
                    }
                    log("racing >")
                })
            #expect(log.entries.filter { $0 == "a" || $0 == "b" } == ["a", "b"])
            #expect(
                report.failures.map(\.description) == Array(
                    repeating: "Spec, a, racing: \(AroundEachConcurrencyTests.calledAgain)", count: 7)
                    + Array(repeating: "Spec, b, racing: \(AroundEachConcurrencyTests.calledAgain)", count: 7))
            #expect(report.failedCount == 2)
        }

        @Test func twoThreadsCallingASynchronousBodyRunItOnce() {
            for _ in 0..<50 {
                let log = Log()
                let report = SpecEngine.run(
                    AroundEachConcurrencyTests.syncSpec(log) { body in
                        log("racing <")
                        withoutActuallyEscaping(body) { body in
                            nonisolated(unsafe) let racing = body
                            DispatchQueue.concurrentPerform(iterations: 2) { _ in
                                try? racing()
                            }
                        }
                        log("racing >")
                    })
                AroundEachConcurrencyTests.expectOneMisusePerElement(report, log)
            }
        }
    }
}

/// Runs this test binary again, on tests that would crash it if the engine
/// regressed, so that such a crash fails one test instead of the whole run.
enum CrashGuardChild {
    static let isChild = ProcessInfo.processInfo.environment["RUNDOWN_CRASH_GUARD_CHILD"] == "1"

    /// The SwiftPM test binary running now, if this is one and a child can be started from it.
    static let testBinary: String? = {
        #if os(Linux)
        guard !isChild, let path = CommandLine.arguments.first, path.hasSuffix(".xctest"),
            FileManager.default.isExecutableFile(atPath: path)
        else { return nil }
        return path
        #else
        return nil
        #endif
    }()

    /// Runs the Swift Testing tests matching `filter` in a child process;
    /// terminates it if it has not ended after `timeout`.
    static func run(filter: String, timeout: Duration) async throws -> (status: Int32, timedOut: Bool, output: String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: try #require(testBinary))
        process.arguments = ["--testing-library", "swift-testing", "--filter", filter]
        var environment = ProcessInfo.processInfo.environment
        environment["RUNDOWN_CRASH_GUARD_CHILD"] = "1"
        environment["NO_COLOR"] = "1"
        process.environment = environment
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = pipe
        // Waits on a thread of its own, not on a cooperative one (see ChildProcess).
        return try await withCheckedThrowingContinuation { continuation in
            Thread.detachNewThread {
                do {
                    try process.run()
                } catch {
                    continuation.resume(throwing: error)
                    return
                }
                let deadline = DispatchTime.now() + .milliseconds(Int(timeout.components.seconds * 1000))
                let timer = DispatchWorkItem { if process.isRunning { process.terminate() } }
                DispatchQueue.global().asyncAfter(deadline: deadline, execute: timer)
                let data = pipe.fileHandleForReading.readDataToEndOfFile()
                process.waitUntilExit()
                timer.cancel()
                let timedOut = process.terminationReason == .uncaughtSignal && process.terminationStatus == SIGTERM
                continuation.resume(
                    returning: (process.terminationStatus, timedOut, String(decoding: data, as: UTF8.self)))
            }
        }
    }
}

extension FailureInbox {
    /// The failures the engine made whole that were posted since the last take.
    fileprivate func takeMade() -> [SpecFailure] {
        (take() ?? []).compactMap { posted in
            guard case .made(let failure) = posted else { return nil }
            return failure
        }
    }
}
