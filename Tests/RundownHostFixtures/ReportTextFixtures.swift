import Foundation
import Rundown
import Testing

/// Behaviour#Seeded-order: an `#expect` of a spec in a test with the `.specs` trait, under
/// `RUNDOWN_SEED`, carries the seed once, synchronous or not.
@Suite(.fixture(for: "ReportTextOutputTests"), .specs)
struct SeedOnceFixtures {
    @Test func synchronousExpect() throws {
        try spec("Seed once") {
            it("expects") { #expect(1 + 1 == 3) }  // line: seed once sync
        }
    }

    @Test func asynchronousExpect() async throws {
        try await spec("Seed once, async") {
            it("expects") { #expect(1 + 1 == 3) }  // line: seed once async
        }
    }
}
