// expect-error: first: 'it' declares nothing here: in a test, write it inside 'try spec { ... }' ('try await spec { ... }' in an async test); in a spec, write it directly in a 'spec', 'describe' or 'context' closure, not inside an example's body
// expect-error: second: 'beforeEach' declares nothing here: in a test, write it inside 'try spec { ... }' ('try await spec { ... }' in an async test); in a spec, hooks belong directly in a 'spec', 'describe' or 'context' closure, before its examples, not inside an example's body
// expect-error: third: 'context' declares nothing here: in a test, write it inside 'try spec { ... }' ('try await spec { ... }' in an async test); in a spec, write it directly in a 'spec', 'describe' or 'context' closure, not inside an example's body
// expect-error: fourth: 'aroundEach' declares nothing here: in a test, write it inside 'try spec { ... }' ('try await spec { ... }' in an async test); in a spec, hooks belong directly in a 'spec', 'describe' or 'context' closure, before its examples, not inside an example's body
import Rundown

func quickHabits() async throws {
    try await spec {
        it("outer") {
            it("inner") {}  // line: first
        }
        it("resets") {
            beforeEach("reset", .everyExample) {}  // line: second
        }
        it("groups") {
            context("deeper") { it("x") { await Task.yield() } }  // line: third
        }
        describe("a group") {
            it("wraps") {
                aroundEach { run in try await run() }  // line: fourth
            }
        }
    }
}
