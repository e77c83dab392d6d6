// expect-error: 8: cannot pass function of type '() async -> ()' to parameter expecting synchronous function type
import Rundown

func load() async -> Int { 1 }

@ExampleBuilder<SyncCall>
func helper() -> ExampleGroup<SyncCall> {
    it("awaits") { _ = await load() }
}
