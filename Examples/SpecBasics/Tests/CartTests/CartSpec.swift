// The cart's spec in Swift Testing: one `@Test` runs the whole tree. The
// `.specs` trait puts each example's path on the issues `#expect` records in
// a synchronous spec (an `async` spec gets them without it).
import Cart
import Rundown
import Testing

@Test(.specs)
func cart() throws {
    try spec("Cart") {
        var cart = Cart()

        context("when empty") {
            beforeEach { cart = Cart() }
            it("holds nothing") { #expect(cart.isEmpty) }
            it("costs nothing") { #expect(cart.total == 0) }
        }

        context("with two teas") {
            // A context is one element of its parent: a beforeEach up there
            // would run once for the whole context, so the setup is here.
            beforeEach {
                cart = Cart()
                cart.add("tea", price: 350, quantity: 2)
            }
            it("counts both") { #expect(cart.count == 2) }
            it("charges for both") { #expect(cart.total == 700) }
            it("adds another tea to the same line") {
                cart.add("tea", price: 350)
                #expect(cart.count == 3)
                #expect(cart.total == 1050)
            }
            it("is empty once the tea is removed") {
                cart.remove("tea")
                #expect(cart.isEmpty)
            }
        }
    }
}
