#if os(Linux)
import Foundation
import RundownTestSupport
import Testing

/// Behaviour#Fresh-values with no host, black-box (`RundownNoHostFixture`, in a child process):
/// a fresh value used from a detached task, which knows no example, is a failure
/// that says so, while the spec runs (thrown) and after it has returned (printed).
@Suite(.enabled(if: HostOutput.testBinary != nil, "needs the SwiftPM test binary"))
struct FreshOutputTests {
    @Test func withNoHostAUseFromADetachedTaskIsAFailureThatSaysNoExampleIsKnown() async throws {
        let file = "Tests/RundownNoHostFixture/main.swift"
        let during = SourceLine.marked("detached fresh", in: HostOutput.root + file)
        let after = SourceLine.marked("detached fresh after the run", in: HostOutput.root + file)
        let run = try await HostOutput.runNoHostFixture(["fresh-detached"])
        let what =
            "was used from a task that no element of the spec started (a detached task), so which example's value it is cannot be known: a read got a new value that nothing keeps, and a value set was lost; read it in the example, or in a task it starts with Task { }, and hand a detached task what it needs"
        #expect(run.status == 1)
        #expect(
            run.lines.sorted() == [
                "\(file):\(after): error: No host: detached: the fresh value declared at main.swift:\(after) \(what)",
                "thrown: No host: detached: the fresh value declared at main.swift:\(during) \(what)",
            ])
    }
}
#endif
