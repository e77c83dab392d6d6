// expect-error: here: 'afterEach' must come before 'afterAll'
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
