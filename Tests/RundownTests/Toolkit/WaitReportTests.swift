import RundownEngine
import RundownTestSupport
import Testing

@testable import Rundown
@testable import RundownConcurrency

/// The report of the element running now, once it holds `text`: a wait is noted as it begins,
/// which another task may not have reached yet.
private func reportOnceNoted(_ text: String) async throws -> String {
    // The description leaves `text` out: this wait is on the report too.
    try await eventually("the wait is on the progress report", within: patience) {
        ProgressBoard.reportOfCurrentClosure().flatMap { $0.contains(text) ? $0 : nil }
    }
}

/// How `body` ended.
private func outcome(_ body: () async throws -> Void) async -> Result<Void, any Error> {
    do {
        try await body()
        return .success(())
    } catch {
        return .failure(error)
    }
}

/// Behaviour#Toolkit-waits-show-in-progress-reports: while a toolkit wait waits, the progress
/// report of the element it runs for (from the element's task or any task it started) describes
/// it as it is then.
@Suite(.timeLimit(.minutes(1)))
struct WaitDescriptionTests {
    @Test func aGateArrivalNamesTheGateWhetherItOpenedAndWhoIsParked() async throws {
        let seen = Locked<String?>(nil)
        let report = await SpecEngine.run(
            asyncRoot {
                it("loads") {
                    let reply = Gate("server replied")
                    let loading = Task(name: "loader") { try await reply.arrive(within: patience) }
                    try await reply.waitUntilParked(within: patience)
                    // Noted before it parks, so it is on the board once it is parked.
                    seen.withLock { $0 = ProgressBoard.reportOfCurrentClosure() }
                    reply.open()
                    try await loading.value
                    #expect(ProgressBoard.reportOfCurrentClosure()?.contains("Gate \"server replied\"") == false)
                }
            })
        #expect(report.failures.isEmpty)
        let text = try #require(seen.withLock { $0 })
        #expect(text.contains("Spec, loads"))
        #expect(text.contains("Gate \"server replied\" (not opened; 1 parked: 1. \"Spec, loads\" (task \"loader\"))"))
    }

