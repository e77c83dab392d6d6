// expect-success
// Every loop and conditional form, at depth 2, holding hooks and examples,
// nested in each other, in synchronous and asynchronous specs.
import Rundown

enum Kind {
    case small(Int)
    case large
}

func syncForms(flag: Bool, items: [Int], name: String?, kind: Kind) throws {
    try spec {
        describe("outer") {
            context("inner") {
                for _ in items {
                    beforeAll("per item") {}
                }
                if flag { beforeEach("when flagged") {} }
                for item in items {
                    it("item \(item)") {}
                    for other in items where other != item {
                        it("pair \(item), \(other)") {}
                    }
                }
                if flag { it("flag") {} }
                if flag { it("yes") {} } else { context("no") { it("no") {} } }
                if let name { it(name) {} }
                if case .small(let size) = kind { it("small \(size)") {} }
                switch kind {
                case .small(let size): it("small \(size)") {}
                case .large: it("large") {}
                }
                if #available(macOS 10.15, *) { it("available") {} } else { it("unavailable") {} }
                if flag {
                    for item in items { it("flagged \(item)") {} }
                }
                for item in items {
                    if item > 0 { it("positive \(item)") {} } else { it("other \(item)") {} }
                    afterEach("per item") {}
                }
                if flag { afterAll("when flagged") {} }
            }
        }
    }
}

func load() async -> Int { 1 }

func asyncForms(flag: Bool, items: [Int], name: String?, kind: Kind) async throws {
    try await spec {
        describe("outer") {
            context("inner") {
                if flag { aroundEach { run in try await run() } }
                for item in items {
                    it("item \(item)") { _ = await load() }
                }
                if let name { it(name) { _ = await load() } } else { it("nameless") {} }
                switch kind {
                case .small: it("small") { _ = await load() }
                case .large: context("large") { it("large") {} }
                }
                if #available(macOS 10.15, *) { it("available") { _ = await load() } }
                for item in items { afterEach("after \(item)") { _ = await load() } }
            }
        }
    }
}
