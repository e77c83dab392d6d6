/// What `RUNDOWN_FAIL_FAST=1` shares between the specs of a process: whether
/// an example has failed yet.
///
/// A reference, handed to every run in ``RunControls/failFast``, rather than
/// a global, so that the settings give one latch to the whole process while a
/// test of the engine gives its runs one of their own and cannot stop runs of
/// other tests that share its process. Runs without it (the default) never
/// look at it: fail-fast costs nothing when off.
///
/// Once tripped it stays tripped: each walk checks it before an element of a
/// group starts, and a spec checks it before it starts at all, so that
/// nothing that had not started when the first example failed runs. What did
/// start ends as usual, its `afterEach`, `afterAll` hooks and cleanups included.
package final class FailFastLatch: Sendable, Hashable {
    /// The reason every example that fail-fast keeps from running is skipped with.
    package static let reason = "skipped: an earlier example failed, RUNDOWN_FAIL_FAST"

    private let failed = Protected(false)

    package init() {}

    /// Whether an example of a run given this latch has failed.
    package var tripped: Bool { failed.withLock { $0 } }

    /// An example of a run given this latch failed: nothing starts from now on.
    package func trip() {
        failed.withLock { $0 = true }
    }

    package static func == (lhs: FailFastLatch, rhs: FailFastLatch) -> Bool { lhs === rhs }

    package func hash(into hasher: inout Hasher) {
        hasher.combine(ObjectIdentifier(self))
    }
}
