import Rundown
import Testing

/// A labelled spec whose examples are the arguments of a parameterized test:
/// `LabelTests` runs it in a child process under `RUNDOWN_LABELS`, since
/// Swift Testing's tags cannot be given to one argument. Each example prints
/// what ran.
let labelledSpec = Spec.synchronous("Orders") {
    describe("storage", .labels("db")) {
        it("saves") { print("ran: saves") }
        it("exports a year", .labels("slow")) { print("ran: exports a year") }
    }
    it("totals") { print("ran: totals") }
    it("renders", .labels("ui", "snapshot")) { print("ran: renders") }
}

@Suite(.fixture(for: "LabelTests"))
struct LabelFixtures {
    @Test(.specs, arguments: labelledSpec.examples)
    func orders(_ example: Spec.Example) throws {
        try example.run()
    }
}
