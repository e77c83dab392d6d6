// expect-error: here: 'beforeAll' must come before every other hook and every example of its group
import Rundown

func misordered(items: [Int]) throws {
    try spec {
        describe("outer") {
            context("inner") {
                for item in items {
                    aroundEach { run in try run() }
                    beforeAll {}  // line: here
                    it("item \(item)") {}
                }
            }
        }
    }
}
