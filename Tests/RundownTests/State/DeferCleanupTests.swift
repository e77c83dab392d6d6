import RundownEngine
import RundownTestSupport
import Testing

@testable import Rundown

/// Behaviour#Deferred-cleanups: `deferCleanup { … }` registers a cleanup that runs last in,
/// first out: an example's, beforeEach's or aroundEach's after the element's
/// afterEach hooks, a beforeAll's after the group's afterAll hooks; even when
/// the element failed or skipped after registering; an error in one is a
/// failure of what registered it, and the others still run.
@MainActor
@Suite struct DeferCleanupTests {
    struct Order: Scenario {
        @ExampleBuilder<Call> func content<Call: CallKind>(_ log: Log) -> ExampleGroup<Call> {
            context("group") {
                beforeAll {
                    log("beforeAll")
                    deferCleanup { log("cleanup of beforeAll 1") }
                    deferCleanup { log("cleanup of beforeAll 2") }
                }
                loggingAround(log)
                beforeEach {
                    log("beforeEach")
                    deferCleanup { log("cleanup of beforeEach") }
                }
                it("a") {
                    log("a")
                    deferCleanup { log("cleanup of a 1") }
                    deferCleanup {
                        log("cleanup of a 2")
                        deferCleanup { log("cleanup registered by a cleanup") }
                    }
                }
                it("b") { log("b") }
                afterEach {
                    log("afterEach")
                    deferCleanup { log("cleanup of afterEach") }
                }
                afterAll {
                    log("afterAll")
                    deferCleanup { log("cleanup of afterAll") }
                }
            }
            it("after the group") { log("sibling") }
        }
    }

