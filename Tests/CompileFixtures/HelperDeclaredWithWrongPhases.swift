// expect-error: here: cannot convert return expression of type 'Steps<BeforeEachPhase, ExamplesPhase, SyncCall>' to return type 'Examples<SyncCall>'
import Rundown

// A helper's declared phases must be those of its content: one declared to
// hold only examples may not start with a hook. The error, on the opening
// brace, names the phases the content has.
@ExampleBuilder<SyncCall>
func sharedExamples() -> Examples<SyncCall> {  // line: here
    beforeEach {}
    it("shared") {}
}
