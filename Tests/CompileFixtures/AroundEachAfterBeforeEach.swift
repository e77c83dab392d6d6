// expect-error: here: 'aroundEach' must come before 'beforeEach' and the examples of its group
import Rundown

func misordered(flag: Bool) throws {
    try spec {
        describe("outer") {
            context("inner") {
                if flag {
                    it("runs") {}
                } else {
                    beforeEach {}
                    aroundEach { run in try run() }  // line: here
                    it("runs too") {}
                }
            }
        }
    }
}
