// expect-error: here: examples and groups must come before the 'afterEach' and 'afterAll' hooks of their group
import Rundown

func misordered() throws {
    try spec {
        describe("outer") {
            context("inner") {
                if #available(macOS 10.15, *) {
                    it("runs") {}
                    afterEach {}
                    context("late") { it("too late") {} }  // line: here
                }
            }
        }
    }
}
