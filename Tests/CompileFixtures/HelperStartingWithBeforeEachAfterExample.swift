// expect-error: here: 'beforeEach' must come before the examples of its group
import Rundown

// A helper is checked where it is used by its first and last phase, like the
// same code written inline: one that starts with a beforeEach may not follow
// an example. The error is on the helper's line.
@ExampleBuilder<Call>
func sharedExamples<Call: CallKind>() -> Steps<BeforeEachPhase, ExamplesPhase, Call> {
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
