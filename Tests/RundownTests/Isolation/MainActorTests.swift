import RundownEngine
import RundownTestSupport
import Testing

@testable import Rundown

/// State only the main actor may touch.
@MainActor final class Screen {
    var title = ""
    var log: [String] = []
}

/// Behaviour#Main-actor-suites: in a `MainActorSuite`, the same DSL builds main-actor specs.
@MainActor
@Suite(.failsWhenCancelled) struct MainActorSpecTests: MainActorSuite {
    @Test func aSynchronousSpecTouchesMainActorStateWithoutAwait() throws {
        let screen = Screen()
        try spec("Screen") {
            beforeAll { screen.log.append("beforeAll") }
            aroundEach { run in
                screen.log.append("around")
                try run()
            }
            beforeEach { screen.title = "ready" }
            it("is on the main thread") {
                screen.log.append("main actor: \(MainActorCheck.isOnMainActor)")
            }
            context("inside a group") {
                it("sees the title") { screen.log.append(screen.title) }
            }
            afterAll { screen.log.append(ExampleRunner.current!.description) }
        }
        #expect(screen.log == ["beforeAll", "around", "main actor: true", "around", "ready", "Screen, afterAll"])
    }

    @Test func aSynchronousSpecRecordsEachFailureAndThrowsNothing() {
        let recorded = Log()
        let line = SourceLine.marked("sync loads")
        var thrown: (any Error)?
        withKnownIssue {
            do {
                try spec("Screen") {
                    it("loads") { throw Boom("loads") }  // line: sync loads
                    it("shows") { throw Boom("shows") }  // line: sync shows
                }
            } catch {
                thrown = error
            }
        } matching: { issue in
            recorded(
                "\(issue.comments.map(\.rawValue)): \(issue.error.map { String(describing: $0) } ?? "no error") @\(issue.sourceLocation?.line ?? 0)"
            )
            return true
        }
        #expect(thrown == nil)
        #expect(
            recorded.entries == [
                #"["Screen, loads"]: Boom(loads) @\#(line)"#,
                #"["Screen, shows"]: Boom(shows) @\#(SourceLine.marked("sync shows"))"#,
            ])
    }

    @Test func anAsyncSpecTouchesMainActorStateWithoutAwait() async throws {
        let screen = Screen()
        try await spec("Screen") {
            aroundEach { run in
                screen.log.append("around")
                try await run()
            }
            beforeEach { screen.title = "ready" }
            it("awaits and stays on the main actor") {
                await Task.yield()
                screen.log.append("\(screen.title) \(MainActorCheck.isOnMainActor)")
            }
            it("mixes in synchronous closures") { screen.log.append("sync") }
        }
        #expect(screen.log == ["around", "ready true", "around", "sync"])
    }
}

/// A main-actor suite whose tests are not themselves on the main actor.
@Suite(.failsWhenCancelled) struct NonisolatedMainActorSpecTests: MainActorSuite {
    @Test func anAsyncSpecRunsItsClosuresOnTheMainActor() async throws {
        let screen = Screen()
        try await spec {
            it("runs on the main actor") {
                screen.title = "set"
                screen.log.append("main actor: \(MainActorCheck.isOnMainActor)")
            }
        }
        let log = await screen.log
        #expect(log == ["main actor: true"])
    }

    @Test func anAsyncSpecRecordsEachFailureAndThrowsNothing() async {
        let recorded = Log()
        let line = SourceLine.marked("async loads")
        var thrown: (any Error)?
        await withKnownIssue {
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
        } matching: { issue in
            recorded(
                "\(issue.comments.map(\.rawValue)): \(issue.error.map { String(describing: $0) } ?? "no error") @\(issue.sourceLocation?.line ?? 0)"
            )
            return true
        }
        #expect(thrown == nil)
        #expect(
            recorded.entries == [
                #"["Screen, loads"]: Boom(loads) @\#(line)"#,
                #"["Screen, shows"]: Boom(shows) @\#(SourceLine.marked("async shows"))"#,
            ])
    }

    // reaches: MainActorSpecOffMainThread
    @Test func aSynchronousSpecOffTheMainThreadIsAClearFailure() throws {
        try #require(!MainActorCheck.isOnMainActor, "Swift Testing ran this synchronous test on the main actor")
        let log = Log()
        // Outside `#expect`: a call inside a macro's argument would get the macro's line as its `#line`.
        let thrown = Result { try spec { it("x") { log("ran") } } }  // line: off main spec
        let error = #expect(throws: MainActorSpecOffMainThread.self) { try thrown.get() }
        #expect(log.entries.isEmpty)
        #expect(
            error?.description
                == "A synchronous main-actor spec must start on the main thread: mark the test '@MainActor', or make it 'async' and use 'try await spec'."
        )
        #expect(error?.location?.line == SourceLine.marked("off main spec"))
    }
}

extension NonisolatedMainActorSpecTests {
    @ExampleBuilder<SyncMainCall>
    func mainActorGroup() -> ExampleGroup<SyncMainCall> {
        aroundEach { run in try run() }
        it("a") {}
    }

    @Test func aMainActorTreeRunOffTheMainActorFailsInsteadOfTrapping() throws {
        try #require(!MainActorCheck.isOnMainActor, "Swift Testing ran this synchronous test on the main actor")
        let report = SpecEngine.run(
            GroupNode(description: "Spec", location: scenarioLocation, content: mainActorGroup().content))
        #expect(
            report.failures.map(\.description) == [
                "Spec, a, aroundEach: A synchronous main-actor spec must start on the main thread: mark the test '@MainActor', or make it 'async' and use 'try await spec'."
            ])
    }
}

/// Helpers for main-actor specs live in an extension of a protocol that refines `MainActorSuite`.
protocol ScreenGroups: MainActorSuite {}

extension ScreenGroups {
    @ExampleBuilder<SyncMainCall>
    func titleGroup(_ screen: Screen) -> ExampleGroup<SyncMainCall> {
        beforeAll { screen.title = "from helper" }
        context("by title") {
            it("finds it") { screen.log.append(screen.title) }
        }
    }
}

@MainActor
@Suite(.failsWhenCancelled) struct MainActorHelperTests: ScreenGroups {
    @Test func aProtocolExtensionHelperBuildsPartOfAMainActorSpec() throws {
        let screen = Screen()
        try spec { titleGroup(screen) }
        #expect(screen.log == ["from helper"])
    }
}
