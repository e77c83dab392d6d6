// expect-error: here: 'beforeAll' must come before every other hook and every example of its group
import Rundown

func misordered(count: Int) throws {
    try spec {
        describe("outer") {
            context("middle") {
                context("inner") {
                    switch count {
                    case 0:
                        beforeAll {}
                    default:
                        it("some") {}
                        beforeAll {}  // line: here
                    }
                }
            }
        }
    }
}
