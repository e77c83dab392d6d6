// expect-error: 'beforeEach' must come before the examples of its group
import Rundown

func misordered() throws {
    try spec {
        it("runs") {}
        beforeEach {}
    }
}
