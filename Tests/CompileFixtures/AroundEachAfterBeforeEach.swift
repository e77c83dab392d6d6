// expect-error: 'aroundEach' must come before 'beforeEach' and the examples of its group
import Rundown

func misordered() throws {
    try spec {
        beforeEach {}
        aroundEach { run in try run() }
        it("runs") {}
    }
}
