#if os(Linux)
import Foundation
import RundownTestSupport
import Testing

/// Behaviour#Rerunning-what-failed, black-box: the file of `RUNDOWN_FAILURES` as whole runs of
/// `swift test` write it and `RUNDOWN_FILTER=@file` reads it back
/// (`FailuresFileFixtures.swift`, `FlakyFixtures.swift` and the no-host
/// program, in child processes of this test binary).
///
/// A run of `swift test` is several processes with one parent: XCTest's,
/// then Swift Testing's (and, under `--parallel`, one per XCTest test, at
/// once). Each run here is such a family under a parent of its own, a shell,
/// so that the files tell its processes from another run's.
@Suite(.serialized, .enabled(if: HostOutput.testBinary != nil, "needs the SwiftPM test binary"))
struct FailuresFileOutputTests {
    /// One process of a run: the test binary's arguments, or the no-host program's.
    enum Process {
        case xctest(String)
        case swiftTesting(String)
        case noHost(String)
    }

    /// What one process of a run printed, and how it ended.
    struct Ended {
        var status: Int32
        var lines: [String]
        /// The lines that say which example ran: `ran: Listed XC, passes`.
        var ran: [String] { lines.filter { $0.hasPrefix("ran: ") } }
    }

    /// A folder for one test's files, removed when it ends.
    final class Folder {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("rundown-failures-\(UUID())")
        var failures: String { url.appendingPathComponent("failed.txt").path }

        init() throws {
            try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        }

        deinit { try? FileManager.default.removeItem(at: url) }

        /// The file's list: its lines that are no comment, sorted.
        func listed() throws -> [String] {
            try String(contentsOfFile: failures, encoding: .utf8).split(separator: "\n").map(String.init)
                .filter { !$0.hasPrefix("#") }.sorted()
        }
    }

    /// Runs one run of the tests: `steps` one after another, the processes
    /// of each step at once, all children of one shell, which this test
    /// waits for at most two minutes (then `timeout` ends the shell and
    /// every process of it).
    static func run(
        _ steps: [[Process]], in folder: Folder, environment extra: [String: String]
    ) async throws -> [Ended] {
        let binary = try #require(HostOutput.testBinary)
        let noHost = URL(fileURLWithPath: binary).deletingLastPathComponent()
            .appendingPathComponent("RundownNoHostFixture").path
        func quoted(_ word: String) -> String { "'" + word.replacing("'", with: "'\\''") + "'" }
        var script = ""
        var count = 0
        for step in steps {
            var waits = ""
            for process in step {
                let words: [String] =
                    switch process {
                    case .xctest(let filter): [binary, "RundownHostFixtures.\(filter)"]
                    case .swiftTesting(let filter):
                        [binary, "--testing-library", "swift-testing", "--filter", "RundownHostFixtures.\(filter)"]
                    case .noHost(let scenario): [noHost, scenario]
                    }
                let output = quoted(folder.url.appendingPathComponent("\(count).out").path)
                let status = quoted(folder.url.appendingPathComponent("\(count).status").path)
                // In the background, so that the shell, not a subshell, is the parent of each.
                script += words.map(quoted).joined(separator: " ") + " > \(output) 2>&1 & p\(count)=$!\n"
                waits += "wait $p\(count); echo $? > \(status)\n"
                count += 1
            }
            script += waits
        }
        var environment = ProcessInfo.processInfo.environment
        let settings = [
            "RUNDOWN_FIXTURES": "1", "NO_COLOR": "1", "RUNDOWN_REPORT": "", "RUNDOWN_SEED": "",
            "RUNDOWN_REPEAT": "", "RUNDOWN_RETRIES": "", "RUNDOWN_JUNIT": "", "RUNDOWN_FAILURES": "",
            "RUNDOWN_FILTER": "", "FLAKY_FIXED": "",
        ]
        environment.merge(settings.merging(extra) { $1 }) { $1 }
        environment = environment.filter { !$0.value.isEmpty }
        let shell = try await ChildProcess.run(
            URL(fileURLWithPath: "/usr/bin/timeout"), ["120", "/bin/sh", "-c", script], environment: environment,
            timeout: .seconds(150))
        #expect(shell.status == 0, "the run did not end in time: \(shell.output)")
        return try (0..<count).map { index in
            let status = try String(
                contentsOf: folder.url.appendingPathComponent("\(index).status"), encoding: .utf8)
            let output = try String(contentsOf: folder.url.appendingPathComponent("\(index).out"), encoding: .utf8)
            return Ended(
                status: Int32(status.trimmingCharacters(in: .whitespacesAndNewlines)) ?? -1,
                lines: output.split(separator: "\n").map { HostOutput.normalise(String($0)) })
        }
    }

