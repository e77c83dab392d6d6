#if os(Linux)
import Foundation
import RundownTestSupport
import Testing

/// Behaviour#Toolkit-waits-show-in-progress-reports with no host, black-box: in
/// `RundownNoHostFixture`, a gate nobody opens gives up inside an example, and
/// the spec throws that failure with the progress report of its element (the
/// element's line, then the gate's) at the element's line; the next example runs.
@Suite(.serialized, .enabled(if: HostOutput.testBinary != nil, "needs the SwiftPM test binary"))
struct WaitReportOutputTests {
    @Test func withNoHostAWaitThatGivesUpIsThrownWithItsReport() async throws {
        let main = HostOutput.root + "Tests/RundownNoHostFixture/main.swift"
        let line = SourceLine.marked("no host gives up", in: main)
        let binary = URL(fileURLWithPath: try #require(HostOutput.testBinary)).deletingLastPathComponent()
            .appendingPathComponent("RundownNoHostFixture")
        var environment = ProcessInfo.processInfo.environment.filter {
            !$0.key.hasPrefix("RUNDOWN_") && $0.key != "CI"
        }
        environment["NO_COLOR"] = "1"
        let child = try await ChildProcess.run(binary, ["wait-gives-up"], environment: environment, timeout: patience)
        let lines = try await HostOutput.lines(of: child.output)
        #expect(child.status == 0, "\(lines)")
        #expect(lines.contains("ran: No host reply, goes on"), "\(lines)")
        let thrown = try #require(lines.firstIndex { $0.hasPrefix("thrown: ") }, "\(lines)")
        #expect(
            lines[thrown]
                == "thrown: No host reply, waits: Gate 'no host reply' was never opened: a caller stayed parked for "
                + "TIME seconds waiting for open(). Call open() on this gate once the test has done what the caller "
                + "waits for.")
        // The report (durations normalised to TIME): the element, then its wait, then where the failure is.
        let report = lines[(thrown + 1)...].prefix { !$0.hasPrefix("at: ") }
        #expect(report.first?.hasPrefix("No host reply, waits") == true, "\(lines)")
        #expect(
            report.contains("  waits on Gate \"no host reply\" (not opened; 1 parked: 1. \"No host reply, waits\")"),
            "\(lines)")
        #expect(lines.contains("at: RundownNoHostFixture/main.swift:\(line)"), "\(lines)")
    }
}
#endif
