// expect-error: 11: an 'async' closure needs an asynchronous spec: write 'try await spec { … }' inside an 'async' function (top-level code picks the synchronous 'spec'), or make the helper's call kind 'AsyncCall'
// expect-error: 12: an 'async' closure needs an asynchronous spec: write 'try await spec { … }' inside an 'async' function (top-level code picks the synchronous 'spec'), or make the helper's call kind 'AsyncCall'
import Rundown

func load() async -> Int { 1 }

func synchronousTest(flag: Bool) throws {
    try spec {
        describe("outer") {
            if flag {
                aroundEach { run in try await run() }
                beforeEach { _ = await load() }
                it("runs") {}
            }
        }
    }
}
