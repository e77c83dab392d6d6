// expect-success
import Rundown

func everyExampleForms() throws {
    try spec {
        aroundEach(.everyExample) { run in try run() }
        aroundEach("named", .everyExample, .excluded) { run in try run() }
        beforeEach(.everyExample) {}
        beforeEach("reset", .everyExample) {}
        context("inner") {
            for item in 0..<2 {
                beforeEach("per item", .everyExample) {}
                it("item \(item)") {}
            }
        }
        afterEach(.everyExample) {}
        afterEach("check", .excluded, .everyExample) {}
    }
}

func asyncEveryExampleForms() async throws {
    try await spec {
        aroundEach("transaction", .everyExample) { run in try await run() }
        beforeEach("reset", .everyExample) { await Task.yield() }
        context("inner") { it("x") { await Task.yield() } }
        afterEach(.everyExample) { await Task.yield() }
    }
}