    @Test func cleanupsRunLastInFirstOutAfterTheirElementsEachHooksOrTheGroupsAfterAll() async {
        let run = await runEverywhere(Order())
        #expect(
            run.log == [
                "beforeAll",
                "around <", "beforeEach", "a", "afterEach", "around >",
                "cleanup of afterEach", "cleanup of a 2", "cleanup registered by a cleanup", "cleanup of a 1",
                "cleanup of beforeEach",
                "around <", "beforeEach", "b", "afterEach", "around >", "cleanup of afterEach", "cleanup of beforeEach",
                "afterAll",
                "cleanup of afterAll", "cleanup of beforeAll 2", "cleanup of beforeAll 1",
                "sibling",
            ])
        #expect(run.failures.isEmpty && run.passed == 3)
    }

    struct CleanupOfANestedGroup: Scenario {
        @ExampleBuilder<Call> func content<Call: CallKind>(_ log: Log) -> ExampleGroup<Call> {
            beforeEach {
                log("beforeEach \(ExampleRunner.current!.path[1])")
                deferCleanup { log("cleanup \(ExampleRunner.current!.path[1])") }
            }
            context("inner") {
                it("a") { log("a") }
                it("b") { log("b") }
                afterAll { log("inner afterAll") }
            }
            afterEach { log("afterEach") }
        }
    }

    @Test func aHookAroundANestedGroupHasItsCleanupRunAfterTheWholeGroup() async {
        let run = await runEverywhere(CleanupOfANestedGroup())
        #expect(
            run.log == ["beforeEach inner", "a", "b", "inner afterAll", "afterEach", "cleanup inner"],
            "the cleanup's runner is the hook that registered it")
    }

    struct AfterFailures: Scenario {
        @ExampleBuilder<Call> func content<Call: CallKind>(_ log: Log) -> ExampleGroup<Call> {
            context("beforeAll throws") {
                beforeAll {
                    deferCleanup { log("cleanup of the failed beforeAll") }
                    throw Boom("beforeAll")
                }
                it("never runs") { log("never") }
                afterAll { log("afterAll") }
            }
            context("beforeAll skips") {
                beforeAll {
                    deferCleanup { log("cleanup of the skipped beforeAll") }
                    throw Skip("not here")
                }
                it("never runs") { log("never") }
                afterAll { log("afterAll of a skipped group") }
            }
            context("each") {
                beforeEach {
                    deferCleanup { log("cleanup of beforeEach \(ExampleRunner.current!.path[2])") }
                    if ExampleRunner.current!.path[2] == "beforeEach throws" { throw Boom("beforeEach") }
                    if ExampleRunner.current!.path[2] == "beforeEach skips" { throw Skip("skip in beforeEach") }
                }
                it("beforeEach throws") { log("never") }
                it("beforeEach skips") { log("never") }
                it("throws") {
                    deferCleanup { log("cleanup of the failed example") }
                    throw Boom("example")
                }
                it("skips") {
                    deferCleanup { log("cleanup of the skipped example") }
                    throw Skip("skip in example")
                }
                afterEach { log("afterEach \(ExampleRunner.current!.path[2])") }
            }
        }
    }

    @Test func cleanupsRunWhenTheirElementFailedOrSkippedAfterRegisteringThem() async {
        let run = await runEverywhere(AfterFailures())
        #expect(
            run.log == [
                "afterAll", "cleanup of the failed beforeAll",
                "cleanup of the skipped beforeAll",
                "afterEach beforeEach throws", "cleanup of beforeEach beforeEach throws",
                "cleanup of beforeEach beforeEach skips",
                "afterEach throws", "cleanup of the failed example", "cleanup of beforeEach throws",
                "afterEach skips", "cleanup of the skipped example", "cleanup of beforeEach skips",
            ])
        #expect(
            run.failures == [
                "Spec, beforeAll throws, beforeAll: Boom(beforeAll)",
                "Spec, each, beforeEach throws, beforeEach: Boom(beforeEach)",
                "Spec, each, throws: Boom(example)",
            ])
        #expect(run.failed == 3 && run.skipped == 3 && run.passed == 0)
    }

    struct FailingCleanups: Scenario {
        @ExampleBuilder<Call> func content<Call: CallKind>(_ log: Log) -> ExampleGroup<Call> {
            context("group") {
                beforeAll("open") {
                    deferCleanup { throw Boom("group cleanup") }  // line: group cleanup
                }
                beforeEach {
                    deferCleanup { log("cleanup of beforeEach") }
                }
                it("a") {
                    deferCleanup { log("first cleanup of a") }
                    deferCleanup { throw Boom("cleanup of a") }  // line: failing cleanup
                    deferCleanup { log("last cleanup of a") }
                }
                it("b") {
                    deferCleanup { throw Skip("skip in a cleanup") }
                }
                afterAll { log("afterAll") }
            }
        }
    }

    @Test func anErrorInACleanupFailsWhatRegisteredItAtTheCallAndTheOthersStillRun() async throws {
        let run = await runEverywhere(FailingCleanups())
        #expect(
            run.log == [
                "last cleanup of a", "first cleanup of a", "cleanup of beforeEach", "cleanup of beforeEach", "afterAll",
            ])
        #expect(
            run.failures == ["Spec, group, a: Boom(cleanup of a)", "Spec, group, open: Boom(group cleanup)"])
        #expect(run.skips == ["Spec, group, b: skipped (skip in a cleanup)"])
        #expect(run.failed == 1 && run.passed == 1)

        let report = SpecEngine.run(root { FailingCleanups().content(Log()) as ExampleGroup<SyncCall> })
        try #require(report.failures.count == 2)
        #expect(
            report.failures.map(\.location.line) == [
                SourceLine.marked("failing cleanup"), SourceLine.marked("group cleanup"),
            ])
    }

    @Test func cleanupsReadTheExamplesFreshValuesWhichAreDroppedAfterThem() async {
        struct Reading: Scenario {
            @ExampleBuilder<Call> func content<Call: CallKind>(_ log: Log) -> ExampleGroup<Call> {
                let numbers = Numbers()
                let cart = fresh { Cart(numbers.take(), log: log) }
                beforeEach {
                    cart.value.add("apple")
                    deferCleanup { log("cleanup \(cart.value.id) \(cart.value.items)") }
                }
                it("a") { cart.value.add("pear") }
                it("b") {}
            }
        }
        let run = await runEverywhere(Reading())
        #expect(
            run.log == [
                "make 1", "cleanup 1 [\"apple\", \"pear\"]", "drop 1", "make 2", "cleanup 2 [\"apple\"]", "drop 2",
            ])
    }

    @Test func outsideASpecItIsAnErrorNamingTheCallAtItsLine() {
        let reported = Locked<[String]>([])
        let line = SourceLine.marked("stray cleanup")
        StrayCleanupReport.$current.withValue(
            StrayCleanupReport { misuse, location in reported.withLock { $0.append("\(misuse) @\(location.line)") } }
        ) {
            deferCleanup {}  // line: stray cleanup
        }
        #expect(reported.withLock { $0 } == ["\(DeferCleanupMisuse(problem: .outsideSpec)) @\(line)"])
        #expect(
            String(describing: DeferCleanupMisuse(problem: .outsideSpec))
                == "deferCleanup was called outside a spec, where no example or hook runs, so there is nothing to clean up after; call it in an example or a hook"
        )
    }

    // reaches: DeferCleanupMisuse
    @Test func anAsyncCleanupInASynchronousSpecFailsTheElementThatRegisteredIt() {
        let report = SpecEngine.run(
            root {
                it("registers") {
                    deferCleanup { await Task.yield() }
                }
            })
        #expect(
            report.failures.map(\.description) == [
                "Spec, registers: deferCleanup was given an 'async' cleanup in 'Spec, registers', but a synchronous spec cannot await it; use 'try await spec { … }' in an async test, or make the cleanup synchronous"
            ])
    }

    @Test func anAsyncCleanupIsAwaitedInAnAsynchronousSpec() async {
        let log = Log()
        let report = await SpecEngine.run(
            asyncRoot {
                it("registers") {
                    deferCleanup {
                        await Task.yield()
                        log("async cleanup")
                    }
                    log("example")
                }
                afterEach { log("afterEach") }
            })
        #expect(report.failures.isEmpty)
        #expect(log.entries == ["example", "afterEach", "async cleanup"])
    }

    @Test func aCleanupRegisteredAfterItsElementEndedIsRefusedAndIsThatElementsLateFailure() async throws {
        let log = Log()
        let late = Locked<Task<Void, Never>?>(nil)
        let handedOn = Locked<[String]>([])
        let inbox = FailureInbox { failure in handedOn.withLock { $0.append(failure.description) } }
        let (ended, end) = AsyncStream.makeStream(of: Void.self)
        let report = await SpecEngine.run(
            asyncRoot {
                it("starts a task") {
                    late.withLock {
                        $0 = Task {
                            for await _ in ended { break }
                            deferCleanup { log("never") }
                            log("registered late")
                        }
                    }
                }
            }, inbox: inbox)
        end.yield()
        end.finish()
        #expect(report.failures.isEmpty)
        await late.withLock { $0 }?.value
        #expect(log.entries == ["registered late"])
        #expect(
            handedOn.withLock { $0 } == [
                "Spec, starts a task: deferCleanup was called for 'Spec, starts a task' after it had ended, from a task that outlived it, so the cleanup would never run; register cleanups before the example or hook returns (late: after 'Spec, starts a task' had finished, from a task it started)"
            ])
    }

    @Test func aCleanupIsTeardownItRunsAfterItsElementsTimeLimitExpired() async {
        // The machine kept up when the example registered its cleanup and its cancelled sleep returned
        // within the grace period; otherwise the spec rightly went on without it.
        let (_, (log, report)) = await LimitRung.climb { rung in
            let log = Log()
            let report = await SpecEngine.run(
                asyncRoot {
                    it("hangs", .timeLimit(rung.limit)) {
                        deferCleanup { log("cleanup \(ExampleRunner.current!.description)") }
                        try await Task.sleep(for: patience)
                    }
                })
            return (log, report)
        } keptUp: {
            !LimitRung.leftSomethingBehind($0.1)
        }
        #expect(log.entries == ["cleanup Spec, hangs"])
        #expect(report.failures.count == 1 && report.failedCount == 1)
    }

    @Test func aCleanupRunsInsideTheElementsOwnScopes() async {
        let log = Log()
        let report = await SpecEngine.run(
            asyncRoot {
                it(
                    "scoped",
                    .scoped("hold") { body in
                        log("scope <")
                        try await body()
                        log("scope >")
                    }
                ) {
                    deferCleanup { log("cleanup") }
                }
                afterEach { log("afterEach") }
            })
        #expect(report.failures.isEmpty)
        #expect(log.entries == ["scope <", "afterEach", "cleanup", "scope >"])
    }
}
