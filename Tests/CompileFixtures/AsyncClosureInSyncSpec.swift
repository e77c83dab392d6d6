// expect-error: 7: 'async' call in a function that does not support concurrency
import Rundown

func load() async -> Int { 1 }

func synchronousTest() throws {
    try spec {
        it("awaits") { _ = await load() }
    }
}
