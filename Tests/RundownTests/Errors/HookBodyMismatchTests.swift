import Foundation
import RundownEngine
import RundownTestSupport
import Testing

@testable import Rundown

/// Behaviour#Mistakes-never-crash (building engine values by hand): a public `HookNode` whose
/// kind and body disagree is a recorded failure naming the hook, at the
/// hook's location, and the rest of the spec runs as if that hook had thrown.
@Suite struct HookBodyMismatchTests {
    @Test(.enabled(if: CrashGuardChild.testBinary != nil, "needs the SwiftPM test binary"))
    func mismatchedHooksAreRecordedInAChildProcessThatDoesNotCrash() async throws {
        let run = try await CrashGuardChild.run(filter: "HandBuiltHooks", timeout: .seconds(300))
        #expect(!run.timedOut, "the child process hung:\n\(run.output)")
        #expect(run.status == 0, "the child process failed or crashed:\n\(run.output)")
        #expect(run.output.contains("Suite HandBuiltHooks passed"), "\(run.output)")
        #expect(run.output.contains("with 4 tests"), "\(run.output)")
    }
}

extension HookBodyMismatchTests {
    /// Before the fix these reached `preconditionFailure`, so they run in a
    /// child process where one can be started, and in-process elsewhere.
    @Suite(
        .enabled(
            if: CrashGuardChild.isChild || CrashGuardChild.testBinary == nil,
            "runs in the child process of mismatchedHooksAreRecordedInAChildProcessThatDoesNotCrash"))
    struct HandBuiltHooks {
        static func location(_ line: Int) -> CodeLocation {
            CodeLocation(
                fileID: "RundownTests/HandBuilt.swift", filePath: "/tmp/HandBuilt.swift", line: line, column: 5)
        }

        static func hook<Mode>(_ kind: HookKind, _ name: String?, line: Int, _ body: HookNode<Mode>.Body)
            -> GroupContent<Mode>
        {
            GroupContent(hook: HookNode(kind: kind, name: name, location: location(line), body: body))
        }

        static func example<Mode>(_ name: String, _ body: Mode.Body) -> GroupContent<Mode> {
            GroupContent(element: .example(ExampleNode(description: name, location: location(1), body: body)))
        }

        static func spec<Mode>(_ parts: [GroupContent<Mode>]) -> GroupNode<Mode> {
            GroupNode(
                description: "Spec", location: location(1), content: parts.reduce(GroupContent()) { $0.appending($1) })
        }

        // reaches: HookBodyMismatch
        @Test func aBeforeAllWithAnAroundBodyFailsLikeAThrowingBeforeAll() {
            var log: [String] = []
            let report = SpecEngine.run(
                Self.spec([
                    Self.hook(
                        .beforeAll, "setup", line: 10,
                        .around { body in
                            log.append("setup")
                            try body()
                        }),
                    Self.example("a", Synchronous.Body { log.append("a") }),
                    Self.example("b", Synchronous.Body { log.append("b") }),
                    Self.hook(.afterAll, nil, line: 20, .plain(Synchronous.Body { log.append("afterAll") })),
                ]))
            #expect(log == ["afterAll"])
            #expect(
                report.failures.map(\.description) == [
                    "Spec, setup: setup is a beforeAll hook, but its body is an aroundEach body, which takes the body it wraps, so the hook did not run; "
                        + "build the HookNode with a '.plain' body, or give it the kind '.aroundEach'"
                ])
            #expect(report.failures.map(\.location) == [Self.location(10)])
            #expect((report.failures.first?.error as? HookBodyMismatch)?.kind == .beforeAll)
            #expect(report.failedCount == 2)
        }

        @Test func anAroundEachWithAPlainBodyFailsItsElementInsideTheOuterHooks() {
            var log: [String] = []
            let report = SpecEngine.run(
                Self.spec([
                    Self.hook(
                        .aroundEach, "outer", line: 10,
                        .around { body in
                            log.append("outer <")
                            try body()
                            log.append("outer >")
                        }),
                    Self.hook(.aroundEach, "wrapper", line: 11, .plain(Synchronous.Body { log.append("wrapper") })),
                    Self.hook(.beforeEach, nil, line: 12, .plain(Synchronous.Body { log.append("beforeEach") })),
                    Self.example("a", Synchronous.Body { log.append("a") }),
                    Self.hook(.afterEach, nil, line: 13, .plain(Synchronous.Body { log.append("afterEach") })),
                ]))
            #expect(log == ["outer <", "outer >"])
            #expect(
                report.failures.map(\.description) == [
                    "Spec, a, wrapper: wrapper is an aroundEach hook, but its body does not take the body it wraps, so the element it wraps did not run; "
                        + "build the HookNode with a '.around' body, or give it the kind its body was written for"
                ])
            #expect(report.failures.map(\.location) == [Self.location(11)])
            #expect(report.failedCount == 1)
        }

        @Test func anAsyncAroundEachWithAPlainBodyFailsEveryElementItWraps() async {
            let log = Log()
            let report = await SpecEngine.run(
                Self.spec([
                    Self.hook(
                        .aroundEach, nil, line: 30,
                        HookNode<Asynchronous>.Body.plain(Asynchronous.Body { log("wrapper") })),
                    Self.example("a", Asynchronous.Body { log("a") }),
                    Self.example("b", Asynchronous.Body { log("b") }),
                    Self.hook(.afterAll, nil, line: 31, .plain(Asynchronous.Body { log("afterAll") })),
                ]))
            #expect(log.entries == ["afterAll"])
            #expect(report.failures.map(\.path) == [["Spec", "a", "aroundEach"], ["Spec", "b", "aroundEach"]])
            #expect(report.failures.map(\.location) == [Self.location(30), Self.location(30)])
            #expect(report.failures.allSatisfy { ($0.error as? HookBodyMismatch)?.kind == .aroundEach })
            #expect(report.failedCount == 2)
        }

        @Test func anAsyncAfterEachWithAnAroundBodyFailsEachElementAndTheNextStillRuns() async {
            let log = Log()
            let report = await SpecEngine.run(
                Self.spec([
                    Self.example("a", Asynchronous.Body { log("a") }),
                    Self.example("b", Asynchronous.Body { log("b") }),
                    Self.hook(
                        .afterEach, nil, line: 40,
                        HookNode<Asynchronous>.Body.around { body in
                            log("after")
                            try await body()
                        }),
                    Self.hook(.afterEach, "cleanup", line: 41, .plain(Asynchronous.Body { log("cleanup") })),
                ]))
            #expect(log.entries == ["a", "cleanup", "b", "cleanup"])
            #expect(
                report.failures.map(\.description)
                    == ["a", "b"].map {
                        "Spec, \($0), afterEach: afterEach is an afterEach hook, but its body is an aroundEach body, which takes the body it wraps, so the hook did not run; "
                            + "build the HookNode with a '.plain' body, or give it the kind '.aroundEach'"
                    })
            #expect(report.failures.map(\.location) == [Self.location(40), Self.location(40)])
            #expect(report.failedCount == 2)
        }
    }
}