    /// A late failure fails its example and a failing `afterAll` its group in
    /// the tree and JUnit; the file once listed neither, so that `@file`
    /// reran nothing and the rerun of a red run was green. Each is listed now
    /// (the example; the group, whose examples and hooks `@file` reruns), in
    /// XCTest, Swift Testing and with no host.
    @Test func aLateFailureAndAFailingGroupHookAreListedAndRerun() async throws {
        let folder = try Folder()
        let processes: [Process] = [
            .xctest("FailuresFileXCTestFixtures"), .swiftTesting("FailuresFileSwiftTestingFixtures"),
            .noHost("failures-file"),
        ]
        let first = try await Self.run(
            processes.map { [$0] }, in: folder, environment: ["RUNDOWN_FAILURES": folder.failures])
        #expect(first.map(\.status) == [1, 1, 1], "\(first.map(\.lines))")
        let listed = try folder.listed()
        #expect(
            listed == [
                "Listed ST, leaks a late failure", "Listed ST, with a failing afterAll",
                "Listed XC, leaks a late failure", "Listed XC, with a failing afterAll",
                "Listed no host, leaks a late failure", "Listed no host, with a failing afterAll",
            ])
        // The rerun, in a run of its own: what was listed runs, and fails again.
        let rerun = try await Self.run(
            processes.map { [$0] }, in: folder, environment: ["RUNDOWN_FILTER": "@\(folder.failures)"])
        #expect(rerun.map(\.status) == [1, 1, 1], "\(rerun.map(\.lines))")
        for (ended, name) in zip(rerun, ["XC", "ST", "no host"]) {
            #expect(
                ended.ran == [
                    "ran: Listed \(name), leaks a late failure", "ran: Listed \(name), with a failing afterAll, passes",
                ], "\(ended.lines)")
        }
    }

    /// `RUNDOWN_FAILURES=f RUNDOWN_FILTER=@f swift test`: XCTest's process
    /// rewrote `f` before Swift Testing's read it, which then selected
    /// nothing, and the red run was green. Every process of the run reads the
    /// list as it was before the run; the file ends listing what failed in it.
    @Test func bothOnOneFileInOneRunRerunEveryFailureAndListWhatFailedInIt() async throws {
        let folder = try Folder()
        let processes: [Process] = [.xctest("RerunXCTestFixtures"), .swiftTesting("RerunSwiftTestingFixtures")]
        let first = try await Self.run(
            processes.map { [$0] }, in: folder, environment: ["RUNDOWN_FAILURES": folder.failures])
        #expect(first.map(\.status) == [1, 1])
        let failed = ["Rerun ST, fails", "Rerun ST, fails, too", "Rerun XC, when broken, fails"]
        // The file writes the path of `it("fails, too")` with that step quoted.
        let listed = [#"Rerun ST, "fails, too""#, "Rerun ST, fails", "Rerun XC, when broken, fails"]
        #expect(try folder.listed() == listed)
        let header = try String(contentsOfFile: folder.failures, encoding: .utf8).prefix { $0 != "\n" }
        #expect(header.hasPrefix("# Rundown: the examples that failed in the run of parent "))
        let both = ["RUNDOWN_FAILURES": folder.failures, "RUNDOWN_FILTER": "@\(folder.failures)"]
        let rerun = try await Self.run(processes.map { [$0] }, in: folder, environment: both)
        #expect(rerun.map(\.status) == [1, 1], "\(rerun.map(\.lines))")
        #expect((rerun[0].ran + rerun[1].ran).sorted() == failed.map { "ran: " + $0 })
        #expect(
            rerun[0].lines.contains(
                "Rundown: 'Rerun XC': 1 example selected, 1 filtered out (RUNDOWN_FILTER=@\(folder.failures))"))
        #expect(try folder.listed() == listed, "what failed in the rerun")
        // Fixed: the same run reruns them all, passes, and leaves an empty list.
        let fixed = try await Self.run(
            processes.map { [$0] }, in: folder, environment: both.merging(["FLAKY_FIXED": "1"]) { $1 })
        #expect(fixed.map(\.status) == [0, 0], "\(fixed.map(\.lines))")
        #expect((fixed[0].ran + fixed[1].ran).sorted() == failed.map { "ran: " + $0 })
        #expect(try folder.listed() == [])
    }

    /// Under `swift test --parallel`, XCTest's tests run in processes of their
    /// own at once, then Swift Testing's: each reruns its own failures.
    @Test func theProcessesOfAParallelRunEachRerunTheirFailures() async throws {
        let folder = try Folder()
        let parallel: [[Process]] = [
            [.xctest("RerunXCTestFixtures"), .xctest("FailuresFileParallelXCTestFixtures")],
            [.swiftTesting("RerunSwiftTestingFixtures")],
        ]
        let first = try await Self.run(parallel, in: folder, environment: ["RUNDOWN_FAILURES": folder.failures])
        #expect(first.map(\.status) == [1, 1, 1])
        let failed = ["Parallel XC, fails", "Rerun ST, fails", "Rerun ST, fails, too", "Rerun XC, when broken, fails"]
        let listed = [
            "Parallel XC, fails", #"Rerun ST, "fails, too""#, "Rerun ST, fails", "Rerun XC, when broken, fails",
        ]
        #expect(try folder.listed() == listed)
        let rerun = try await Self.run(
            parallel, in: folder,
            environment: ["RUNDOWN_FAILURES": folder.failures, "RUNDOWN_FILTER": "@\(folder.failures)"])
        #expect(rerun.map(\.status) == [1, 1, 1], "\(rerun.map(\.lines))")
        #expect(rerun.flatMap(\.ran).sorted() == failed.map { "ran: " + $0 })
        #expect(try folder.listed() == listed)
    }

    /// With both settings and no file yet (a first run of a script that always
    /// sets them), every process runs everything, as the first one does.
    // reaches: SettingsWarning.filterFileMadeInThisRun
    @Test func bothOnAFileThatDoesNotExistYetRunEverythingInEveryProcess() async throws {
        let folder = try Folder()
        let processes: [Process] = [.xctest("RerunXCTestFixtures"), .swiftTesting("RerunSwiftTestingFixtures")]
        let first = try await Self.run(
            processes.map { [$0] }, in: folder,
            // Under CI too: the missing file of a rerun loop's first run is no failure
            // (Behaviour#Settings-not-understood-fail-on-CI), so nothing but the examples' is listed.
            environment: ["RUNDOWN_FAILURES": folder.failures, "RUNDOWN_FILTER": "@\(folder.failures)", "CI": "true"])
        #expect(first.map(\.status) == [1, 1])
        #expect(
            first[0].ran.sorted() == ["ran: Rerun XC, passes", "ran: Rerun XC, when broken, fails"],
            "\(first[0].lines)")
        #expect(
            first[1].ran.sorted() == ["ran: Rerun ST, fails", "ran: Rerun ST, fails, too", "ran: Rerun ST, passes"],
            "\(first[1].lines)")
        let forms =
            "valid forms: RUNDOWN_FILTER=pattern, RUNDOWN_FILTER=pattern|pattern|…, RUNDOWN_FILTER=@file (a file of example paths, one a line, as RUNDOWN_FAILURES writes them), RUNDOWN_FILTER=File.swift:42 (the element declared on that line of that file, or the nearest one above it), entries mixed as RUNDOWN_FILTER=entry|entry|…"
        #expect(
            first[0].lines.contains(
                "warning: Rundown: RUNDOWN_FILTER=@\(folder.failures): the file cannot be read (no such file), and every example runs; \(forms)"
            ), "\(first[0].lines)")
        #expect(
            first[1].lines.contains(
                "warning: Rundown: RUNDOWN_FILTER=@\(folder.failures): there was no such file when this run of the tests began (RUNDOWN_FAILURES made it since), and every example runs, as in the run's first process; \(forms)"
            ), "\(first[1].lines)")
        #expect(try folder.listed() == [#"Rerun ST, "fails, too""#, "Rerun ST, fails", "Rerun XC, when broken, fails"])
    }
}
#endif
