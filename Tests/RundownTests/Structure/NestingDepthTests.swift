import Foundation
import Rundown
import RundownTestSupport
import Testing

/// Behaviour#Groups-nest-at-most-64-deep: a spec nested deeper than ``GroupNestedTooDeep/limit``
/// groups fails at the group one level too deep, instead of overflowing the
/// stack; every level up to the limit builds and runs.
@Suite struct NestingDepthTests {
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

    @Test func aSpecNestedAsDeepAsTheLimitRunsToItsDeepestExample() async throws {
        let log = Log()
        try spec("Deep") { groups(nested: GroupNestedTooDeep.limit, log: log) }
        try await spec("Deep") { asyncGroups(nested: GroupNestedTooDeep.limit, log: log) }
        #expect(log.entries == ["leaf", "async leaf"])
    }

    // reaches: GroupNestedTooDeep
    @Test func theGroupOneLevelTooDeepFailsAtItsLineAndTheRestOfTheSpecRuns() async throws {
        let log = Log()
        let line = SourceLine.marked("nested group")
        let recorded = try await issues {
            try spec("Deep") {
                groups(nested: GroupNestedTooDeep.limit + 1, log: log)
                it("beside") { log("beside") }
            }
        }
        #expect(log.entries == ["beside"])
        try #require(recorded.count == 1)
        let levels = (1...GroupNestedTooDeep.limit + 1).reversed().map { "level \($0)" }
        #expect(recorded[0].comments.map(\.rawValue) == [(["Deep"] + levels).joined(separator: ", ")])
        #expect(recorded[0].sourceLocation?.fileID == "RundownTests/NestingDepthTests.swift")
        #expect(recorded[0].sourceLocation?.line == line)
        #expect(
            (recorded[0].error as? GroupNestedTooDeep).map(String.init(describing:))
                == "the group 'level 1' is nested 65 groups deep, deeper than the 64 Rundown allows (every level costs stack space, and a much deeper spec would overflow the stack and crash the test process), so its content was not built: nest fewer groups, for instance by putting levels side by side or by moving the deepest ones into a spec of their own"
        )
    }

    @Test func anAsynchronousSpecStopsAtTheSameDepth() async throws {
        let log = Log()
        let line = SourceLine.marked("nested async group")
        let recorded = try await issues {
            try await spec("Deep") { asyncGroups(nested: GroupNestedTooDeep.limit + 1, log: log) }
        }
        #expect(log.entries.isEmpty)
        try #require(recorded.count == 1)
        #expect(recorded[0].sourceLocation?.line == line)
        #expect(recorded[0].error is GroupNestedTooDeep)
    }

    /// A `Spec` value builds only the path of the example it runs: there each
    /// group one level too deep is an example of its own, which fails alone,
    /// while its siblings off the path are left out as usual.
    @Test func aSpecValueRunsEachGroupOneLevelTooDeepAsAnExampleOfItsOwn() async throws {
        let log = Log()
        let deep = Spec.synchronous("Deep") {
            forkingGroups(nested: GroupNestedTooDeep.limit, log: log)
            it("beside") { log("beside") }
        }
        let examples = deep.examples
        try #require(examples.count == 3)
        let levels = (1...GroupNestedTooDeep.limit).reversed().map { "level \($0)" }
        #expect(
            examples.map(\.description) == [
                (["Deep"] + levels + ["a"]).joined(separator: ", "),
                (["Deep"] + levels + ["b"]).joined(separator: ", "),
                "Deep, beside",
            ])
        // A detached task sees no Swift Testing test: the failure is thrown.
        let outcomes = await Task.detached { () -> [String] in
            examples.map { example in
                do {
                    try example.run()
                    return "passed"
                } catch let failure as SpecFailure {
                    let error = failure.error as? GroupNestedTooDeep
                    return "\(error.map { "too deep: \($0.group)" } ?? "\(failure)") (+\(failure.moreFailures) more)"
                } catch {
                    return "\(error)"
                }
            }
        }.value
        #expect(outcomes == ["too deep: a (+0 more)", "too deep: b (+0 more)", "passed"])
        #expect(log.entries == ["beside"])
    }

    #if os(Linux)
    /// Black-box, because the fault was a crash: 20,000 levels overflowed the
    /// stack of a debug (3,200) and a release (15,000) build alike. Now each
    /// spec reports its one failure and the process ends as a failed run.
    @Test(.enabled(if: HostOutput.testBinary != nil, "needs the SwiftPM test binary"))
    func aSpecNestedTwentyThousandGroupsDeepFailsInsteadOfCrashing() async throws {
        let fixtures = try SourceFile("Tests/RundownHostFixtures/NestingDepthFixtures.swift")
        let run = try await HostOutput.run([
            "--testing-library", "swift-testing", "--filter", "RundownHostFixtures.NestingDepthFixtures",
        ])

        #expect(run.status == 1)
        let message = "the group 'level 19936' is nested 65 groups deep, deeper than the 64 Rundown allows"
        let at = { (marker: String) in
            let position = fixtures.position(of: "(\"level", in: marker)
            return "NestingDepthFixtures.swift:\(position.line):\(position.column)"
        }
        #expect(
            run.lines.filter { $0.contains(message) }.map { $0.components(separatedBy: ": Caught error").first ?? $0 }
                .sorted() == [
                    "✘ Test aSynchronousSpecNestedTwentyThousandGroupsDeep() recorded an issue at \(at("line: sync level"))",
                    "✘ Test anAsynchronousSpecNestedTwentyThousandGroupsDeep() recorded an issue at \(at("line: async level"))",
                ])
        #expect(run.lines.last == "✘ Test run with 2 tests in 1 suite failed after TIME seconds with 2 issues.")
    }
    #endif
}

@ExampleBuilder<SyncCall>
private func groups(nested levels: Int, log: Log) -> Examples<SyncCall> {
    if levels == 0 {
        it("leaf") { log("leaf") }
    } else {
        describe("level \(levels)") { groups(nested: levels - 1, log: log) }  // line: nested group
    }
}

/// `levels` groups, the innermost holding two groups, "a" and "b", one level deeper.
@ExampleBuilder<SyncCall>
private func forkingGroups(nested levels: Int, log: Log) -> Examples<SyncCall> {
    if levels == 0 {
        describe("a") { it("leaf a") { log("leaf a") } }
        describe("b") { it("leaf b") { log("leaf b") } }
    } else {
        describe("level \(levels)") { forkingGroups(nested: levels - 1, log: log) }
    }
}

@ExampleBuilder<AsyncCall>
private func asyncGroups(nested levels: Int, log: Log) -> ExampleGroup<AsyncCall> {
    aroundEach { run in try await run() }
    if levels == 0 {
        it("async leaf") {
            await Task.yield()
            log("async leaf")
        }
    } else {
        context("level \(levels)") { asyncGroups(nested: levels - 1, log: log) }  // line: nested async group
    }
}
