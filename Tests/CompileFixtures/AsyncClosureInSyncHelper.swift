// expect-error: here: an 'async' closure needs an asynchronous spec: write 'try await spec { … }' inside an 'async' function (top-level code picks the synchronous 'spec'), or make the helper's call kind 'AsyncCall'
import Rundown

func load() async -> Int { 1 }

@ExampleBuilder<SyncCall>
func helper() -> ExampleGroup<SyncCall> {
    it("awaits") { _ = await load() }  // line: here
}
