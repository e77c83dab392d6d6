// expect-error: here: 'afterEach' must come before 'afterAll'
// expect-no-error-mentioning: helper
import Rundown

func misordered(flag: Bool) throws {
    try spec {
        describe("outer") {
            context("inner") {
                it("runs") {}
                if flag {
                    afterAll {}
                    afterEach {}  // line: here
                }
            }
        }
    }
}
