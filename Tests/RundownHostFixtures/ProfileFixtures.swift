// Fixtures of `RUNDOWN_PROFILE` that `ProfileOutputTests` runs in child
// processes: one spec of five examples, three of them slow by margins a busy
// machine does not reorder, run under XCTest and under Swift Testing. Lines
// matter: the test finds them by their `// line:` marks.

import Foundation
import Rundown
import Testing
import XCTest

func profiledSpec() throws {
    try spec("Profiled") {  // line: profiled spec
        it("quick") {}
        it("slowest") { Thread.sleep(forTimeInterval: 1.2) }  // line: slowest
        describe("slow group") {  // line: slow group
            it("slower") { Thread.sleep(forTimeInterval: 0.8) }  // line: slower
            it("slow") { Thread.sleep(forTimeInterval: 0.4) }  // line: slow
        }
        it("quick too") {}
    }
}

final class ProfileFixtures: Rundown.TestCase {
    override func setUpWithError() throws {
        try skipUnlessFixturesRun(for: "ProfileOutputTests")
    }

    func testProfiled() throws {
        try profiledSpec()
    }
}

@Suite(.fixture(for: "ProfileOutputTests"))
struct ProfileSwiftTestingFixtures {
    @Test func profiled() throws {
        try profiledSpec()
    }
}
