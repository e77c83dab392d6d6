#if os(Linux)
import Foundation
import RundownTestSupport
import Testing

/// Behaviour#The-slowest-examples, black-box: `RUNDOWN_PROFILE` as a user
/// gives it, in child runs of this test binary on `ProfileFixtures.swift`
/// under XCTest and Swift Testing, and of `RundownNoHostFixture` with no host.
/// The fixtures' slow examples sleep 1.2, 0.8 and 0.4 s, margins a busy
/// machine lengthens but does not reorder.
@Suite(.serialized, .enabled(if: HostOutput.testBinary != nil, "needs the SwiftPM test binary"))
struct ProfileOutputTests {
    enum Host { case xcTest, swiftTesting, none }

    static func run(_ host: Host, _ settings: [String: String]) async throws -> HostOutput.Run {
        var environment = ProcessInfo.processInfo.environment.filter {
            !$0.key.hasPrefix("RUNDOWN_") && $0.key != "CI"
        }
        environment["RUNDOWN_FIXTURES"] = "1"
        environment["NO_COLOR"] = "1"
        environment.merge(settings) { $1 }
        let testBinary = URL(fileURLWithPath: try #require(HostOutput.testBinary))
        let (binary, arguments): (URL, [String]) =
            switch host {
            case .xcTest: (testBinary, ["RundownHostFixtures.ProfileFixtures"])
            case .swiftTesting:
                (
                    testBinary,
                    [
                        "--testing-library", "swift-testing", "--filter",
                        "RundownHostFixtures.ProfileSwiftTestingFixtures",
                    ]
                )
            case .none:
                (testBinary.deletingLastPathComponent().appendingPathComponent("RundownNoHostFixture"), ["profile"])
            }
        let run = try await ChildProcess.run(binary, arguments, environment: environment, timeout: .seconds(120))
        return HostOutput.Run(status: run.status, lines: try await HostOutput.lines(of: run.output))
    }

    /// One line of the block: its time in seconds, and the rest (`Profiled, slowest  ProfileFixtures.swift:14`).
    static func entry(_ line: String) -> (seconds: Double, rest: String)? {
        guard let match = line.wholeMatch(of: /\ +(\d+\.\d{3}) s  (.+)/), let seconds = Double(match.1) else {
            return nil
        }
        return (seconds, String(match.2))
    }

    @Test(arguments: [Host.xcTest, .swiftTesting, .none])
    func theThreeSlowestExamplesAndGroupsInOrderAsTheLastBlockOfOutput(_ host: Host) async throws {
        let run = try await Self.run(host, ["RUNDOWN_PROFILE": "3"])
        #expect(run.status == 0)
        let (file, spec) =
            host == .none
            ? ("Tests/RundownNoHostFixture/main.swift", "Profiled no host")
            : ("Tests/RundownHostFixtures/ProfileFixtures.swift", "Profiled")
        func line(_ name: String) -> Int { SourceLine.marked(name, in: HostOutput.root + file) }
        let name = URL(fileURLWithPath: file).lastPathComponent
        let start = try #require(run.lines.firstIndex { $0.hasPrefix("Rundown profile") })
        // One block, the last of the output: the process prints it as it exits.
        let block = Array(run.lines[start...])
        // A heading and three examples, a heading and the two groups.
        try #require(block.count == 7)
        #expect(block[0] == "Rundown profile (RUNDOWN_PROFILE=3): the 3 slowest of 5 examples")
        #expect(block[4] == "Rundown profile (RUNDOWN_PROFILE=3): the 2 slowest of 2 groups")
        let examples = block[1...3].compactMap(Self.entry)
        let groups = block[5...].compactMap(Self.entry)
        #expect(
            examples.map(\.rest) == [
                "\(spec), slowest  \(name):\(line("slowest"))",
                "\(spec), slow group, slower  \(name):\(line("slower"))",
                "\(spec), slow group, slow  \(name):\(line("slow"))",
            ])
        let exampleSeconds: [Double] = examples.map(\.seconds)
        let sleeps: [Double] = [1.2, 0.8, 0.4]
        #expect(exampleSeconds.count == 3 && zip(exampleSeconds, sleeps).allSatisfy { $0 >= $1 })
        #expect(exampleSeconds == exampleSeconds.sorted(by: >))
        #expect(
            groups.map(\.rest) == [
                "\(spec)  \(name):\(line("profiled spec"))",
                "\(spec), slow group  \(name):\(line("slow group"))",
            ])
        let groupSeconds: [Double] = groups.map(\.seconds)
        let spans: [Double] = [2.4, 1.2]
        #expect(groupSeconds.count == 2 && zip(groupSeconds, spans).allSatisfy { $0 >= $1 })
    }

    // reaches: SettingsWarning.profileNotKnown
    @Test func aCountThatIsNoWholeNumberFromOneIsAWarningAndNoProfile() async throws {
        for value in ["0", "ten"] {
            let run = try await Self.run(.none, ["RUNDOWN_PROFILE": value])
            #expect(run.status == 0, "RUNDOWN_PROFILE=\(value)")
            #expect(
                run.lines.filter { $0.hasPrefix("warning: Rundown:") } == [
                    "warning: Rundown: RUNDOWN_PROFILE=\(value) is not a count Rundown knows, and no profile is printed; valid forms: RUNDOWN_PROFILE=<a whole number from 1>, such as RUNDOWN_PROFILE=10 (how many of the slowest examples and groups to print when the process ends)"
                ], "RUNDOWN_PROFILE=\(value)")
            #expect(!run.lines.contains { $0.hasPrefix("Rundown profile") }, "RUNDOWN_PROFILE=\(value)")
        }
    }
}
#endif
