// expect-error: here: and so must a helper that returns 'ExampleGroup'; to use such a helper later, declare its first and last phase
import Rundown

// A helper returning ExampleGroup may hold any hook, so it is a group's whole
// content: it may not follow an example (or any hook but beforeAll).
@ExampleBuilder<SyncCall>
func sharedExamples() -> ExampleGroup<SyncCall> {
    beforeEach {}
    it("shared") {}
}

func misordered() throws {
    try spec {
        describe("outer") {
            context("inner") {
                it("a") {}
                sharedExamples()  // line: here
            }
        }
    }
}
