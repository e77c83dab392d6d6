// expect-error: first: 'beforeEach' must come before the examples of its group
// expect-error: second: 'afterEach' must come before 'afterAll'
// expect-error: third: 'beforeAll' must come before every other hook and every example of its group
import Rundown

func misordered() throws {
    try spec {
        it("runs") {}
        beforeEach {}  // line: first
        context("nested") {
            afterAll {}
            afterEach {}  // line: second
        }
        beforeAll {}  // line: third
    }
}
