// expect-error: here: 'beforeEach' must come before the examples of its group
import Rundown

// A conditional whose elements are in order is itself misplaced after an
// example when it holds a beforeEach: the error is on the `if` line.
func misordered(flag: Bool) throws {
    try spec {
        describe("outer") {
            context("inner") {
                it("runs") {}
                if flag { beforeEach {} }  // line: here
            }
        }
    }
}
