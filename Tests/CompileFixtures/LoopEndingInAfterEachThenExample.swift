// expect-error: here: examples and groups must come before the 'afterEach' and 'afterAll' hooks of their group
import Rundown

// A loop counts as its last element: one that ends with an afterEach hook
// may not be followed by an example. The error is on the example.
func misordered(items: [Int]) throws {
    try spec {
        describe("outer") {
            context("inner") {
                for item in items {
                    it("item \(item)") {}
                    afterEach {}
                }
                it("after the loop") {}  // line: here
            }
        }
    }
}
