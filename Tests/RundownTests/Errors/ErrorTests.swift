import Rundown
import RundownEngine
import RundownTestSupport
import Testing

/// Behaviour#Errors-never-skip-teardown and Behaviour#Errors-belong-to-their-path:
/// an error never skips teardown or the remaining elements, and
/// every error is attributed to the path of what threw it.
@MainActor
@Suite struct ErrorTests {
    struct BeforeAllThrows: Scenario {
        @ExampleBuilder<Call> func content<Call: CallKind>(_ log: Log) -> ExampleGroup<Call> {
            context("broken") {
                beforeAll("connect") {
                    log("connect")
                    throw Boom("connect")
                }
                beforeAll { log("second beforeAll") }
                beforeEach { log("beforeEach") }
                it("a") { log("a") }
                context("inner") { it("b") { log("b") } }
                afterEach { log("afterEach") }
                afterAll {
                    log("afterAll 1")
                    throw Boom("afterAll")
                }
                afterAll { log("afterAll 2") }
            }
            it("after the broken group") { log("sibling") }
        }
    }

    @Test func beforeAllThrowingSkipsTheGroupButRunsEveryAfterAll() async {
        let run = await runEverywhere(BeforeAllThrows())
        #expect(run.log == ["connect", "afterAll 1", "afterAll 2", "sibling"])
        #expect(
            run.failures == [
                "Spec, broken, connect: Boom(connect)",
                "Spec, broken, afterAll: Boom(afterAll)",
            ])
        #expect(run.failed == 2 && run.passed == 1 && run.skipped == 0)
    }

    struct BeforeEachThrows: Scenario {
        @ExampleBuilder<Call> func content<Call: CallKind>(_ log: Log) -> ExampleGroup<Call> {
            beforeEach { log("beforeEach 1 \(ExampleRunner.current?.path.dropFirst().first ?? "?")") }
            beforeEach("flaky") {
                log("flaky")
                if ExampleRunner.current?.path.dropFirst().first == "a" { throw Boom("flaky") }
            }
            beforeEach { log("beforeEach 3") }
            it("a") { log("a") }
            it("b") { log("b") }
            afterEach { log("afterEach 1") }
            afterEach { log("afterEach 2") }
        }
    }

    @Test func beforeEachThrowingSkipsTheElementButRunsItsAfterEach() async {
        let run = await runEverywhere(BeforeEachThrows())
        #expect(
            run.log == [
                "beforeEach 1 a", "flaky", "afterEach 1", "afterEach 2",
                "beforeEach 1 b", "flaky", "beforeEach 3", "b", "afterEach 1", "afterEach 2",
            ])
        #expect(run.failures == ["Spec, a, flaky: Boom(flaky)"])
        #expect(run.failed == 1 && run.passed == 1)
    }

    struct ExamplesAndAfterEachThrow: Scenario {
        @ExampleBuilder<Call> func content<Call: CallKind>(_ log: Log) -> ExampleGroup<Call> {
            it("a") {
                log("a")
                throw Boom("a")
            }
            it("b") { log("b") }
            it("c") { log("c") }
            afterEach("first cleanup") {
                log("afterEach 1")
                if ExampleRunner.current?.path.dropFirst().first == "b" { throw Boom("cleanup") }
            }
            afterEach { log("afterEach 2") }
            afterAll { log("afterAll") }
        }
    }

    @Test func anExampleOrAfterEachThrowingLetsTheGroupGoOn() async {
        let run = await runEverywhere(ExamplesAndAfterEachThrow())
        #expect(
            run.log == [
                "a", "afterEach 1", "afterEach 2",
                "b", "afterEach 1", "afterEach 2",
                "c", "afterEach 1", "afterEach 2",
                "afterAll",
            ])
        #expect(run.failures == ["Spec, a: Boom(a)", "Spec, b, first cleanup: Boom(cleanup)"])
        #expect(run.failed == 2 && run.passed == 1)
    }

    struct AroundThrowsBeforeItsBody: Scenario {
        @ExampleBuilder<Call> func content<Call: CallKind>(_ log: Log) -> ExampleGroup<Call> {
            loggingAround(log, "outer")
            loggingAround(log, "inner", named: "transaction", throwing: Boom("begin"))
            beforeEach { log("beforeEach") }
            it("a") { log("a") }
            afterEach { log("afterEach") }
            afterAll { log("afterAll") }
        }
    }

    @Test func aroundEachThrowingBeforeItsBodySkipsTheElementAndRecordsTheError() async {
        let run = await runEverywhere(AroundThrowsBeforeItsBody())
        #expect(run.log == ["outer <", "inner <", "outer >", "afterAll"])
        #expect(run.failures == ["Spec, a, transaction: Boom(begin)"])
        #expect(run.failed == 1)
    }

    struct ErrorsInNestedGroups: Scenario {
        @ExampleBuilder<Call> func content<Call: CallKind>(_ log: Log) -> ExampleGroup<Call> {
            describe("outer") {
                context("inner") {
                    beforeAll { throw Boom("inner setup") }
                    it("a") { log("a") }
                    afterAll { log("inner afterAll") }
                }
                it("b") {
                    log("b")
                    throw Boom("b")
                }
                afterAll { log("outer afterAll") }
            }
        }
    }

    @Test func errorsCarryTheFullPathAndNeverStopTheRest() async {
        let run = await runEverywhere(ErrorsInNestedGroups())
        #expect(run.log == ["inner afterAll", "b", "outer afterAll"])
        #expect(run.failures == ["Spec, outer, inner, beforeAll: Boom(inner setup)", "Spec, outer, b: Boom(b)"])
    }

    @Test func aFailureKnowsWhereItsElementWasDeclared() async throws {
        let line = SourceLine.marked("throws")
        let report = SpecEngine.run(
            root {
                context("ctx") {
                    it("throws") { throw Boom("x") }  // line: throws
                }
            })
        let failure = try #require(report.failures.first)
        #expect(failure.location.line == line)
        #expect(failure.location.fileID == "RundownTests/ErrorTests.swift")
        #expect(failure.path == ["Spec", "ctx", "throws"])
        #expect(failure.error is Boom)
    }
}

/// A root group named "Spec" around the content, for runs without a host.
func root(_ name: String = "Spec", @ExampleBuilder<SyncCall> _ content: () -> ExampleGroup<SyncCall>) -> GroupNode<
    Synchronous
> {
    GroupNode(description: name, location: scenarioLocation, content: content().content)
}

/// A root group named "Spec" around the content, for runs without a host.
func asyncRoot(_ name: String = "Spec", @ExampleBuilder<AsyncCall> _ content: () -> ExampleGroup<AsyncCall>)
    -> GroupNode<Asynchronous>
{
    GroupNode(description: name, location: scenarioLocation, content: content().content)
}
