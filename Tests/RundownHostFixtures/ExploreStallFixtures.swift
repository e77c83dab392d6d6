// Explorations whose body waits for a controlled task before it calls `finish()`, so the task is
// never let go: `ExploreStallOutputTests` checks that each fails at the step deadline, naming the
// task kept waiting, instead of hanging the test process (both once hung it forever).

import Foundation
import Rundown
import Testing
import XCTest

/// A flag one task sets and another polls; `@unchecked Sendable` is sound because `value` is only
/// touched under `lock`.
private final class StallFlag: @unchecked Sendable {
    private let lock = NSLock()
    private var value = false

    var isSet: Bool { lock.withLock { value } }

    func set() {
        lock.withLock { value = true }
    }
}

/// The body waits for the end of a stream the controlled task would finish.
private func waitForAStream() async throws {
    try await explore(stepTimeout: .seconds(1)) { schedule in
        let (stream, continuation) = AsyncStream<Void>.makeStream()
        schedule.start("producer") { continuation.finish() }
        for await _ in stream {}
        try await schedule.finish()
    }
}

/// The body polls a flag the controlled task would set.
private func pollAFlag() async throws {
    try await explore(stepTimeout: .seconds(1)) { schedule in
        let flag = StallFlag()
        schedule.start("setter") { flag.set() }
        while !flag.isSet { try await Task.sleep(for: .milliseconds(1)) }
        try await schedule.finish()
    }
}

@Suite(.fixture(for: "ExploreStallOutputTests"), .serialized)
struct ExploreStallSwiftTestingFixtures {
    @Test func bodyWaitsForAStream() async throws {
        try await waitForAStream()
    }

    @Test func bodyPollsAFlag() async throws {
        try await pollAFlag()
    }
}

final class ExploreStallXCTestFixtures: XCTestCase {
    override func setUpWithError() throws {
        try skipUnlessFixturesRun(for: "ExploreStallOutputTests")
    }

    func testBodyWaitsForAStream() async throws {
        try await waitForAStream()
    }

    func testBodyPollsAFlag() async throws {
        try await pollAFlag()
    }
}
