import Rundown
import RundownTestSupport
import XCTest

/// Behaviour#Fresh-values and Behaviour#Deferred-cleanups for XCTest: fresh values, cleanups and `.everyExample` on a
/// group in `Rundown.TestCase`, their misuses recorded as failures of the test
/// with the path and line.
final class FreshXCTests: CheckedTestCase {
    final class Cart {
        var items: [String] = []
    }

    func testEachExampleGetsItsOwnCartAndCleansUpAfterItsAfterEach() throws {
        let log = Log()
        try spec("Cart") {
            let cart = fresh { Cart() }
            it("starts empty") { XCTAssertEqual(cart.value.items, []) }
            context("with an apple", .everyExample) {
                beforeEach {
                    cart.value.items.append("apple")
                    deferCleanup { log("cleanup \(cart.value.items)") }
                }
                it("holds it") { XCTAssertEqual(cart.value.items, ["apple"]) }
                context("and a pear") {
                    beforeEach { cart.value.items.append("pear") }
                    it("holds both") { XCTAssertEqual(cart.value.items, ["apple", "pear"]) }
                }
                afterEach { log("afterEach \(cart.value.items)") }
            }
        }
        XCTAssertEqual(
            log.entries,
            [
                "afterEach [\"apple\"]", "cleanup [\"apple\"]", "afterEach [\"apple\", \"pear\"]",
                "cleanup [\"apple\", \"pear\"]",
            ])
    }

