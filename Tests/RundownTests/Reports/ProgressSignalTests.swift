import Foundation
import RundownCore
import RundownSettings
import RundownTestSupport
import Testing

@testable import Rundown

/// Behaviour#A-signal-asks-for-a-progress-report, in process: how
/// `RUNDOWN_PROGRESS_SIGNAL` is read, and that a signal a source listens for
/// hands its writer the report of everything running, one report a signal,
/// the signal's name as its reason. `SIGUSR2`, not `SIGUSR1`, so that this
/// test's sources and the process's own (every spec of this process installs
/// them) each hear only their own; a source ignores its signal before it is
/// made, so a failure here is a test that waits in vain, not a process that
/// dies; serialized, so that each test's source hears only its own signals.
/// `ProgressSignalOutputTests` sends `SIGUSR1` to child processes.
@Suite(.serialized) struct ProgressSignalTests {
    // reaches: SettingsWarning.progressSignalNotKnown
    @Test func theSettingIsOnOrOffAndAnythingElseAWarningListingBoth() {
        var warnings: [String] = []
        let read = ["on", "off", "1", "no", "OFF"].map { value in
            RunSettings(environment: ["RUNDOWN_PROGRESS_SIGNAL": value]) { warnings.append($0) }.progressSignal
        }
        #expect(read == [true, false, true, true, true])
        #expect(RunSettings(environment: [:]) { _ in }.progressSignal, "on by default")
        #expect(
            warnings
                == ["1", "no", "OFF"].map {
                    "RUNDOWN_PROGRESS_SIGNAL=\($0) is not a value Rundown knows, and the signal stays on; valid forms: RUNDOWN_PROGRESS_SIGNAL=on (SIGUSR1 prints a progress report), RUNDOWN_PROGRESS_SIGNAL=off (Rundown leaves the signal alone)"
                })
    }

    @Test func eachSignalHeardWritesOneReportOfEverythingRunning() async throws {
        let written = Locked<[String]>([])
        let sources = ProgressSignal.listen(to: [(SIGUSR2, "SIGUSR2")]) { report in
            written.withLock { $0.append(report) }
        }
        defer { for source in sources { source.cancel() } }
        for count in 1...2 {
            #expect(kill(getpid(), SIGUSR2) == 0)
            let deadline = ContinuousClock.now + patience
            while written.current.count < count, ContinuousClock.now < deadline {
                try await Task.sleep(for: .milliseconds(10))
            }
            #expect(written.current.count == count)
        }
        #expect(written.current.allSatisfy { $0.hasPrefix("Rundown: progress report (SIGUSR2)") }, "\(written.current)")
    }

    /// A signal while an example of this process waits: the report names
    /// its test and spec, its path with its body's line, and the gate it
    /// waits on, with who is parked there.
    @Test func theReportOfASignalNamesTheWaitingExampleItsLineAndItsWait() async throws {
        let written = Locked<[String]>([])
        let sources = ProgressSignal.listen(to: [(SIGUSR2, "SIGUSR2")]) { report in
            written.withLock { $0.append(report) }
        }
        defer { for source in sources { source.cancel() } }
        try await spec("Signalled") {
            it("waits for its report") {  // line: signalled example
                let reply = Gate("signal test: reply")
                let waiter = Task(name: "waiter") { try await reply.arrive(within: patience) }
                try await reply.waitUntilParked(within: patience)
                #expect(kill(getpid(), SIGUSR2) == 0)
                try await eventually("the report is written", within: patience) { !written.current.isEmpty }
                reply.open()
                try await waiter.value
            }
        }
        let report = try #require(written.current.first)
        let line = SourceLine.marked("signalled example")
        #expect(report.hasPrefix("Rundown: progress report (SIGUSR2)\n"), "\(report)")
        // Outside CI and without RUNDOWN_PROGRESS_AFTER, a walk does not track its closures: it is named with its
        // time, and its closure where that waits in the toolkit; on CI, every closure with its time.
        #expect(report.contains(" · spec \"Signalled\""), "\(report)")
        #expect(
            report.contains(
                "\nRundown:     Signalled, waits for its report: its body (ProgressSignalTests.swift:\(line))"
            ), "\(report)")
        #expect(
            report.contains(
                "waits on Gate \"signal test: reply\" (not opened; 1 parked: 1. \"Signalled, waits for its report\" (task \"waiter\"))"
            ), "\(report)")
    }
}
