// expect-success
// Forms users reach for: an unnamed excluded hook, a hook named by a
// variable, a builder function passed by name as a group's content, a group
// stored before it is used, an async spec in an async function.
import Rundown

@ExampleBuilder<Call>
func emptyCases<Call: CallKind>() -> ExampleGroup<Call> {
    beforeEach {}
    it("is empty") {}
}

func syncSpec(name: String, optionalName: String?) throws {
    let stored: Examples<SyncCall> = describe("stored") { it("a") {} }
    try spec {
        beforeAll(.excluded) {}
        aroundEach(.excluded) { run in try run() }
        aroundEach(nil, .excluded) { run in try run() }
        beforeEach(.excluded) {}
        beforeEach(HookName(name)) {}
        beforeEach(HookName(optionalName), .excluded) {}
        beforeEach("seed \(name)") {}
        context("when empty", content: emptyCases)
        describe("focused", .focused, content: emptyCases)
        stored
        afterEach(.excluded) {}
        afterAll(.excluded) {}
    }
}

func value() async -> Int { 1 }

func asyncSpec() async throws {
    try await spec {
        aroundEach(.excluded) { run in try await run() }
        context("when empty", content: emptyCases)
        it("awaits") { _ = await value() }
    }
}
