// expect-error: here: only 'afterAll' hooks may follow a helper that returns 'ExampleGroup', which may end with any hook: declare its first and last phase to use it before other elements
import Rundown

// A helper returning ExampleGroup may end with any hook, so only afterAll
// hooks may follow it. The error is on what follows.
@ExampleBuilder<SyncCall>
func sharedExamples() -> ExampleGroup<SyncCall> {
    it("shared") {}
    afterEach {}
}

func misordered() throws {
    try spec {
        describe("outer") {
            context("inner") {
                beforeAll {}
                sharedExamples()
                for _ in 0..<2 { it("b") {} }  // line: here
            }
        }
    }
}
