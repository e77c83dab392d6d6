// expect-error: 'beforeAll' must come before every other hook and every example of its group
import Rundown

func misordered() throws {
    try spec {
        beforeEach {}
        beforeAll {}
        it("runs") {}
    }
}
