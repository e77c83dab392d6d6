/// A shopping cart: items with a price in cents and a quantity.
public struct Cart: Sendable {
    private var lines: [(item: String, price: Int, quantity: Int)] = []

    public init() {}

    public var isEmpty: Bool { lines.isEmpty }

    /// How many things are in the cart, counting each item's quantity.
    public var count: Int { lines.reduce(0) { $0 + $1.quantity } }

    /// The price of everything in the cart, in cents.
    public var total: Int { lines.reduce(0) { $0 + $1.price * $1.quantity } }

    public mutating func add(_ item: String, price: Int, quantity: Int = 1) {
        if let index = lines.firstIndex(where: { $0.item == item }) {
            lines[index].quantity += quantity
        } else {
            lines.append((item, price, quantity))
        }
    }

    public mutating func remove(_ item: String) {
        lines.removeAll { $0.item == item }
    }
}
