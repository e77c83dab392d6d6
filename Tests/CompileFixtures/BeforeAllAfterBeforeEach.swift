// expect-error: here: 'beforeAll' must come before every other hook and every example of its group
import Rundown

func misordered(flag: Bool) async throws {
    try await spec {
        describe("outer") {
            context("inner") {
                if flag {
                    beforeEach {}
                    beforeAll {}  // line: here
                    it("runs") { await Task.yield() }
                }
            }
        }
    }
}
