import Rundown
import Testing

/// What a spec run with no test around it does: it throws its first failure
/// and prints the others. Lines matter: `HostOutputTests` checks them.
@Suite(.fixture(for: "HostOutputTests"))
struct CallerHostFixtures {
    @Test func aSpecOutsideAnyTestThrowsItsFirstFailure() async {
        // A detached task sees no Swift Testing test: the caller host throws.
        let thrown = await Task.detached { () -> String in
            do {
                try spec("Detached") {
                    it("a") {
                        print("ran: a")
                        throw FixtureError()
                    }
                    it("b") {  // line: b
                        print("ran: b")
                        throw FixtureError()
                    }
                    afterAll { print("ran: afterAll") }
                }
                return "nothing"
            } catch {
                return String(describing: error)
            }
        }.value
        print("thrown: \(thrown)")
    }
}
