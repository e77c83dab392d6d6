// expect-success
import Rundown

func everyOrder(flag: Bool, items: [Int], name: String?) async throws {
    try await spec("All") {
        beforeAll {}
        beforeAll("named") {}
        aroundEach { run in try await run() }
        beforeEach {}
        it("sync") {}
        it("async") { await Task.yield() }
        for item in items {
            beforeEach("per item") {}
            it("item \(item)") {}
        }
        if flag { it("flag") {} } else { context("no flag") { it("x") {} } }
        if let name { it(name) {} }
        switch items.count {
        case 0: it("none") {}
        default: it("some") {}
        }
        if #available(macOS 10.15, *) { it("available") {} }
        afterEach {}
        afterAll {}
    }
}
