// expect-error: here: 'aroundEach' must come before 'beforeEach' and the examples of its group
import Rundown

func misordered(name: String?) async throws {
    try await spec {
        describe("outer") {
            context("inner") {
                if let name {
                    it(name) {}
                    aroundEach { run in try await run() }  // line: here
                }
            }
        }
    }
}
