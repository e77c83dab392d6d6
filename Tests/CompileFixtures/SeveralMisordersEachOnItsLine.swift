// expect-error: 9: 'beforeEach' must come before the examples of its group
// expect-error: 12: 'afterEach' must come before 'afterAll'
// expect-error: 14: 'beforeAll' must come before every other hook and every example of its group
import Rundown

func misordered() throws {
    try spec {
        it("runs") {}
        beforeEach {}
        context("nested") {
            afterAll {}
            afterEach {}
        }
        beforeAll {}
    }
}
