import Foundation
import RundownEngine
import RundownTestSupport
import Testing

@testable import Rundown

/// The report of the closure running in this task, its durations masked.
private func current() -> String {
    ReportTimes.masked(ProgressBoard.reportOfCurrentClosure() ?? "nil")
}

/// The lines of the report of everything running that hold `text`, durations masked.
private func fullReport(lines text: String) -> [String] {
    ReportTimes.masked(ProgressBoard.shared.fullReport(reason: "test")).split(separator: "\n").map(String.init)
        .filter { $0.contains(text) }
}

/// Behaviour#Progress-reports, in process: what the process's board says of the closures that run
/// and the waits they are in, as each closure, another thread and a time limit's failure see it.
@Suite(.timeLimit(.minutes(1)))
struct ProgressBoardTests {
    private static let file = "ProgressBoardTests.swift"

    @Test func eachClosureOfAnAsyncSpecIsNamedWithItsBodyOrHookWhileItRuns() async {
        let log = Log()
        let report = await SpecEngine.run(
            asyncRoot("Board async") {
                beforeAll { log(current()) }  // line: async beforeAll
                aroundEach { body in  // line: async aroundEach
                    log(current())
                    try await body()
                }
                beforeEach { log(current()) }  // line: async beforeEach
                it("runs") {  // line: async body
                    log(current())
                    // The aroundEach hook runs on around its body: both are on the board, outermost first.
                    for line in fullReport(lines: "Board async") { log(line) }
                }
                afterEach { log(current()) }  // line: async afterEach
            }, controls: .tracking)
        #expect(report.failures.isEmpty && report.passedCount == 1)
        let line = { SourceLine.marked($0) }
        #expect(
            log.entries == [
                "Board async: its beforeAll hook (\(Self.file):\(line("async beforeAll"))), running for N s",
                "Board async, runs: its aroundEach hook (\(Self.file):\(line("async aroundEach"))), running for N s",
                "Board async, runs: its beforeEach hook (\(Self.file):\(line("async beforeEach"))), running for N s",
                "Board async, runs: its body (\(Self.file):\(line("async body"))), running for N s",
                "Rundown:   spec \"Board async\"",
                "Rundown:     Board async, runs: its aroundEach hook (\(Self.file):\(line("async aroundEach"))), running for N s",
                "Rundown:     Board async, runs: its body (\(Self.file):\(line("async body"))), running for N s",
                "Board async, runs: its afterEach hook (\(Self.file):\(line("async afterEach"))), running for N s",
            ])
        // A walk that ended is off the board.
        #expect(fullReport(lines: "Board async").isEmpty)
        // Outside a spec there is no closure to report.
        #expect(ProgressBoard.reportOfCurrentClosure() == nil)
    }

    @Test func eachClosureOfASyncSpecIsNamedToo() {
        let log = Log()
        let report = SpecEngine.run(
            root("Board sync") {
                aroundEach { body in  // line: sync aroundEach
                    log(current())
                    try body()
                }
                it("runs") {  // line: sync body
                    log(current())
                    for line in fullReport(lines: "Board sync, runs") { log(line) }
                }
                afterAll { log(current()) }  // line: sync afterAll
            }, controls: .tracking)
        #expect(report.failures.isEmpty && report.passedCount == 1)
        let line = { SourceLine.marked($0) }
        #expect(
            log.entries == [
                "Board sync, runs: its aroundEach hook (\(Self.file):\(line("sync aroundEach"))), running for N s",
                "Board sync, runs: its body (\(Self.file):\(line("sync body"))), running for N s",
                "Rundown:     Board sync, runs: its aroundEach hook (\(Self.file):\(line("sync aroundEach"))), running for N s",
                "Rundown:     Board sync, runs: its body (\(Self.file):\(line("sync body"))), running for N s",
                "Board sync: its afterAll hook (\(Self.file):\(line("sync afterAll"))), running for N s",
            ])
        #expect(fullReport(lines: "Board sync").isEmpty)
    }

    /// The ticker and the signal read the board from a thread of their own, while a synchronous
    /// closure blocks the thread it runs on.
    @Test func aSynchronousClosureThatBlocksItsThreadIsOnTheBoardForOtherThreads() async throws {
        let release = DispatchSemaphore(value: 0)
        // The spec runs on a thread of its own, blocked in its example until this test has read the board.
        async let ran = onOwnThread {
            SpecEngine.run(
                root("Board blocking") {
                    it("blocks") {  // line: blocking body
                        _ = release.wait(timeout: .now() + .seconds(60))
                    }
                }, controls: .tracking
            ).passedCount
        }
        await Self.untilBoardShows("Board blocking, blocks: its body")
        let lines = fullReport(lines: "Board blocking")
        release.signal()
        #expect(try await ran == 1)
        #expect(
            lines == [
                "Rundown:   spec \"Board blocking\"",
                "Rundown:     Board blocking, blocks: its body (\(Self.file):\(SourceLine.marked("blocking body"))), running for N s",
            ])
    }

    @Test func aWaitIsReportedUnderItsClosureAlsoFromATaskItStartedUntilItEnds() async {
        let log = Log()
        _ = await SpecEngine.run(
            asyncRoot("Board waits") {
                it("waits") {  // line: waiting body
                    let note = ProgressBoard.noteWait { "Thing \"first\" (1 parked)\n1. task \"loader\"" }
                    let fromTask = await Task { ProgressBoard.noteWait { "Thing \"second\" (not opened)" } }.value
                    log(current())
                    note.end()
                    note.end()
                    log(current())
                    fromTask.end()
                    log(current())
                }
            }, controls: .tracking)
        let body = "Board waits, waits: its body (\(Self.file):\(SourceLine.marked("waiting body"))), running for N s"
        #expect(
            log.entries == [
                body
                    + "\n  waits on Thing \"first\" (1 parked)\n    1. task \"loader\"\n  waits on Thing \"second\" (not opened)",
                body + "\n  waits on Thing \"second\" (not opened)",
                body,
            ])
    }

    @Test func waitsOutsideSpecsAndInTasksLeftRunningAreInTheFullReport() async throws {
        let outside = ProgressBoard.noteWait { "Outside \"board test\"" }
        defer { outside.end() }
        let left = Locked<ProgressBoard.WaitNote?>(nil)
        _ = await SpecEngine.run(
            asyncRoot("Board leaves") {
                it("leaves a task") {  // line: leaves a task
                    // The task outlives its example, still waiting: the example ended, its wait did not.
                    await Task { left.withLock { $0 = ProgressBoard.noteWait { "Left \"board test\"" } } }.value
                }
            }, controls: .tracking)
        defer { left.withLock { $0?.end() } }
        let lines = ReportTimes.masked(ProgressBoard.shared.fullReport(reason: "test")).split(separator: "\n")
            .map(String.init)
        let outsideAt = try #require(lines.firstIndex(of: "Rundown:     waits on Outside \"board test\""))
        #expect(lines[..<outsideAt].last { !$0.hasPrefix("Rundown:     ") } == "Rundown:   outside specs:")
        let leftBy =
            "Rundown:   left running by Board leaves, leaves a task: its body (\(Self.file):\(SourceLine.marked("leaves a task"))), which ended:"
        let leftAt = try #require(lines.firstIndex(of: leftBy))
        #expect(lines.dropFirst(leftAt + 1).first == "Rundown:     waits on Left \"board test\"")
        #expect(lines.first == "Rundown: progress report (test)")
    }

    @Test func theElementsOfAConcurrentGroupAndANestedSpecAreEachOnTheBoard() async {
        let log = Log()
        // How many of the pair saw the other on the board: neither ends before both have.
        let met = Locked(0)
        let report = await SpecEngine.run(
            asyncRoot("Board together") {
                describe("pair", .concurrent) {
                    it("left") {  // line: pair left
                        // Each waits until the board shows the other: they run at once.
                        await Self.untilBoardShows("Board together, pair, right: its body")
                        met.withLock { $0 += 1 }
                        await Self.until { met.withLock { $0 } == 2 }
                    }
                    it("right") {  // line: pair right
                        await Self.untilBoardShows("Board together, pair, left: its body")
                        for line in fullReport(lines: "Board together, pair") { log(line) }
                        met.withLock { $0 += 1 }
                        await Self.until { met.withLock { $0 } == 2 }
                    }
                }
                it("nests") {  // line: nesting body
                    await SpecEngine.run(
                        asyncRoot("Board inner") {
                            it("runs inside") {  // line: nested body
                                let lines = fullReport(lines: "Board ").filter {
                                    $0.contains("Board together") || $0.contains("Board inner")
                                }
                                for line in lines { log(line) }
                            }
                        }, controls: .tracking)
                }
            }, controls: .tracking(parallelism: 2))
        #expect(report.failures.isEmpty && report.passedCount == 3)
        let line = { SourceLine.marked($0) }
        #expect(
            log.entries == [
                "Rundown:     Board together, pair, left: its body (\(Self.file):\(line("pair left"))), running for N s",
                "Rundown:     Board together, pair, right: its body (\(Self.file):\(line("pair right"))), running for N s",
                "Rundown:   spec \"Board together\"",
                "Rundown:     Board together, nests: its body (\(Self.file):\(line("nesting body"))), running for N s",
                "Rundown:   spec \"Board inner\"",
                "Rundown:     Board inner, runs inside: its body (\(Self.file):\(line("nested body"))), running for N s",
            ])
    }

    /// Waits, polling, until the report of everything running holds `text`.
    private static func untilBoardShows(_ text: String) async {
        await until { ProgressBoard.shared.fullReport(reason: "test").contains(text) }
    }

    /// Waits, polling, until `condition` holds; at most the test's patience.
    private static func until(_ condition: () -> Bool) async {
        let deadline = ContinuousClock.now + patience
        while !condition(), ContinuousClock.now < deadline {
            try? await Task.sleep(for: .milliseconds(5))
        }
    }

    @Test func aTimeLimitsFailureCarriesTheReportOfTheClosureItStoppedWithItsWaits() async {
        let report = await SpecEngine.run(
            asyncRoot("Board limit") {
                it("waits", .timeLimit(.milliseconds(200))) {  // line: limited body
                    let note = ProgressBoard.noteWait { "Thing \"never\" (not opened)" }
                    defer { note.end() }
                    try await Task.sleep(for: patience)
                }
            }, controls: .tracking)
        #expect(report.failures.count == 1)
        #expect(
            ReportTimes.lines(report.failures.first?.description ?? "", first: 3).dropFirst() == [
                "when the limit expired: Board limit, waits: its body (\(Self.file):\(SourceLine.marked("limited body"))), running for N s",
                "  waits on Thing \"never\" (not opened)",
            ])
    }
}

extension RunControls {
    /// Controls whose walks put every closure on the progress board, as `RUNDOWN_PROGRESS_AFTER` does.
    static var tracking: RunControls { tracking() }

    /// ``tracking`` with at most `parallelism` elements of a concurrent group at once.
    static func tracking(parallelism: Int? = nil) -> RunControls {
        var controls = RunControls(parallelism: parallelism)
        controls.tracksClosures = true
        return controls
    }
}
