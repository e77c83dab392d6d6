#if os(Linux)
import Foundation
import RundownTestSupport
import Testing

/// The exact text of what a user's run prints, where it once said a thing
/// twice (`ReportTextFixtures.swift`, in child processes of this test binary).
@Suite(.serialized, .enabled(if: HostOutput.testBinary != nil, "needs the SwiftPM test binary"))
struct ReportTextOutputTests {
    static let file = "Tests/RundownHostFixtures/ReportTextFixtures.swift"

    static func line(_ name: String) -> Int {
        SourceLine.marked(name, in: HostOutput.root + file)
    }

    /// Behaviour#Seeded-order: the `.specs` trait scopes a test and its test case, each
    /// with an issue handler, and each once added the seed: an `#expect` said
    /// "(seed 42)" twice in a synchronous spec, three times in an asynchronous one.
    @Test func aSpecsTraitsExpectCarriesTheSeedOnce() async throws {
        let run = try await HostOutput.run(
            ["--testing-library", "swift-testing", "--filter", "RundownHostFixtures.SeedOnceFixtures"],
            environment: ["RUNDOWN_SEED": "42"])
        #expect(run.status == 1)
        let issues = HostOutput.events(run.lines).filter { $0[0].contains("recorded an issue") }
        #expect(
            issues.sorted { $0[0] < $1[0] } == [
                [
                    "✘ Test asynchronousExpect() recorded an issue at ReportTextFixtures.swift:\(Self.line("seed once async")):29: Expectation failed: (1 + 1 → 2) == 3",
                    #"↳ "Seed once, async", expects"#,
                    "↳ (seed 42)",
                ],
                [
                    "✘ Test synchronousExpect() recorded an issue at ReportTextFixtures.swift:\(Self.line("seed once sync")):29: Expectation failed: (1 + 1 → 2) == 3",
                    "↳ Seed once, expects",
                    "↳ (seed 42)",
                ],
            ], "\(run.lines)")
    }
}
#endif
