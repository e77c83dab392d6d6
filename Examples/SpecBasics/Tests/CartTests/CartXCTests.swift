import Cart
import Rundown
import XCTest

/// The same spec in XCTest: subclass `Rundown.TestCase` and call its `spec`,
/// so that every failure is recorded against this test method, with its path.
final class CartXCTests: Rundown.TestCase {
    func testCart() throws {
        var cart = Cart()
        try spec("Cart") {
            context("when empty") {
                beforeEach { cart = Cart() }
                it("holds nothing") { XCTAssertTrue(cart.isEmpty) }
                it("costs nothing") { XCTAssertEqual(cart.total, 0) }
            }

            context("with two teas") {
                beforeEach {
                    cart = Cart()
                    cart.add("tea", price: 350, quantity: 2)
                }
                it("counts both") { XCTAssertEqual(cart.count, 2) }
                it("charges for both") { XCTAssertEqual(cart.total, 700) }
                it("adds another tea to the same line") {
                    cart.add("tea", price: 350)
                    XCTAssertEqual(cart.count, 3)
                    XCTAssertEqual(cart.total, 1050)
                }
                it("is empty once the tea is removed") {
                    cart.remove("tea")
                    XCTAssertTrue(cart.isEmpty)
                }
            }
        }
    }
}
