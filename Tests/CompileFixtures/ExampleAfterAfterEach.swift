// expect-error: examples and groups must come before the 'afterEach' and 'afterAll' hooks of their group
import Rundown

func misordered() throws {
    try spec {
        it("runs") {}
        afterEach {}
        context("late") { it("too late") {} }
    }
}
