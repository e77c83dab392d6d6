import Rundown
import RundownEngine
import Testing

// The smaller code samples of Sources/Rundown/Rundown.docc/MigratingFromQuick.md
// (the complete port is in MigratingFromQuickPort.swift), and README.md's
// `.everyExample` sample (`everyExampleOrder`), compiled and run.
// When a sample changes, change it here too.

/// Shared examples with typed parameters, for synchronous and `async` specs alike.
@ExampleBuilder<Call>
func aCollection<Call: CallKind>(of make: @escaping () -> [Int], count: Int) -> ExampleGroup<Call> {
    it("has \(count) elements") { #expect(make().count == count) }
    it("is empty exactly when its count is zero") { #expect(make().isEmpty == (count == 0)) }
}

/// Shared examples whose closures `await`: only for `async` specs.
@ExampleBuilder<Call>
func aLoadedPage<Call: AsyncCallKind>(_ load: @escaping () async -> [String]) -> ExampleGroup<Call> {
    it("has a title") { #expect(await load().first == "title") }
}

/// What a `QuickConfiguration` added to every spec, as a hook each spec uses.
func resetDefaults<Call: CallKind>(_ defaults: Defaults) -> BeforeEach<Call> {
    beforeEach("reset defaults", .everyExample) { defaults.values = [:] }
}

final class Defaults {
    var values: [String: String] = [:]
}

@Suite struct MigratingFromQuickSamples {
    @Test func everyExampleOrder() throws {
        var log: [String] = []
        try spec("Order") {
            beforeEach("reset", .everyExample) { log.append("reset") }
            beforeEach { log.append("per element") }
            it("a") { log.append("a") }
            context("inner") {
                beforeEach { log.append("inner beforeEach") }
                it("b") { log.append("b") }
                it("c") { log.append("c") }
                afterEach { log.append("inner afterEach") }
            }
            afterEach("check", .everyExample) { log.append("check") }
        }
        #expect(
            log == [
                "reset", "per element", "a", "check",
                "per element",
                "reset", "inner beforeEach", "b", "inner afterEach", "check",
                "reset", "inner beforeEach", "c", "inner afterEach", "check",
            ])
    }

    @Test func sharedExamplesInASynchronousSpec() throws {
        var paths: [String] = []
        try spec("Array") {
            context("a collection") { aCollection(of: { [1, 2] }, count: 2) }
            afterEach(.everyExample) { paths.append(ExampleRunner.current!.description) }
        }
        #expect(
            paths == [
                "Array, a collection, has 2 elements, afterEach",
                "Array, a collection, is empty exactly when its count is zero, afterEach",
            ])
    }

    @Test func sharedExamplesInAnAsyncSpec() async throws {
        try await spec("Page") {
            context("a collection") { aCollection(of: { [] }, count: 0) }
            context("a loaded page") {
                aLoadedPage {
                    await Task.yield()
                    return ["title"]
                }
            }
        }
    }

    @Test func testStateAsEveryExampleHooks() throws {
        var seen: [Int] = []
        try spec("Cart") {
            // Quick: @TestState var cart: ShoppingCart! = ShoppingCart(inventory: Inventory(stock: ["apple": 3]))
            var cart: ShoppingCart!
            beforeEach("cart", .everyExample) { cart = ShoppingCart(inventory: Inventory(stock: ["apple": 3])) }
            context("with an apple") {
                beforeEach(.everyExample) { try cart.add("apple", price: 1) }
                it("counts it") { seen.append(cart.count) }
                context("and another") {
                    beforeEach { try cart.add("apple", price: 1) }
                    it("counts both") { seen.append(cart.count) }
                    it("still counts both") { seen.append(cart.count) }
                }
            }
            afterEach("cart", .everyExample) { cart = nil }
        }
        #expect(seen == [1, 2, 2])
    }

    @Test func configurationHooksAsAFunction() throws {
        let defaults = Defaults()
        try spec("Settings") {
            resetDefaults(defaults)
            it("starts empty") {
                #expect(defaults.values.isEmpty)
                defaults.values["theme"] = "dark"
            }
            context("in a context") {
                it("starts empty too") { #expect(defaults.values.isEmpty) }
            }
        }
    }
}
