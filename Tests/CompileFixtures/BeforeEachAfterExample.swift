// expect-error: here: 'beforeEach' must come before the examples of its group
import Rundown

func misordered(items: [Int]) throws {
    try spec {
        describe("outer") {
            context("inner") {
                for item in items {
                    it("item \(item)") {}
                    beforeEach {}  // line: here
                }
            }
        }
    }
}
