// expect-error: 10: 'it' declares nothing here: write it directly in a 'spec', 'describe' or 'context' closure, not inside an example's body
// expect-error: 13: 'beforeEach' declares nothing here: hooks belong directly in a 'spec', 'describe' or 'context' closure, before its examples, not inside an example's body
// expect-error: 16: 'context' declares nothing here: write it directly in a 'spec', 'describe' or 'context' closure, not inside an example's body
// expect-error: 20: 'aroundEach' declares nothing here: hooks belong directly in a 'spec', 'describe' or 'context' closure, before its examples, not inside an example's body
import Rundown

func quickHabits() async throws {
    try await spec {
        it("outer") {
            it("inner") {}
        }
        it("resets") {
            beforeEach("reset", .everyExample) {}
        }
        it("groups") {
            context("deeper") { it("x") { await Task.yield() } }
        }
        describe("a group") {
            it("wraps") {
                aroundEach { run in try await run() }
            }
        }
    }
}
