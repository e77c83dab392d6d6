import Rundown

/// The code the examples specify.
struct Stack<Element> {
    private var items: [Element] = []
    var top: Element? { items.last }
    var count: Int { items.count }
    mutating func push(_ item: Element) { items.append(item) }
    mutating func pop() -> Element? { items.popLast() }
}

struct Mismatch: Error, CustomStringConvertible {
    var description: String
}

/// A tiny assertion for specs that run outside a test framework.
func check(_ condition: Bool, _ message: @autoclosure () -> String = "check failed") throws {
    if !condition { throw Mismatch(description: message()) }
}

func stackSpec() throws {
    try spec("Stack") {
        var stack = Stack<Int>()

        // A group's beforeEach runs once around each of its elements, and a
        // nested context is one element: per-example setup goes inside the context.
        context("when empty") {
            beforeEach { stack = Stack() }
            it("has no top") { try check(stack.top == nil) }
            it("pops nothing") { try check(stack.pop() == nil) }
        }

        context("after a push") {
            beforeEach {
                stack = Stack()
                stack.push(42)
            }
            it("has the pushed item on top") { try check(stack.top == 42) }
            it("counts it") { try check(stack.count == 1) }
        }
    }
}
