import Rundown
import RundownEngine
import RundownTestSupport
import Testing
import XCTest

/// Behaviour#A-failure-outweighs-a-skip: when one element both skips and fails (an example skips, then its teardown
/// throws), the failure wins: the example counts as failed, not skipped, in every engine.
@MainActor
@Suite struct SkipThenFailureTests {
    struct Boom: Error, CustomStringConvertible {
        let name: String
        var description: String { "Boom(\(name))" }
    }

    struct SkipThenAfterEachThrows: Scenario {
        let skip: any Error
        @ExampleBuilder<Call> func content<Call: CallKind>(_ log: Log) -> ExampleGroup<Call> {
            it("a") {
                log("a")
                throw skip
            }
            it("b") { log("b") }
            afterEach {
                log("afterEach")
                if ExampleRunner.current?.path.dropFirst().first == "a" { throw Boom(name: "cleanup") }
            }
        }
    }

    @Test(arguments: [Skip("offline") as any Error, XCTSkip("offline")])
    func anExampleThatSkipsAndWhoseAfterEachThrowsCountsAsFailed(skip: any Error) async {
        let run = await runEverywhere(SkipThenAfterEachThrows(skip: skip))
        #expect(run.log == ["a", "afterEach", "b", "afterEach"])
        #expect(run.failures == ["Spec, a, afterEach: Boom(cleanup)"])
        #expect(run.failed == 1 && run.passed == 1 && run.skipped == 0)
        #expect(!run.everythingSkipped)
        #expect(run.events.contains("Spec, a: failed"), "events: \(run.events)")
    }

    struct SkipThenAroundEachThrows: Scenario {
        @ExampleBuilder<Call> func content<Call: CallKind>(_ log: Log) -> ExampleGroup<Call> {
            loggingAround(log, throwingAfterBody: Boom(name: "unwind"))
            it("a") {
                log("a")
                throw Skip("offline")
            }
        }
    }

    @Test func anExampleThatSkipsAndWhoseAroundEachThrowsAfterItsBodyCountsAsFailed() async {
        let run = await runEverywhere(SkipThenAroundEachThrows())
        #expect(run.log == ["around <", "a", "around >"])
        #expect(run.failures.count == 1, "failures: \(run.failures)")
        #expect(run.failed == 1 && run.skipped == 0 && !run.everythingSkipped, "\(run)")
    }
}
