// A spec nested far deeper than Rundown allows: without the limit, building it
// overflowed the stack and crashed the process (at about 3,200 levels in a
// debug build, 15,000 in release). `NestingDepthTests` checks that the process
// now reports one failure per spec and ends normally.

import Rundown
import Testing

@Suite(.fixture(for: "NestingDepthTests"))
struct NestingDepthFixtures {
    @Test func aSynchronousSpecNestedTwentyThousandGroupsDeep() throws {
        try spec("Deep") { syncGroups(nested: 20_000) }
    }

    @Test func anAsynchronousSpecNestedTwentyThousandGroupsDeep() async throws {
        try await spec("Deep") { asyncGroups(nested: 20_000) }
    }
}

@ExampleBuilder<SyncCall>
private func syncGroups(nested levels: Int) -> ExampleGroup<SyncCall> {
    if levels == 0 {
        it("leaf") {}
    } else {
        describe("level \(levels)") { syncGroups(nested: levels - 1) }  // line: sync level
    }
}

@ExampleBuilder<AsyncCall>
private func asyncGroups(nested levels: Int) -> ExampleGroup<AsyncCall> {
    aroundEach { run in try await run() }
    if levels == 0 {
        it("leaf") { await Task.yield() }
    } else {
        describe("level \(levels)") { asyncGroups(nested: levels - 1) }  // line: async level
    }
}
