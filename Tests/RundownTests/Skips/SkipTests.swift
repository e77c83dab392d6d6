import Rundown
import RundownEngine
import RundownTestSupport
import Testing
import XCTest

/// Behaviour#Skips-leave-nothing-to-undo and Behaviour#A-skip-is-never-a-failure:
/// a skip says something does not apply, so there is nothing to
/// undo; `XCTSkip` and Rundown's `Skip` behave the same.
@MainActor
@Suite struct SkipTests {
    /// Throws either kind of skip, so each scenario runs once with each.
    enum Kind: CaseIterable {
        case rundown, xctest
        func skip(_ reason: String) -> any Error {
            switch self {
            case .rundown: Skip(reason)
            case .xctest: XCTSkip(reason)
            }
        }
    }

    struct SkipInBeforeAll: Scenario {
        let kind: Kind
        @ExampleBuilder<Call> func content<Call: CallKind>(_ log: Log) -> ExampleGroup<Call> {
            context("on this machine") {
                beforeAll {
                    log("beforeAll")
                    throw kind.skip("no GPU")
                }
                beforeAll { log("second beforeAll") }
                beforeEach { log("beforeEach") }
                it("a") { log("a") }
                context("inner") { it("b") { log("b") } }
                afterEach { log("afterEach") }
                afterAll { log("afterAll") }
            }
            it("elsewhere") { log("elsewhere") }
        }
    }

    @Test(arguments: Kind.allCases)
    func skipInBeforeAllSkipsTheWholeGroupAfterAllIncluded(kind: Kind) async {
        let run = await runEverywhere(SkipInBeforeAll(kind: kind))
        #expect(run.log == ["beforeAll", "elsewhere"])
        #expect(run.failures.isEmpty)
        #expect(run.skips == ["Spec, on this machine: skipped (no GPU)"])
        #expect(run.skipped == 2 && run.passed == 1 && !run.everythingSkipped)
    }

    struct SkipInBeforeEach: Scenario {
        let kind: Kind
        @ExampleBuilder<Call> func content<Call: CallKind>(_ log: Log) -> ExampleGroup<Call> {
            beforeEach {
                log("beforeEach")
                if ExampleRunner.current?.path.dropFirst().first == "a" { throw kind.skip("not today") }
            }
            beforeEach { log("second beforeEach") }
            it("a") { log("a") }
            it("b") { log("b") }
            afterEach { log("afterEach") }
        }
    }

    @Test(arguments: Kind.allCases)
    func skipInBeforeEachSkipsThatElementAfterEachIncluded(kind: Kind) async {
        let run = await runEverywhere(SkipInBeforeEach(kind: kind))
        #expect(run.log == ["beforeEach", "beforeEach", "second beforeEach", "b", "afterEach"])
        #expect(run.failures.isEmpty)
        #expect(run.skips == ["Spec, a: skipped (not today)"])
        #expect(run.skipped == 1 && run.passed == 1)
    }

    struct SkipInExample: Scenario {
        let kind: Kind
        @ExampleBuilder<Call> func content<Call: CallKind>(_ log: Log) -> ExampleGroup<Call> {
            it("a") {
                log("a")
                throw kind.skip("flaky upstream")
            }
            afterEach { log("afterEach") }
            afterAll { log("afterAll") }
        }
    }

    @Test(arguments: Kind.allCases)
    func skipInAnExampleStillRunsItsAfterEach(kind: Kind) async {
        let run = await runEverywhere(SkipInExample(kind: kind))
        #expect(run.log == ["a", "afterEach", "afterAll"])
        #expect(run.failures.isEmpty)
        #expect(run.skips == ["Spec, a: skipped (flaky upstream)"])
        #expect(run.everythingSkipped)
    }

    struct SkipInNestedGroupsBeforeEach: Scenario {
        @ExampleBuilder<Call> func content<Call: CallKind>(_ log: Log) -> ExampleGroup<Call> {
            beforeEach { throw Skip() }
            context("group") {
                it("x") { log("x") }
                it("y") { log("y") }
            }
            afterEach { log("afterEach") }
        }
    }

    @Test func skipBeforeANestedGroupSkipsEveryExampleInIt() async {
        let run = await runEverywhere(SkipInNestedGroupsBeforeEach())
        #expect(run.log.isEmpty)
        #expect(run.skips == ["Spec, group: skipped"])
        #expect(run.skipped == 2 && run.everythingSkipped)
    }

    @Test func aSkipIsLocatedWhereItWasThrownNotAtItsElementOrHook() {
        let report = SpecEngine.run(
            root {
                context("in a hook") {
                    beforeEach {
                        throw Skip("hook")  // line: hook skip
                    }
                    it("b") {}
                }
                it("a") {
                    throw Skip("example")  // line: example skip
                }
            })
        #expect(
            report.skips.map(\.description) == ["Spec, in a hook, b: skipped (hook)", "Spec, a: skipped (example)"])
        #expect(
            report.skips.map(\.location.line) == [SourceLine.marked("hook skip"), SourceLine.marked("example skip")])
    }

    @Test func aSkipSaysWhereItWasThrown() throws {
        let line = SourceLine.marked("why")
        let report = SpecEngine.run(root { it("a") { throw Skip("why") } })  // line: why
        let skip = try #require(report.skips.first)
        #expect(skip.location.line == line)
        #expect(skip.reason == "why")
        #expect(Skip("why").description == "Skipped: why")
        #expect(Skip().description == "Skipped")
    }
}
