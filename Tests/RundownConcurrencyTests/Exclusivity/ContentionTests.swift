#if canImport(Testing)
import RundownTestSupport
import Testing
@testable import RundownConcurrency

/// Behaviour#Exclusive-elements (for suites and tests) and Behaviour#AsyncLock-serves-in-arrival-order.
///
/// Reproduction (a) of the original flake: two suites that use one resource, run in parallel.
///
/// Each "suite" below is the work a suite would do, started as its own task and wrapped in exactly
/// what Swift Testing wraps it in: either nothing, or `ExclusiveTrait.provideScope`. A gate holds
/// the first suite at a suspension point, which is where the real flake struck.
@Suite("Two suites contending for one resource", .timeLimit(.minutes(1)))
struct ContentionTests {
    /// What one hosted-window suite does: take over the resource, suspend, use it, let go.
    private static func suiteBody(_ name: String, detector: OverlapDetector, gate: Gate) async throws {
        detector.enter(name)
        defer { detector.leave() }
        try await gate.arrive()
    }

    @Test("without the trait the second suite walks in while the first is suspended")
    func withoutTheTraitSuitesOverlap() async throws {
        let detector = OverlapDetector()
        let suspension = Gate("suite await point", kind: .reusable, timeout: patience)

        async let suiteA: Void = Self.suiteBody("A", detector: detector, gate: suspension)
        async let suiteB: Void = Self.suiteBody("B", detector: detector, gate: suspension)
        // Nothing stops B from entering while A is parked: both reach the gate.
        try await suspension.waitUntilParked(count: 2)
        suspension.open()
        _ = try await (suiteA, suiteB)

        #expect(detector.maximumOverlap == 2, "the naive version must show the race")
    }

    @Test("with the trait the second suite waits until the first has finished")
    func withTheTraitSuitesDoNotOverlap() async throws {
        let detector = OverlapDetector()
        let suspension = Gate("suite await point", kind: .reusable, timeout: patience)
        // A resource of its own, so the real contending suites below cannot disturb the counts.
        let window = SharedResource("simulated host window")
        let trait = ExclusiveTrait(resources: [window])
        let test = try #require(Test.current)
        let lock = window.lock

        let suiteA = Task {
            try await trait.provideScope(for: test, testCase: nil) {
                try await Self.suiteBody("A", detector: detector, gate: suspension)
            }
        }
        try await suspension.waitUntilParked(count: 1)
        let suiteB = Task {
            try await trait.provideScope(for: test, testCase: nil) {
                try await Self.suiteBody("B", detector: detector, gate: suspension)
            }
        }
        // B is now queued on the resource while A is suspended inside it.
        try await lock.waitUntilQueued(count: 1, within: patience)
        #expect(suspension.parkedCount == 1)

        suspension.open()
        try await suspension.waitUntilParked(count: 1)
        suspension.open()
        try await suiteA.value
        try await suiteB.value

        #expect(detector.maximumOverlap == 1)
        #expect(detector.visits == ["A", "B"])
    }
}

/// The real thing: two suites with the trait, which Swift Testing runs in parallel.
///
/// Their tests suspend many times while inside the region; the shared detector fails the run if
/// the two suites ever overlap. `.serialized` keeps each suite's own tests apart, so any overlap
/// could only come from the other suite.
enum RealContention {
    static let detector = OverlapDetector()

    static func occupy(_ who: String) async throws {
        SharedResource.contended.expectHeld()
        detector.enter(who)
        defer { detector.leave() }
        for _ in 0..<50 {
            await Task.yield()
            #expect(detector.maximumOverlap == 1, "\(who) overlapped another suite")
        }
    }
}

@Suite("Contending suite A", .timeLimit(.minutes(1)), .exclusive(.contended), .serialized)
struct ContendingSuiteA {
    @Test func first() async throws { try await RealContention.occupy("A.first") }
    @Test func second() async throws { try await RealContention.occupy("A.second") }
}

@Suite("Contending suite B", .timeLimit(.minutes(1)), .exclusive(.contended), .serialized)
struct ContendingSuiteB {
    @Test func first() async throws { try await RealContention.occupy("B.first") }
    @Test func second() async throws { try await RealContention.occupy("B.second") }
}

/// A suite that forgot the trait: the double it uses notices and fails the test every time.
@Suite("A suite that forgot the trait", .timeLimit(.minutes(1)))
struct ForgetfulSuite {
    @Test func usesTheResourceWithoutTheTrait() {
        withKnownIssue {
            HostWindowDouble(resource: .contended).show("form")
        } matching: { issue in
            issue.description.contains(
                "Shared resource 'contended test resource' was used by test 'usesTheResourceWithoutTheTrait()'")
        }
    }
}

@Suite("A single test with the trait", .timeLimit(.minutes(1)))
struct ExclusiveSingleTest {
    @Test(.exclusive(.contended))
    func holdsTheResourceForItsBody() async throws {
        #expect(SharedResource.contended.isHeldByCurrentTask)
        try await RealContention.occupy("single test")
    }

    @Test(.exclusive(.printer, .scanner), arguments: [1, 2])
    func holdsSeveralResourcesPerCase(_ value: Int) {
        #expect(SharedResource.printer.isHeldByCurrentTask)
        #expect(SharedResource.scanner.isHeldByCurrentTask)
    }
}

@Suite("A test marked inside a marked suite", .timeLimit(.minutes(1)), .exclusive(.scanner))
struct NestedExclusiveTraits {
    @Test(.exclusive(.scanner))
    func runsInsteadOfWaitingForItsOwnSuite() {
        #expect(SharedResource.scanner.isHeldByCurrentTask)
    }
}
#endif
