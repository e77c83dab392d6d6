import Rundown
import RundownTestSupport
import XCTest

@MainActor final class Model {
    var items: [String] = []
}

/// Behaviour#Main-actor-suites for XCTest: a `Rundown.TestCase` subclass that is a
/// `MainActorSuite` and has only synchronous tests is discovered and runs on
/// Linux, and its specs' closures touch main-actor state without `await`.
final class SynchronousMainActorTests: CheckedTestCase, ModelGroups {
    func testClosuresTouchMainActorState() throws {
        let model = MainActor.assumeIsolated { Model() }
        try spec {
            aroundEach { run in
                model.items.append("around")
                try run()
            }
            beforeEach { model.items.append("beforeEach") }
            it("adds") { model.items.append("it") }
        }
        MainActor.assumeIsolated {
            XCTAssertEqual(model.items, ["around", "beforeEach", "it"])
        }
    }

    func testAGroupHelperFromAMainActorProtocol() throws {
        let model = MainActor.assumeIsolated { Model() }
        try spec { itemsGroup(model) }
        MainActor.assumeIsolated {
            XCTAssertEqual(model.items, ["setup", "found"])
        }
    }
}

protocol ModelGroups: MainActorSuite {}

extension ModelGroups {
    @ExampleBuilder<SyncMainCall>
    func itemsGroup(_ model: Model) -> ExampleGroup<SyncMainCall> {
        beforeAll { model.items.append("setup") }
        context("by name") {
            it("finds items") { model.items.append("found") }
        }
    }
}

final class AsynchronousMainActorTests: CheckedTestCase, MainActorSuite {
    func testAnAsyncSpecRunsOnTheMainActor() async throws {
        let model = Model()
        try await spec {
            it("awaits") {
                await Task.yield()
                model.items.append("async")
            }
            it("mixes in sync closures") { model.items.append("sync") }
        }
        let items = await model.items
        XCTAssertEqual(items, ["async", "sync"])
    }
}

/// A main-actor spec in a `Rundown.TestCase` reports like any other: a spec
/// that skipped everything throws nothing, and lets its test go on.
final class MainActorSkipTests: Rundown.TestCase, MainActorSuite {
    func testAMainActorSpecThatSkipsEverythingThrowsNothing() throws {
        let after = MainActor.assumeIsolated { Model() }
        #if canImport(ObjectiveC)
        // Apple's XCTest: the skip cannot be deferred to the test's end (see
        // `Rundown.TestCase.defersSkips`), so the spec throws it at once; caught, the test goes on.
        XCTAssertThrowsError(try spec("Skipped") { it("a") { throw Skip("not here") } }) { error in
            XCTAssertEqual((error as? XCTSkip)?.message, "Skipped: skipped (not here)")
        }
        #else
        do {
            try spec("Skipped") { it("a") { throw Skip("not here") } }
        } catch {
            XCTFail("the spec threw \(error) instead of letting the test go on")
        }
        #endif
        try spec("Runs") { it("b") { after.items.append("b") } }
        MainActor.assumeIsolated { XCTAssertEqual(after.items, ["b"]) }
    }
}

/// Behaviour#Closures-run-where-spec-is-called for XCTest: a `@MainActor` async test method of a plain
/// `Rundown.TestCase` (not a `MainActorSuite`) runs every closure of its spec
/// on the main actor, as the compiler assumed when it let them touch
/// main-actor state without `await`.
final class MainActorMethodTests: Rundown.TestCase {
    @MainActor func testEveryClosureOfAnAsyncSpecRunsOnTheMainActor() async throws {
        let model = Model()
        func note(_ what: String) { model.items.append("\(what): \(Thread.isMainThread ? "main" : "off")") }
        try await spec {
            beforeAll { note("beforeAll") }
            aroundEach { run in
                note("around")
                try await run()
            }
            beforeEach { note("beforeEach") }
            it("sync") { note("sync it") }
            it("async") {
                await Task.yield()
                note("async it")
            }
            afterEach { note("afterEach") }
            afterAll { note("afterAll") }
        }
        XCTAssertEqual(
            model.items,
            [
                "beforeAll: main",
                "around: main", "beforeEach: main", "sync it: main", "afterEach: main",
                "around: main", "beforeEach: main", "async it: main", "afterEach: main",
                "afterAll: main",
            ])
    }
}

/// Failures of a main-actor spec in a `Rundown.TestCase` are recorded against
/// the test, each on its own, as for any spec: none is thrown.
final class MainActorFailureTests: CheckedTestCase, MainActorSuite {
    func testASynchronousMainActorSpecRecordsEachFailureAndThrowsNothing() throws {
        let line = SourceLine.marked("sync loads")
        var thrown: (any Error)?
        let failures = capturingFailures {
            do {
                try spec("Screen") {
                    it("loads") { throw Boom("loads") }  // line: sync loads
                    it("shows") { throw Boom("shows") }  // line: sync shows
                    afterAll("close") { throw Boom("close") }  // line: sync close
                }
            } catch {
                thrown = error
            }
        }
        XCTAssertNil(thrown)
        XCTAssertEqual(
            failures,
            [
                RecordedFailure(message: "Screen, loads: Boom(loads)", file: #filePath, line: line),
                RecordedFailure(
                    message: "Screen, shows: Boom(shows)", file: #filePath, line: SourceLine.marked("sync shows")),
                RecordedFailure(
                    message: "Screen, close: Boom(close)", file: #filePath, line: SourceLine.marked("sync close")),
            ])
    }

    func testAnAsyncMainActorSpecRecordsEachFailureAndThrowsNothing() async throws {
        let line = SourceLine.marked("async loads")
        var thrown: (any Error)?
        let failures = await capturingFailures {
            do {
                try await spec("Screen") {
                    it("loads") {  // line: async loads
                        await Task.yield()
                        throw Boom("loads")
                    }
                    it("shows") { throw Boom("shows") }  // line: async shows
                }
            } catch {
                thrown = error
            }
        }
        XCTAssertNil(thrown)
        XCTAssertEqual(
            failures,
            [
                RecordedFailure(message: "Screen, loads: Boom(loads)", file: #filePath, line: line),
                RecordedFailure(
                    message: "Screen, shows: Boom(shows)", file: #filePath, line: SourceLine.marked("async shows")),
            ])
    }

}
