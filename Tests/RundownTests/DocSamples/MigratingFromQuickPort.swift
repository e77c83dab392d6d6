import Foundation
import RundownEngine
import RundownTestSupport
import Testing

@testable import Rundown

// The port of a Quick spec in Sources/Rundown/Rundown.docc/MigratingFromQuick.md.
// The code between the "listing" markers below is the article's "after"
// listing, character for character; `theArticleShowsThisPort` checks it.

// MARK: The code under test

enum CartError: Error, Equatable {
    case outOfStock(String)
    case declined
}

final class Inventory {
    var stock: [String: Int]
    init(stock: [String: Int]) { self.stock = stock }
}

struct LineItem: Equatable {
    var name: String
    var price: Int
    var quantity: Int
}

struct Receipt: Equatable {
    var total: Int
}

final class PaymentGateway {
    var declines = false
    private(set) var charges: [Int] = []
    func charge(_ amount: Int) throws {
        if declines { throw CartError.declined }
        charges.append(amount)
    }
}

final class ShoppingCart {
    private(set) var items: [LineItem] = []
    var percentOff = 0
    let inventory: Inventory
    init(inventory: Inventory) { self.inventory = inventory }

    var count: Int { items.reduce(0) { $0 + $1.quantity } }
    var subtotal: Int { items.reduce(0) { $0 + $1.price * $1.quantity } }
    var total: Int { subtotal - subtotal * percentOff / 100 }

    func add(_ name: String, price: Int, quantity: Int = 1) throws {
        let inCart = items.first { $0.name == name }?.quantity ?? 0
        guard inCart + quantity <= inventory.stock[name, default: 0] else { throw CartError.outOfStock(name) }
        if let index = items.firstIndex(where: { $0.name == name }) {
            items[index].quantity += quantity
        } else {
            items.append(LineItem(name: name, price: price, quantity: quantity))
        }
    }

    func remove(_ name: String) { items.removeAll { $0.name == name } }

    func checkout(with gateway: PaymentGateway) throws -> Receipt {
        try gateway.charge(total)
        for item in items { inventory.stock[item.name, default: 0] -= item.quantity }
        defer { items = [] }
        return Receipt(total: total)
    }
}

// MARK: The port

