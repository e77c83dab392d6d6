// expect-error: here: an 'async' closure needs an asynchronous spec: write 'try await spec { … }' inside an 'async' function (top-level code picks the synchronous 'spec'), or make the helper's call kind 'AsyncMainCall'
import Rundown

func load() async -> Int { 1 }

@MainActor final class Screen { var title = "" }

@MainActor struct ScreenSpecs: MainActorSuite {
    func synchronousTest() throws {
        let screen = Screen()
        try spec {
            context("titled") {
                it("awaits") { screen.title = "\(await load())" }  // line: here
            }
        }
    }
}