    func testMisusesAndFailingCleanupsAreFailuresWithThePathAndLine() throws {
        let freshLine = SourceLine.marked("xctest fresh")
        let failures = try capturingFailures {
            try spec("Misuse") {
                let cart = fresh { Cart() }  // line: xctest fresh
                beforeAll("seed") { cart.value.items.append("x") }  // line: xctest seed
                it("cleans up") {
                    deferCleanup { throw Boom("cleanup") }  // line: xctest cleanup
                }
            }
        }
        XCTAssertEqual(
            failures,
            [
                RecordedFailure(
                    message:
                        "Misuse, seed: the fresh value declared at FreshXCTests.swift:\(freshLine) was used in seed, which runs once for its group, not for one example; keep group state in a plain variable declared in the group ('var connection: Connection?'), or read it in an example, its beforeEach, aroundEach or afterEach hooks, or a cleanup they register",
                    file: #filePath, line: SourceLine.marked("xctest seed")),
                RecordedFailure(
                    message: "Misuse, cleans up: Boom(cleanup)", file: #filePath,
                    line: SourceLine.marked("xctest cleanup")),
            ])
    }

    /// A use in a per-element hook around a nested group is recorded as it happens, before the
    /// assertion of the nested example that the value nothing kept broke, and it names the hook's
    /// own group and line as the place for `.everyExample`.
    func testAMisuseAroundANestedGroupIsRecordedBeforeTheFailureItCaused() throws {
        let failures = try capturingFailures {
            try spec("Checkout") {
                let cart = fresh { Cart() }  // line: xctest order fresh
                beforeEach { cart.value.items.append("apple") }  // line: xctest order hook
                context("with a discount") {
                    it("holds the apple") {
                        XCTAssertEqual(cart.value.items, ["apple"])  // line: xctest order assert
                    }
                }
            }
        }
        let file = "FreshXCTests.swift"
        XCTAssertEqual(failures.count, 2, "\(failures)")
        XCTAssertEqual(
            failures.first,
            RecordedFailure(
                message:
                    "Checkout, with a discount, beforeEach: the fresh value declared at \(file):\(SourceLine.marked("xctest order fresh")) was used in beforeEach, which runs once around the nested group 'with a discount', not for each of its examples; give the hook at \(file):\(SourceLine.marked("xctest order hook")), or its group 'Checkout' (the group it is declared in, not 'with a discount'), the '.everyExample' trait, or keep group state in a plain variable",
                file: #filePath, line: SourceLine.marked("xctest order hook")))
        XCTAssertEqual(failures.last?.line, SourceLine.marked("xctest order assert"))
        XCTAssertTrue(
            failures.last?.message.hasPrefix("XCTAssertEqual failed: (\"[]\")")
                == true,
            "\(failures)")
    }

    func testCleanupsRunAfterAnXCTSkipOrAFailedAssertion() throws {
        let log = Log()
        let failures = try capturingFailures {
            try spec("Skips") {
                beforeEach {
                    deferCleanup { log("cleanup of beforeEach") }
                }
                it("skips") {
                    deferCleanup { log("cleanup of the skipped example") }
                    throw XCTSkip("not here")
                }
                it("fails an assertion") {
                    deferCleanup { log("cleanup of the failed example") }
                    XCTFail("checked")  // line: xctest fail
                }
            }
        }
        XCTAssertEqual(
            log.entries,
            [
                "cleanup of the skipped example", "cleanup of beforeEach", "cleanup of the failed example",
                "cleanup of beforeEach",
            ])
        XCTAssertEqual(failures.map(\.line), [SourceLine.marked("xctest fail")], "the skip is no failure")
        XCTAssertEqual(failures.map { $0.message.hasSuffix("checked") }, [true])
    }

    func testAnAsyncSpecAwaitsItsAsyncCleanups() async throws {
        let log = Log()
        try await spec("Async") {
            let cart = fresh { Cart() }
            it("registers") {
                cart.value.items.append("x")
                deferCleanup {
                    await Task.yield()
                    log("async cleanup \(cart.value.items)")
                }
            }
        }
        XCTAssertEqual(log.entries, ["async cleanup [\"x\"]"])
    }

    /// A detached task knows no example: its use of a fresh value, once
    /// dropped silently, is a failure of the spec, at the line of `fresh`.
    func testAUseFromADetachedTaskIsAFailureOfTheSpecAtTheFreshLine() async throws {
        let line = SourceLine.marked("xctest detached fresh")
        let (mayUse, letUse) = AsyncStream.makeStream(of: Void.self)
        let detached = Locked<Task<Void, Never>?>(nil)
        let failures = try await capturingFailures {
            try await spec("Detached") {
                let number = fresh { 0 }  // line: xctest detached fresh
                it("starts a detached task") {
                    detached.withLock {
                        $0 = Task.detached {
                            for await _ in mayUse { break }
                            number.value = number.value + 5
                        }
                    }
                }
                it("lets it use the value") {
                    letUse.yield()
                    letUse.finish()
                    await detached.withLock { $0 }?.value
                    XCTAssertEqual(number.value, 0, "the detached task's set reached no example")
                }
            }
        }
        XCTAssertEqual(
            failures,
            [
                RecordedFailure(
                    message:
                        "Detached: the fresh value declared at FreshXCTests.swift:\(line) was used from a task that no element of the spec started (a detached task), so which example's value it is cannot be known: a read got a new value that nothing keeps, and a value set was lost; read it in the example, or in a task it starts with Task { }, and hand a detached task what it needs",
                    file: #filePath, line: line)
            ])
    }
}

/// The same in a main-actor suite of synchronous XCTest methods.
final class MainActorFreshXCTests: CheckedTestCase, MainActorSuite {
    func testFreshValuesAndCleanupsOnTheMainActor() throws {
        let log = Log()
        try spec {
            let model = fresh { Model() }
            beforeEach {
                model.value.items.append("ready")
                deferCleanup {
                    log("cleanup \(model.value.items) main: \(Thread.isMainThread)")
                }
            }
            it("a") { model.value.items.append("a") }
            it("b") { model.value.items.append("b") }
        }
        XCTAssertEqual(log.entries, ["cleanup [\"ready\", \"a\"] main: true", "cleanup [\"ready\", \"b\"] main: true"])
    }
}
