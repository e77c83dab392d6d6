// Fixtures that `TwinExampleOutputTests` runs in a child process: two
// examples of one `Spec` that share a path, given as the arguments of one
// parameterized test, one of them failing. (This comment stands apart from
// the suite because Swift Testing prints the comments above a failed suite.)

import Rundown
import Testing

let twinCases = Spec.synchronous("Twin cases") {
    it("same") { print("ran: first") }
    it("same") {  // the failing twin
        print("ran: second")
        throw FixtureError()
    }
}

@Suite(.fixture(for: "TwinExampleOutputTests"))
struct TwinExampleFixtures {
    @Test(arguments: twinCases.examples)
    func twins(_ example: Spec.Example) throws {
        try example.run()
    }
}
