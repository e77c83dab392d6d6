import Rundown
import XCTest

@MainActor final class Model {
    var items: [String] = []
}

/// Contract §8 for XCTest: a `Rundown.TestCase` subclass that is a
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

/// Failures of a main-actor spec in a `Rundown.TestCase` are recorded against
/// the test, each on its own, as for any spec: none is thrown.
final class MainActorFailureTests: CheckedTestCase, MainActorSuite {
    func testASynchronousMainActorSpecRecordsEachFailureAndThrowsNothing() throws {
        let line = #line + 5
        var thrown: (any Error)?
        let failures = capturingFailures {
            do {
                try spec("Screen") {
                    it("loads") { throw Boom("loads") }
                    it("shows") { throw Boom("shows") }
                    afterAll("close") { throw Boom("close") }
                }
            } catch {
                thrown = error
            }
        }
        XCTAssertNil(thrown)
        XCTAssertEqual(failures, [
            RecordedFailure(message: "Screen, loads: Boom(loads)", file: #filePath, line: line),
            RecordedFailure(message: "Screen, shows: Boom(shows)", file: #filePath, line: line + 1),
            RecordedFailure(message: "Screen, close: Boom(close)", file: #filePath, line: line + 2),
        ])
    }

    func testAnAsyncMainActorSpecRecordsEachFailureAndThrowsNothing() async throws {
        let line = #line + 5
        var thrown: (any Error)?
        let failures = await capturingFailures {
            do {
                try await spec("Screen") {
                    it("loads") { await Task.yield(); throw Boom("loads") }
                    it("shows") { throw Boom("shows") }
                }
            } catch {
                thrown = error
            }
        }
        XCTAssertNil(thrown)
        XCTAssertEqual(failures, [
            RecordedFailure(message: "Screen, loads: Boom(loads)", file: #filePath, line: line),
            RecordedFailure(message: "Screen, shows: Boom(shows)", file: #filePath, line: line + 1),
        ])
    }

    func testAMainActorSpecWhoseEveryExampleWasSkippedSkipsTheTest() {
        XCTAssertThrowsError(try spec("Skipped") { it("a") { throw Skip("not here") } }) { error in
            XCTAssertEqual((error as? XCTSkip)?.message, "Skipped, a: skipped (not here)")
        }
    }
}
