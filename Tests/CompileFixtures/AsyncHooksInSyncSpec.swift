// expect-error: first: an 'async' closure needs an asynchronous spec: write 'try await spec { … }' inside an 'async' function (top-level code picks the synchronous 'spec'), or make the helper's call kind 'AsyncCall'
// expect-error: second: an 'async' closure needs an asynchronous spec: write 'try await spec { … }' inside an 'async' function (top-level code picks the synchronous 'spec'), or make the helper's call kind 'AsyncCall'
import Rundown

func load() async -> Int { 1 }

func synchronousTest(flag: Bool) throws {
    try spec {
        describe("outer") {
            if flag {
                aroundEach { run in try await run() }  // line: first
                beforeEach { _ = await load() }  // line: second
                it("runs") {}
            }
        }
    }
}