    @Test func aWaitForArrivalsSaysHowManyItWaitsForAndWhoIsParked() async throws {
        let seen = Locked<String?>(nil)
        let report = await SpecEngine.run(
            asyncRoot {
                it("lets two through") {
                    let door = Gate("door")
                    let first = Task(name: "first") { try await door.arrive(within: patience) }
                    try await door.waitUntilParked(within: patience)
                    let watching = Task(name: "watcher") { try await door.waitUntilParked(count: 2, within: patience) }
                    let text = try await reportOnceNoted("waiting until 2 parked")
                    seen.withLock { $0 = text }
                    let second = Task(name: "second") { try await door.arrive(within: patience) }
                    try await watching.value
                    door.open()
                    try await first.value
                    try await second.value
                }
            })
        #expect(report.failures.isEmpty)
        #expect(
            seen.withLock { $0 }?.contains(
                "Gate \"door\" (waiting until 2 parked; 1 parked: 1. \"Spec, lets two through\" (task \"first\"); "
                    + "1 arrival(s))") == true)
    }

    @Test func anAsyncLockWaiterNamesTheHolderAndTheLineInOrder() async throws {
        let seen = Locked<String?>(nil)
        let report = await SpecEngine.run(
            asyncRoot {
                it("saves") {
                    let lock = AsyncLock("db")
                    let release = Gate("release")
                    let holder = Task(name: "holder") {
                        try await lock.withLock { try await release.arrive(within: patience) }
                    }
                    try await release.waitUntilParked(within: patience)
                    let writer = Task(name: "writer") { try await lock.withLock {} }
                    try await lock.waitUntilQueued(count: 1, within: patience)
                    let reader = Task(name: "reader") { try await lock.withLock {} }
                    // Each waiter notes its wait just after it takes its place in line, so wait
                    // until both notes are on the report, not only the reader's.
                    let text = try await eventually("both waits are on the progress report", within: patience) {
                        ProgressBoard.reportOfCurrentClosure().flatMap {
                            $0.components(separatedBy: "AsyncLock \"db\": held by").count == 3 ? $0 : nil
                        }
                    }
                    seen.withLock { $0 = text }
                    release.open()
                    try await holder.value
                    try await writer.value
                    try await reader.value
                }
            })
        #expect(report.failures.isEmpty)
        let text = try #require(seen.withLock { $0 })
        // One line per waiter, each naming the holder and the whole line.
        let line =
            "; waiting: 1. \"Spec, saves\" (task \"writer\"), 2. \"Spec, saves\" (task \"reader\")"
        #expect(
            text.components(separatedBy: "AsyncLock \"db\": held by \"Spec, saves\" (task \"holder\") for ").count == 3)
        #expect(text.components(separatedBy: line).count == 3)
    }

    @Test func aSharedResourceWaiterNamesTheResourceAndItsHolder() async throws {
        let printer = SharedResource("wait reports: printer")
        let seen = Locked<String?>(nil)
        let report = await SpecEngine.run(
            asyncRoot {
                it("prints") {
                    let release = Gate("printed")
                    let holder = Task(name: "holder") {
                        try await printer.withExclusiveAccess { try await release.arrive(within: patience) }
                    }
                    try await release.waitUntilParked(within: patience)
                    let waiter = Task(name: "waiter") { try await printer.withExclusiveAccess {} }
                    let text = try await reportOnceNoted("SharedResource \"wait reports: printer\"")
                    seen.withLock { $0 = text }
                    release.open()
                    try await holder.value
                    try await waiter.value
                }
            })
        #expect(report.failures.isEmpty)
        let text = try #require(seen.withLock { $0 })
        #expect(
            text.contains("SharedResource \"wait reports: printer\": held by \"Spec, prints\" (task \"holder\") for "))
        #expect(text.contains("; waiting: 1. \"Spec, prints\" (task \"waiter\")"))
    }

    @Test func aWaitForTrackedTasksListsTheTasksStillRunning() async throws {
        let seen = Locked<String?>(nil)
        let report = await SpecEngine.run(
            asyncRoot {
                it("uploads") {
                    let tasks = TrackingTaskStarter()
                    let sent = Gate("sent")
                    tasks.start(name: "upload photo.jpg") { try? await sent.arrive(within: patience) }
                    tasks.start(name: "upload notes.txt") {}
                    try await sent.waitUntilParked(within: patience)
                    let waiting = Task(name: "checker") { try await tasks.waitForAll(within: patience) }
                    let text = try await reportOnceNoted("tracked tasks (waitForAll): 1 still running")
                    seen.withLock { $0 = text }
                    sent.open()
                    try await waiting.value
                }
            })
        #expect(report.failures.isEmpty)
        let text = try #require(seen.withLock { $0 })
        #expect(text.contains("tracked tasks (waitForAll): 1 still running: 'upload photo.jpg'"))
        // What the tracked task itself waits for is on the same report: it runs for the same element.
        #expect(text.contains("Gate \"sent\" (not opened; 1 parked: 1. \"Spec, uploads\" (task \"upload photo.jpg\"))"))
    }

    @Test func anEventuallySaysWhatItWaitsForHowOftenItCheckedAndHowLongIsLeft() async throws {
        let line = SourceLine.marked("polled eventually")
        let seen = Locked<String?>(nil)
        let report = await SpecEngine.run(
            asyncRoot {
                it("exports") {
                    let written = Locked(false)
                    let polling = Task(name: "poller") {
                        try await eventually("the export file exists", within: patience) {  // line: polled eventually
                            written.withLock { $0 }
                        }
                    }
                    let text = try await reportOnceNoted("check(s) so far, last seen false")
                    seen.withLock { $0 = text }
                    written.withLock { $0 = true }
                    try await polling.value
                }
            })
        #expect(report.failures.isEmpty)
        let text = try #require(seen.withLock { $0 })
        let place = "RundownTests/WaitReportTests.swift:\(line):"
        let wait = try #require(
            text.split(separator: "\n").first { $0.contains("eventually(\"the export file exists\") at \(place)") })
        #expect(wait.contains(" check(s) so far, last seen false; "))
        #expect(wait.hasSuffix(" s left of 60.0 s"))
    }

    @Test func anExplorationSaysWhichInterleavingRunsAndWhichTaskTakesAStepFromWhere() async throws {
        let line = SourceLine.marked("explored")
        let seen = Locked<String?>(nil)
        let report = await SpecEngine.run(
            asyncRoot {
                it("explores") {
                    try await explore(stepTimeout: patience) { schedule in  // line: explored
                        schedule.start("writer") {
                            await schedule.point("after read")
                            seen.withLock { $0 = ProgressBoard.reportOfCurrentClosure() }
                        }
                        try await schedule.finish()
                    }
                }
            })
        #expect(report.failures.isEmpty)
        let text = try #require(seen.withLock { $0 })
        #expect(
            text.contains(
                "explore(.everyInterleaving()) at RundownTests/WaitReportTests.swift:\(line):"))
        #expect(text.contains(": interleaving 1, task \"writer\" taking a step from \"after read\""))
    }
}

