import RundownEngine
import RundownTestSupport
import Testing

@testable import Rundown

/// Behaviour#Fresh-values with Behaviour#Main-actor-suites: in a `MainActorSuite`, fresh values are made and
/// cleanups run on the main actor, from sync and async specs, and from a test
/// that is not itself on the main actor.
@MainActor
@Suite(.failsWhenCancelled) struct MainActorFreshTests: MainActorSuite {
    @Test func aSynchronousSpecMakesFreshScreensAndCleansUpOnTheMainActor() throws {
        let log = Log()
        try spec("Screens") {
            let screen = fresh { Screen() }
            beforeEach {
                screen.value.title = "ready"
                deferCleanup { log("cleanup \(screen.value.title) main: \(MainActorCheck.isOnMainActor)") }
            }
            it("a") { screen.value.title += " a" }
            it("b") { screen.value.title += " b" }
        }
        #expect(log.entries == ["cleanup ready a main: true", "cleanup ready b main: true"])
    }

    @Test func anAsynchronousSpecDoesTheSame() async throws {
        let log = Log()
        try await spec("Screens") {
            let screen = fresh { Screen() }
            beforeEach {
                screen.value.title = "ready"
                deferCleanup {
                    await Task.yield()
                    log("async cleanup \(screen.value.title)")
                }
                deferCleanup { log("cleanup \(screen.value.title) main: \(MainActorCheck.isOnMainActor)") }
            }
            it("a") {
                await Task.yield()
                screen.value.title += " a"
            }
        }
        #expect(log.entries == ["cleanup ready a main: true", "async cleanup ready a"])
    }
}

/// The same from a test that runs off the main actor: the walk runs there, and
/// still every cleanup written in a main-actor closure runs on the main actor.
@Suite struct OffMainActorFreshTests: MainActorSuite {
    @Test func cleanupsWrittenOnTheMainActorRunThereWhenTheSpecDoesNot() async throws {
        let log = Log()
        try await spec("Screens") {
            let screen = fresh { Screen() }
            beforeEach {
                deferCleanup { log("cleanup main: \(MainActorCheck.isOnMainActor) \(screen.value.title)") }
            }
            it("a") { screen.value.title = "a" }
        }
        #expect(log.entries == ["cleanup main: true a"])
    }

    @Test func aPlainAsyncSpecKeepsTheCallersIsolationForItsCleanups() async throws {
        let log = Log()
        let numbers = Numbers()
        try await spec("Plain") {
            let cart = fresh { Cart(numbers.take()) }
            it("a") {
                cart.value.add("x")
                deferCleanup { log("cleanup \(cart.value.items)") }
            }
        }
        #expect(log.entries == ["cleanup [\"x\"]"])
        #expect(numbers.count == 1)
    }
}
