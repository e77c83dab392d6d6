import Rundown
import RundownTestSupport
import Testing

/// Behaviour#A-group-needs-an-element: a group with no element (empty, only hooks, or loops and
/// conditionals that added nothing) never passes silently. It is a failure of
/// its own path, at its line, that says what to change; its hooks do not run,
/// and the rest of the spec runs as usual.
@Suite struct EmptyGroupTests {
    /// Runs the spec under Swift Testing and returns the issues it recorded.
    private func issues(_ body: () async throws -> Void) async rethrows -> [Issue] {
        let issues = Locked<[Issue]>([])
        try await withKnownIssue {
            try await body()
        } matching: { issue in
            issues.withLock { $0.append(issue) }
            return true
        }
        return issues.withLock { $0 }
    }

    // reaches: EmptyGroup
    @Test func emptyAndHooksOnlyGroupsFailAtTheirLineAndTheirHooksDoNotRun() async throws {
        let log = Log()
        let emptyLine = SourceLine.marked("when empty")
        let hooksLine = SourceLine.marked("only hooks")
        let loopLine = SourceLine.marked("no cases")
        let recorded = try await issues {
            try spec("Stack") {
                describe("when empty") {}  // line: when empty
                context("only hooks") {  // line: only hooks
                    beforeAll { log("beforeAll") }
                    beforeEach { log("beforeEach") }
                    afterAll { log("afterAll") }
                }
                context("no cases") {  // line: no cases
                    for name in [String]() { it(name) {} }
                }
                it("still runs") { log("still runs") }
            }
        }
        #expect(log.entries == ["still runs"])
        #expect(
            recorded.map { $0.comments.map(\.rawValue) } == [
                ["Stack, when empty"], ["Stack, only hooks"], ["Stack, no cases"],
            ])
        #expect(recorded.map { $0.sourceLocation?.line } == [emptyLine, hooksLine, loopLine])
        #expect(
            recorded.map { $0.sourceLocation?.fileID }
                == Array(repeating: "RundownTests/EmptyGroupTests.swift", count: 3))
        #expect(
            recorded.map { ($0.error as? EmptyGroup).map(String.init(describing:)) } == [
                "the group 'when empty' holds no example and no group, so its hooks never run and it checks nothing: add an 'it' or a nested group, or remove the group",
                "the group 'only hooks' holds no example and no group, so its hooks never run and it checks nothing: add an 'it' or a nested group, or remove the group",
                "the group 'no cases' holds no example and no group, so its hooks never run and it checks nothing: add an 'it' or a nested group, or remove the group",
            ])
    }

    @Test func aGroupThatHoldsOnlyAnEmptyGroupHasAnElement() async throws {
        let log = Log()
        let recorded = try await issues {
            try await spec("Spec") {
                describe("outer") {
                    beforeEach { log("outer beforeEach") }
                    context("inner") { beforeEach { log("inner beforeEach") } }
                }
            }
        }
        // The inner group fails in the place of an element, so the outer
        // group's hooks run around that failure, as around any element.
        #expect(log.entries == ["outer beforeEach"])
        #expect(recorded.map { $0.comments.map(\.rawValue) } == [["Spec, outer, inner"]])
        #expect(recorded.map { $0.error is EmptyGroup } == [true])
    }

    @Test func anEmptySpecFailsAtItsLine() async throws {
        let log = Log()
        let line = SourceLine.marked("nothing")
        let recorded = try await issues {
            try spec("Nothing") {  // line: nothing
                beforeEach { log("beforeEach") }
            }
        }
        #expect(log.entries == [])
        #expect(recorded.map { $0.comments.map(\.rawValue) } == [["Nothing, no example"]])
        #expect(recorded.map { $0.sourceLocation?.line } == [line])
        #expect(recorded.map { ($0.error as? EmptyGroup)?.group } == ["Nothing"])
    }

    @Test func anExcludedEmptyGroupIsSkippedLikeAnyExcludedElement() async throws {
        let recorded = try await issues {
            try spec("Spec") {
                xDescribe("later") {}
                it("runs") {}
            }
            Issue.record("the only issue")
        }
        #expect(!recorded.contains { $0.error is EmptyGroup })
        #expect(
            recorded.map(\.comments.first?.rawValue) == [
                "Skipped:\n  Spec, later: skipped (excluded)", "the only issue",
            ])
    }
}
