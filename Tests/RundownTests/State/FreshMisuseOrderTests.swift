import RundownEngine
import RundownTestSupport
import Testing

@testable import Rundown

/// Behaviour#Fresh-values: a fresh value read in a per-element each-hook that runs once around a
/// nested group is reported as it happens, before the failures of that group's examples, which
/// the value nothing kept may cause; and it names the group whose hook it is, with the hook's
/// line, as the one to give `.everyExample`, not the nested group it runs around.
@Suite struct FreshMisuseOrderTests {
    /// What the misuse says, for a hook of the group `hookGroup` declared on the line marked
    /// `hook`, running around the nested group `nested`, of the value declared on the line marked `fresh`.
    static func misuse(
        fresh: String, hook: String, hookGroup: String, nested: String, hookName: String = "beforeEach"
    ) -> String {
        let file = "FreshMisuseOrderTests.swift"
        return "the fresh value declared at \(file):\(SourceLine.marked(fresh)) was used in \(hookName), "
            + "which runs once around the nested group '\(nested)', not for each of its examples; give the hook at "
            + "\(file):\(SourceLine.marked(hook)), or its group '\(hookGroup)' (the group it is declared in, not "
            + "'\(nested)'), the '.everyExample' trait, or keep group state in a plain variable"
    }

    struct DiscountedCart: Scenario {
        @ExampleBuilder<Call> func content<Call: CallKind>(_ log: Log) -> ExampleGroup<Call> {
            let cart = fresh { Cart(1, log: log) }  // line: order fresh
            describe("checkout") {
                beforeEach { cart.value.add("apple") }  // line: order hook
                context("with a discount") {
                    it("holds the apple") {
                        if cart.value.items != ["apple"] { throw Boom("no apple") }
                    }
                }
            }
        }
    }

    @Test func withNoHostTheMisuseIsReportedBeforeTheFailureItCaused() async {
        let run = await runEverywhere(DiscountedCart())
        #expect(
            run.failures == [
                "Spec, checkout, with a discount, beforeEach: "
                    + Self.misuse(
                        fresh: "order fresh", hook: "order hook", hookGroup: "checkout", nested: "with a discount"),
                "Spec, checkout, with a discount, holds the apple: Boom(no apple)",
            ])
    }

    @Test func underSwiftTestingTheMisuseIsRecordedBeforeTheExpectationItBroke() async throws {
        let issues = try await runCapturingIssues {
            try await spec("Checkout") {
                let cart = fresh { Cart() }  // line: testing fresh
                beforeEach { cart.value.add("apple") }  // line: testing hook
                context("with a discount") {
                    it("holds the apple") {
                        #expect(cart.value.items == ["apple"])  // line: testing expect
                    }
                }
            }
        }
        try #require(issues.errors.count == 2, "\(issues.errors)")
        let misuse = Self.misuse(
            fresh: "testing fresh", hook: "testing hook", hookGroup: "Checkout", nested: "with a discount")
        #expect(issues.errors[0] == "Caught error: \(misuse) | Checkout, with a discount, beforeEach")
        #expect(issues.errors[1].hasPrefix("Expectation failed: (cart.value.items → []) == [\"apple\"]"))
        #expect(
            issues.failureLocations == [
                "RundownTests/FreshMisuseOrderTests.swift:\(SourceLine.marked("testing hook"))",
                "RundownTests/FreshMisuseOrderTests.swift:\(SourceLine.marked("testing expect"))",
            ])
    }

    @Test func anAroundEachIsReportedWhenItCallsItsBody() async throws {
        let issues = try await runCapturingIssues {
            try await spec("Checkout") {
                let cart = fresh { Cart() }  // line: around fresh
                aroundEach { body in  // line: around hook
                    cart.value.add("apple")
                    try await body()
                }
                context("with a discount") {
                    it("holds the apple") {
                        #expect(cart.value.items == ["apple"])  // line: around expect
                    }
                }
            }
        }
        try #require(issues.errors.count == 2, "\(issues.errors)")
        let misuse = Self.misuse(
            fresh: "around fresh", hook: "around hook", hookGroup: "Checkout", nested: "with a discount",
            hookName: "aroundEach")
        #expect(issues.errors[0] == "Caught error: \(misuse) | Checkout, with a discount, aroundEach")
        #expect(issues.errors[1].hasPrefix("Expectation failed: (cart.value.items → []) == [\"apple\"]"))
        #expect(
            issues.failureLocations == [
                "RundownTests/FreshMisuseOrderTests.swift:\(SourceLine.marked("around hook"))",
                "RundownTests/FreshMisuseOrderTests.swift:\(SourceLine.marked("around expect"))",
            ])
    }
}
