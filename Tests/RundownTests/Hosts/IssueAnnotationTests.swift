import Rundown
import RundownTestSupport
import Testing

/// Issues that reached the suite's scope, after every handler inside it (the
/// spec's own and `.specs`), by the name of the spec that caused them.
/// They are suppressed there, so these tests can fail on purpose and pass.
private let issuesBySpec = Locked<[String: [Issue]]>([:])

private func captureSpecIssues(_ issue: Issue) -> Issue? {
    let spec = ["Annotated async", "Annotated sync", "Thrown"].first { name in
        issue.comments.contains { $0.rawValue.hasPrefix(name) }
    }
    guard let spec else { return issue }
    issuesBySpec.withLock { $0[spec, default: []].append(issue) }
    return nil
}

private func issues(of spec: String) -> [[String]] {
    issuesBySpec.withLock { ($0[spec] ?? []).map { $0.comments.map(\.rawValue) } }
}

/// Behaviour#Failures-in-Swift-Testing: inside Swift Testing, an issue recorded while an element runs
/// (`#expect`, `#require`, `Issue.record`) carries the element's path.
@Suite(.compactMapIssues(captureSpecIssues), .failsWhenCancelled)
struct IssueAnnotationTests {
    @Test func anExpectationInAnAsyncSpecCarriesThePath() async throws {
        try await spec("Annotated async") {
            context("ctx") {
                it("expects") {
                    await Task.yield()
                    #expect(1 + 1 == 3, "one and one")
                }
            }
        }
        #expect(issues(of: "Annotated async") == [["Annotated async, ctx, expects", "one and one"]])
    }

    @Test(.specs) func theTraitAnnotatesSynchronousSpecs() throws {
        try spec("Annotated sync") {
            it("records") { Issue.record("by hand") }
        }
        #expect(issues(of: "Annotated sync") == [["Annotated sync, records", "by hand"]])
    }

    @Test func aThrownErrorIsAnnotatedOnce() async throws {
        try await spec("Thrown") { it("throws") { throw Boom("x") } }
        #expect(issues(of: "Thrown") == [["Thrown, throws"]])
    }
}
