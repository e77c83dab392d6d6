// expect-error: here: examples and groups must come before the 'afterEach' and 'afterAll' hooks of their group
// expect-no-error-mentioning: helper
import Rundown

func misordered(items: [Int]) throws {
    try spec {
        describe("outer") {
            context("inner") {
                for item in items {
                    afterAll {}
                    it("item \(item)") {}  // line: here
                }
            }
        }
    }
}
