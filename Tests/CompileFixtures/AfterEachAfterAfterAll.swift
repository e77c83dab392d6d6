// expect-error: 'afterEach' must come before 'afterAll'
import Rundown

func misordered() throws {
    try spec {
        it("runs") {}
        afterAll {}
        afterEach {}
    }
}
