import Foundation
import RundownEngine
import RundownTestSupport
import Testing

@testable import Rundown

/// Behaviour#Progress-reports: the ticker of `RUNDOWN_PROGRESS_AFTER` and `RUNDOWN_PROGRESS_EVERY`
/// on a board of its own, at instants the test gives: a closure is reported once past AFTER, then
/// every EVERY while it runs, with one line for each other spec running; none once it ended.
/// (`register` also starts the process's board thread for `ProgressBoard.shared` only.)
@Suite struct ProgressTickerTests {
    private static func runner(_ path: [String], line: Int) -> ExampleRunner {
        ExampleRunner(
            path: path, role: .example,
            location: CodeLocation(
                fileID: "App/\(path[0])Spec.swift", filePath: "/App/\(path[0])Spec.swift", line: line, column: 5))
    }

    @Test func aClosureIsReportedPastAfterThenEveryIntervalWithTheOthersOnALineEach() {
        let board = ProgressBoard()
        let ticker = ProgressTicker(board: board) { _ in }
        board.startReporting(after: .seconds(1), every: .seconds(1))
        let start = ContinuousClock.now
        let pager = board.register(spec: "Pager", test: "loadsPages()")
        let cache = board.register(spec: "Cache", test: nil)
        let loads = Self.runner(["Pager", "loads"], line: 42)
        pager.started(loads, at: start)
        cache.started(Self.runner(["Cache", "evicts"], line: 9), at: start + .milliseconds(800))
        let wait = board.note(waitOf: loads) { "Gate \"server replied\" (not opened; 1 parked)" }
        defer { wait.end() }

        #expect(ticker.report(at: start + .milliseconds(500)) == nil)
        #expect(
            ticker.report(at: start + .seconds(1)) == """
                Rundown: progress report (running for more than 1 s)
                Rundown:   test "loadsPages()" · spec "Pager"
                Rundown:     Pager, loads: its body (PagerSpec.swift:42), running for 1.0 s
                Rundown:       waits on Gate "server replied" (not opened; 1 parked)
                Rundown:   also running: spec "Cache": Cache, evicts: its body (CacheSpec.swift:9), 0.2 s
                """)
        // Reported at 1 s, Pager is next due at 2 s; Cache, started at 0.8 s, at 1.8 s.
        #expect(ticker.report(at: start + .milliseconds(1500)) == nil)
        #expect(
            ticker.report(at: start + .milliseconds(1800)) == """
                Rundown: progress report (running for more than 1 s)
                Rundown:   spec "Cache"
                Rundown:     Cache, evicts: its body (CacheSpec.swift:9), running for 1.0 s
                Rundown:   also running: test "loadsPages()" · spec "Pager": Pager, loads: its body (PagerSpec.swift:42), 1.8 s
                """)
        pager.ended()
        // Pager ended: not reported, not listed; Cache's next is at 2.8 s.
        #expect(ticker.report(at: start + .milliseconds(2100)) == nil)
        #expect(ticker.report(at: start + .milliseconds(2800))?.contains("Pager") == false)
        board.unregister(pager)
        board.unregister(cache)
    }

    @Test func whatAnInnerClosureRunsInsideIsOnTheReportAboveIt() {
        let board = ProgressBoard()
        let ticker = ProgressTicker(board: board) { _ in }
        board.startReporting(after: .milliseconds(500), every: .seconds(5))
        let start = ContinuousClock.now
        let run = board.register(spec: "Cart", test: nil)
        run.started(Self.runner(["Cart", "around"], line: 3), at: start)
        run.started(Self.runner(["Cart", "saves"], line: 7), at: start + .milliseconds(100))
        // Due by its innermost closure (0.5 s at 0.6 s), and reported whole.
        #expect(ticker.report(at: start + .milliseconds(400)) == nil)
        #expect(
            ticker.report(at: start + .milliseconds(600)) == """
                Rundown: progress report (running for more than 0.5 s)
                Rundown:   spec "Cart"
                Rundown:     Cart, around: its body (CartSpec.swift:3), running for 0.6 s
                Rundown:     Cart, saves: its body (CartSpec.swift:7), running for 0.5 s
                """)
        // The inner closure ends: the outer one is the innermost now, past 0.5 s and never reported itself.
        run.ended()
        #expect(ticker.report(at: start + .milliseconds(700))?.contains("Cart, around: its body") == true)
        board.unregister(run)
    }

    @Test func theTickLooksAFewTimesPerIntervalBetweenTenAndAHundredMilliseconds() {
        #expect(ProgressTicker.tick(nil) == .milliseconds(100))
        #expect(ProgressTicker.tick((.seconds(1), .seconds(1))) == .milliseconds(100))
        #expect(ProgressTicker.tick((.milliseconds(200), .seconds(30))) == .milliseconds(50))
        #expect(ProgressTicker.tick((.milliseconds(20), .seconds(30))) == .milliseconds(10))
    }

    /// A closure's start reads no clock: the ticker stamps it when it first sees it, and reports
    /// its time from then; with no `RUNDOWN_PROGRESS_AFTER` it only stamps.
    @Test func aClosureIsTimedFromWhenTheTickerFirstSawIt() {
        let board = ProgressBoard()
        let ticker = ProgressTicker(board: board) { _ in }
        let start = ContinuousClock.now
        let run = board.register(spec: "Feed", test: nil)
        let loads = Self.runner(["Feed", "loads"], line: 4)
        run.started(loads)
        #expect(ticker.report(at: start) == nil)
        #expect(
            board.report(of: loads, at: start + .seconds(2))
                == "Feed, loads: its body (FeedSpec.swift:4), running for 2.0 s")
        #expect(
            ticker.report(at: start + .seconds(3), reporting: (.seconds(1), .seconds(1)))
                == """
                Rundown: progress report (running for more than 1 s)
                Rundown:   spec "Feed"
                Rundown:     Feed, loads: its body (FeedSpec.swift:4), running for 3.0 s
                """)
        run.ended()
        board.unregister(run)
    }

    @Test func theFullReportOfAnIdleBoardSaysNothingRuns() {
        #expect(
            ProgressBoard().fullReport(reason: "SIGUSR1")
                == "Rundown: progress report (SIGUSR1)\nRundown:   nothing of Rundown's runs")
    }
}