// listing:begin
/// Quick's `Behavior<ShoppingCart>`, as a function: generic over the call
/// kind, so synchronous and `async` specs can both use it.
@ExampleBuilder<Call>
func anEmptyCart<Call: CallKind>(_ cart: @escaping () -> ShoppingCart) -> ExampleGroup<Call> {
    it("has no items") { #expect(cart().items.isEmpty) }
    it("totals zero") { #expect(cart().total == 0) }
}

@Suite struct ShoppingCartSpec {
    @Test func shoppingCart() throws {
        try spec("ShoppingCart", .everyExample) {
            var inventory = Inventory(stock: [:])
            var cart = ShoppingCart(inventory: inventory)
            var gateway = PaymentGateway()

            // Quick runs a beforeEach around every example below it. Here that
            // takes .everyExample, given once to the whole spec above.
            beforeEach("fresh cart") {
                inventory = Inventory(stock: ["apple": 10, "pear": 1])
                cart = ShoppingCart(inventory: inventory)
                gateway = PaymentGateway()
            }

            describe("a new cart") {
                context("an empty cart") { anEmptyCart { cart } }
            }

            describe("adding items") {
                context("when the item is in stock") {
                    beforeEach { try cart.add("apple", price: 50, quantity: 2) }

                    it("counts the quantity") { #expect(cart.count == 2) }
                    it("adds to the subtotal") { #expect(cart.subtotal == 100) }

                    context("and the same item again") {
                        beforeEach { try cart.add("apple", price: 50) }

                        it("merges the lines") { #expect(cart.items.count == 1) }
                        it("counts both") { #expect(cart.count == 3) }
                    }
                }

                context("when the item is out of stock") {
                    it("throws") {
                        #expect(throws: CartError.outOfStock("pear")) {
                            try cart.add("pear", price: 80, quantity: 2)
                        }
                    }
                    it("leaves the cart unchanged") {
                        _ = try? cart.add("pear", price: 80, quantity: 2)
                        #expect(cart.items.isEmpty)
                    }
                }
            }

            describe("removing the last item") {
                beforeEach {
                    try cart.add("apple", price: 50)
                    cart.remove("apple")
                }

                context("an empty cart") { anEmptyCart { cart } }
            }

            describe("a coupon") {
                beforeEach {
                    try cart.add("apple", price: 50, quantity: 4)
                    cart.percentOff = 25
                }

                it("takes its share off the total") { #expect(cart.total == 150) }
                it("leaves the subtotal alone") { #expect(cart.subtotal == 200) }
            }

            describe("checkout") {
                beforeEach("two apples") { try cart.add("apple", price: 50, quantity: 2) }

                context("when the payment goes through") {
                    var receipt: Receipt?
                    beforeEach { receipt = try cart.checkout(with: gateway) }

                    it("charges the total") { #expect(gateway.charges == [100]) }
                    it("returns a receipt") { #expect(receipt == Receipt(total: 100)) }
                    it("takes the items out of stock") { #expect(inventory.stock["apple"] == 8) }

                    context("and the cart afterwards") {
                        context("an empty cart") { anEmptyCart { cart } }
                    }
                }

                context("when the payment is declined") {
                    beforeEach { gateway.declines = true }

                    it("throws") {
                        #expect(throws: CartError.declined) { try cart.checkout(with: gateway) }
                    }
                    it("keeps the items") {
                        _ = try? cart.checkout(with: gateway)
                        #expect(cart.count == 2)
                    }
                }
            }
        }
    }
}
// listing:end

/// Checks that the article shows the port as it is here, and what a literal
/// port, without `.everyExample`, would do instead.
@Suite struct MigratingFromQuickPortTests {
    @Test func theArticleShowsThisPort() throws {
        let here = URL(fileURLWithPath: #filePath)
        let source = try String(contentsOf: here, encoding: .utf8)
        let article = try String(
            contentsOf: PackageRoot.of().appendingPathComponent("Sources/Rundown/Rundown.docc/MigratingFromQuick.md"),
            encoding: .utf8
        )
        let listing = try #require(Self.between("// listing:begin\n", "// listing:end\n", in: source))
        let shown = try #require(Self.between("<!-- port:begin -->\n```swift\n", "```\n<!-- port:end -->", in: article))
        #expect(
            shown == "import Rundown\nimport Testing\n\n" + listing,
            "the article's listing differs from the test; copy the test's listing into the article")
    }

    /// The trap `.everyExample` closes: ported literally, the spec compiles and
    /// the examples of a nested context share one setup.
    @Test func aLiteralPortSharesOneSetupAcrossANestedContext() {
        let literal = Log()
        let ported = Log()
        for content in [Self.addingItems(literal), Self.addingItemsEveryExample(ported)] {
            let root = GroupNode(description: "ShoppingCart", location: scenarioLocation, content: content.content)
            let report = SpecEngine.run(root, recognizers: []) { _ in }
            #expect(report.failures.isEmpty && report.passedCount == 3)
        }
        // Quick: a fresh cart with two apples for each example, then one more in the inner context.
        #expect(ported.entries == ["counts the quantity: 2", "counts both: 3", "counts both again: 3"])
        // Literal: one fresh cart and one "two apples" around the whole inner context.
        #expect(literal.entries == ["counts the quantity: 2", "counts both: 5", "counts both again: 6"])
    }

    @ExampleBuilder<SyncCall>
    static func addingItems(_ log: Log) -> ExampleGroup<SyncCall> {
        var cart = ShoppingCart(inventory: Inventory(stock: [:]))
        beforeEach("fresh cart") { cart = ShoppingCart(inventory: Inventory(stock: ["apple": 10])) }
        context("when the item is in stock") {
            beforeEach { try cart.add("apple", price: 50, quantity: 2) }
            it("counts the quantity") { log("counts the quantity: \(cart.count)") }
            context("and the same item again") {
                beforeEach { try cart.add("apple", price: 50) }
                it("counts both") { log("counts both: \(cart.count)") }
                it("counts both again") { log("counts both again: \(cart.count)") }
            }
        }
    }

    @ExampleBuilder<SyncCall>
    static func addingItemsEveryExample(_ log: Log) -> ExampleGroup<SyncCall> {
        var cart = ShoppingCart(inventory: Inventory(stock: [:]))
        beforeEach("fresh cart", .everyExample) { cart = ShoppingCart(inventory: Inventory(stock: ["apple": 10])) }
        context("when the item is in stock") {
            beforeEach(.everyExample) { try cart.add("apple", price: 50, quantity: 2) }
            it("counts the quantity") { log("counts the quantity: \(cart.count)") }
            context("and the same item again") {
                beforeEach { try cart.add("apple", price: 50) }
                it("counts both") { log("counts both: \(cart.count)") }
                it("counts both again") { log("counts both again: \(cart.count)") }
            }
        }
    }

    static func between(_ start: String, _ end: String, in text: String) -> String? {
        guard let from = text.range(of: start), let to = text.range(of: end, range: from.upperBound..<text.endIndex)
        else { return nil }
        return String(text[from.upperBound..<to.lowerBound])
    }
}
