#if os(Linux)
import Foundation
import Testing

/// Behaviour#One-test-case-per-example, black-box: two examples of a `Spec` that share a path,
/// as the cases of one parameterized Swift Testing test in a child run of this test binary; the
/// failing one fails its own case alone, once, at its own line.
@Suite(.enabled(if: HostOutput.testBinary != nil, "needs the SwiftPM test binary"))
struct TwinExampleOutputTests {
    @Test func aFailingTwinFailsOnlyItsOwnCase() async throws {
        let run = try await ControlsOutputTests.run("TwinExampleFixtures", swiftTesting: true, [:])
        #expect(run.status != 0)
        // Each case ran its own body only: before, each ran both, and both cases failed.
        #expect(ControlsOutputTests.ran(run).sorted() == ["first", "second"])
        let fixtures = try SourceFile("Tests/RundownHostFixtures/TwinExampleFixtures.swift")
        let (line, column) = fixtures.position(of: "(\"same\")", in: "the failing twin")
        let issues = run.lines.filter { $0.hasPrefix("✘ Test twins(_:) recorded an issue") }
        #expect(
            issues == [
                "✘ Test twins(_:) recorded an issue with 1 argument example → Twin cases, same at TwinExampleFixtures.swift:\(line):\(column): Caught error: FixtureError(disk full)"
            ])
        #expect(
            run.lines.contains {
                $0.hasPrefix("✘ Test twins(_:) with 2 test cases failed") && $0.hasSuffix("with 1 issue.")
            })
    }
}
#endif