/// Behaviour#Toolkit-waits-show-in-progress-reports: a toolkit wait that gives up in a spec
/// carries the progress report of its element, as it was then (this wait among its waits), in its
/// error and so in the element's failure, at the place the failure has without it.
@Suite(.timeLimit(.minutes(1)))
struct WaitGiveUpReportTests {
    @Test func aGateNeverOpenedCarriesTheReport() async throws {
        let line = SourceLine.marked("never opened")
        let report = await SpecEngine.run(
            asyncRoot {
                it("waits for the reply") {  // line: never opened
                    try await Gate("reply").arrive(within: .milliseconds(50))
                }
            })
        #expect(report.failures.count == 1)
        let failure = try #require(report.failures.first)
        #expect(failure.path == ["Spec", "waits for the reply"])
        #expect(failure.location.line == line)
        let error = try #require(failure.error as? GateError)
        #expect(error == .neverOpened(gate: "reply", waited: .milliseconds(50)))
        let attached = try #require(error.progressReport)
        #expect(attached.contains("Spec, waits for the reply"))
        #expect(attached.contains("Gate \"reply\" (not opened; 1 parked: 1. \"Spec, waits for the reply\""))
        #expect(
            String(describing: error)
                == "Gate 'reply' was never opened: a caller stayed parked for 0.05 seconds waiting for open(). "
                + "Call open() on this gate once the test has done what the caller waits for.\n" + attached)
    }

    @Test func aGateNotReachedCarriesTheReport() async throws {
        let report = await SpecEngine.run(
            asyncRoot {
                it("waits for an arrival") { try await Gate("door").waitUntilParked(within: .milliseconds(50)) }
            })
        let error = try #require(report.failures.first?.error as? GateError)
        #expect(error == .notReached(gate: "door", expected: 1, parked: 0, arrivals: 0, waited: .milliseconds(50)))
        #expect(
            error.progressReport?.contains("Gate \"door\" (waiting until 1 parked; none parked; 0 arrival(s))") == true)
    }

    @Test func anAsyncLockDeadlineCarriesTheReportNamingTheHolder() async throws {
        let report = await SpecEngine.run(
            asyncRoot {
                it("waits in line") {
                    let lock = AsyncLock("busy")
                    let release = Gate("release")
                    let holder = Task(name: "holder") {
                        try await lock.withLock { try await release.arrive(within: patience) }
                    }
                    try await release.waitUntilParked(within: patience)
                    let waited = await outcome { try await lock.withLock(within: .milliseconds(50)) {} }
                    release.open()
                    try await holder.value
                    try waited.get()
                }
            })
        #expect(report.failures.count == 1)
        let error = try #require(report.failures.first?.error as? AsyncLockError)
        let attached = try #require(error.progressReport)
        #expect(attached.contains("AsyncLock \"busy\": held by \"Spec, waits in line\" (task \"holder\") for "))
        #expect(attached.contains("; waiting: 1. \"Spec, waits in line\""))
        #expect(String(describing: error).hasSuffix(".\n" + attached))
        #expect(String(describing: error).hasPrefix("AsyncLock 'busy': waited 0.05 seconds in line and gave up"))
    }

    @Test func anEventuallyTimeoutCarriesTheReportAtTheEventuallyCall() async throws {
        let line = SourceLine.marked("eventually gives up")
        let report = await SpecEngine.run(
            asyncRoot {
                it("polls") {
                    try await eventually("never", within: .milliseconds(50)) { false }  // line: eventually gives up
                }
            })
        let failure = try #require(report.failures.first)
        #expect(failure.location.line == line)
        let error = try #require(failure.error as? EventuallyError)
        let attached = try #require(error.progressReport)
        #expect(attached.contains("eventually(\"never\") at RundownTests/WaitReportTests.swift:\(line):"))
        #expect(attached.contains("check(s) so far, last seen false; "))
        #expect(String(describing: error).hasSuffix("\n" + attached))
    }

    @Test func aWaitForTrackedTasksThatGivesUpCarriesTheReportWithWhatTheyWaitFor() async throws {
        let report = await SpecEngine.run(
            asyncRoot {
                it("uploads") {
                    let tasks = TrackingTaskStarter()
                    let sent = Gate("sent")
                    tasks.start(name: "stuck upload") { try? await sent.arrive(within: patience) }
                    try await sent.waitUntilParked(within: patience)
                    let waited = await outcome { try await tasks.waitForAll(within: .milliseconds(50)) }
                    sent.open()
                    try await tasks.waitForAll(within: patience)
                    try waited.get()
                }
            })
        let error = try #require(report.failures.first?.error as? TaskTrackingError)
        let attached = try #require(error.progressReport)
        #expect(attached.contains("tracked tasks (waitForAll): 1 still running: 'stuck upload'"))
        #expect(attached.contains("Gate \"sent\" (not opened; 1 parked: 1. \"Spec, uploads\" (task \"stuck upload\"))"))
    }

    @Test func aStuckControlledTaskCarriesTheReportOfWhatItWaitedFor() async throws {
        let line = SourceLine.marked("stuck loader")
        let report = await SpecEngine.run(
            asyncRoot {
                it("explores") {
                    let never = Gate("never opened")
                    try await explore(stepTimeout: .milliseconds(200)) { schedule in
                        schedule.start("loader") { try await never.arrive(within: patience) }  // line: stuck loader
                        try await schedule.finish()
                    }
                }
            })
        let stuck = try #require(
            report.failures.first { "\($0.error)".hasPrefix("Controlled task 'loader' neither reached") })
        #expect(stuck.path == ["Spec", "explores"])
        #expect(stuck.location.line == line)
        let message = "\(stuck.error)"
        #expect(message.contains(": interleaving 1, task \"loader\" taking a step from \"start\""))
        // Made when the deadline passed, before the task was cancelled: it still waits at the gate.
        #expect(message.contains("waits on Gate \"never opened\" (not opened; 1 parked: 1. \"Spec, explores\""))
    }

    @Test func outsideASpecAWaitThatGivesUpCarriesNoReport() async throws {
        let waited = await outcome { try await Gate("outside").arrive(within: .milliseconds(20)) }
        guard case .failure(let error as GateError) = waited else {
            Issue.record("expected a GateError, got \(waited)")
            return
        }
        #expect(error.progressReport == nil)
        #expect(!String(describing: error).contains("\n"))
    }
}
