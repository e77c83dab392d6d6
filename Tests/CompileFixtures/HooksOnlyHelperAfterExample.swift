// expect-error: here: 'beforeEach' must come before the examples of its group
import Rundown

// A helper made only of hooks is checked where it is used, like the hooks
// themselves: after an example it would run its beforeEach hooks before that
// example too, so it does not compile.
@ExampleBuilder<Call>
func freshState<Call: CallKind>() -> BeforeEach<Call> {
    beforeEach("reset") {}
    beforeEach("seed") {}
}

func misordered() throws {
    try spec {
        describe("outer") {
            context("inner") {
                it("a") {}
                freshState()  // line: here
            }
        }
    }
}
