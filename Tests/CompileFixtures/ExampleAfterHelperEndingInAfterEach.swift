// expect-error: here: examples and groups must come before the 'afterEach' and 'afterAll' hooks of their group
import Rundown

// A helper counts as its last phase for what follows it: an example may not
// follow a helper that ends with an afterEach, nor a conditional holding one.
// The error is on the conditional.
@ExampleBuilder<Call>
func sharedExamples<Call: CallKind>() -> Steps<ExamplesPhase, AfterEachPhase, Call> {
    it("shared") {}
    afterEach {}
}

func misordered() throws {
    try spec {
        describe("outer") {
            context("inner") {
                sharedExamples()
                if true {  // line: here
                    it("b") {}
                }
            }
        }
    }
}
