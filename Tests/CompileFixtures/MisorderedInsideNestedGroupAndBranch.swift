// expect-error: 'beforeEach' must come before the examples of its group
import Rundown

func misordered(flag: Bool) async throws {
    try await spec {
        describe("outer") {
            context("inner") {
                if flag {
                    it("runs") {}
                    beforeEach {}
                }
            }
        }
    }
}
