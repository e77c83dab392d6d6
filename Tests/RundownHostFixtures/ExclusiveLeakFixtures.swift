// Tasks that outlive the exclusive access they share. `ExclusiveLeakTests`
// runs these with RUNDOWN_TIMEOUT_SCALE=0.05, so a shared hold is broken after
// 0.5 seconds, and checks that each failure is reported at the suite, the
// test or the element, naming it, and not in Rundown's own files.

import Rundown
import Testing

extension SharedResource {
    static let leakGamma = SharedResource("leak gamma")
    static let leakDelta = SharedResource("leak delta")
    static let leakEpsilon = SharedResource("leak epsilon")
}

@Suite(.fixture(for: "ExclusiveLeakTests"), .exclusive(.leakGamma))
struct ExclusiveSuiteLeakFixtures {
    @Test func leavesATaskRunning() {
        Task { try await Task.sleep(for: .seconds(2)) }
    }
}

@Suite(.fixture(for: "ExclusiveLeakTests"))
struct ExclusiveTestLeakFixtures {
    @Test(.exclusive(.leakDelta)) func leavesATaskRunning() {
        Task { try await Task.sleep(for: .seconds(2)) }
    }

    @Test func anElementLeavesATaskRunning() async throws {
        try await spec("Leaky") {
            it("leaves a task running", .exclusive(.leakEpsilon)) {
                Task { try await Task.sleep(for: .seconds(2)) }
            }
        }
    }
}
