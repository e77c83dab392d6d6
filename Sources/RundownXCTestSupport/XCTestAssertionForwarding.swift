#if canImport(XCTest) && !canImport(ObjectiveC)
import Dispatch
import Foundation
import RundownEngine
import XCTest

/// Hands XCTest assertion failures that no XCTest test would take to a
/// receiver, in a process where XCTest runs no tests (a Swift Testing run).
///
/// corelibs XCTest sends every assertion failure to one process-wide "current
/// test case", which only running a test case sets, and only until its run
/// returns. In a Swift Testing run there is none, so `XCTAssert…` and `XCTFail`
/// do nothing at all. ``start(_:)`` runs one case, on a thread of its own, whose
/// test never returns: from then on every assertion failure in the process
/// reaches the receiver, on the thread that failed, where the caller's
/// task-local values say which test and which spec element it belongs to.
///
/// One case for the whole process, not one per spec: the current test case is
/// a plain global, so cases run by tests running in parallel would overwrite
/// it, and the first to finish would clear it while the others still run. For
/// the same reason this must not start in a process where XCTest runs its own
/// tests: they set and clear the same global.
package enum XCTestAssertionForwarding {
    /// Where failures go once forwarding has started.
    private static let receiver = Protected<(@Sendable (XCTestAssertionFailure) -> Void)?>(nil)

    /// Signalled once the forwarding case has become XCTest's current test case.
    private static let running = DispatchSemaphore(value: 0)

    /// Starts forwarding, once per process; later calls change nothing. When it
    /// returns, assertion failures reach `receive`.
    ///
    /// The case runs on a bare POSIX thread, not a Foundation `Thread`, which
    /// takes several times as long to start running (about 150 µs against
    /// 40 µs on Linux): the first spec of a process waits for it, so that an
    /// assertion in its first example is not lost. Should no thread start,
    /// nothing is forwarded, and the next call tries again.
    package static func start(_ receive: @escaping @Sendable (XCTestAssertionFailure) -> Void) {
        // Under the lock, so that a second caller waits until the case runs: the
        // thread it waits for never takes this lock.
        receiver.withLock { receiver in
            guard receiver == nil else { return }
            var thread = pthread_t()
            let created = pthread_create(
                &thread, nil,
                { _ in
                    ForwardingCase(running: XCTestAssertionForwarding.running).run()
                    return nil
                }, nil)
            guard created == 0 else { return }
            pthread_detach(thread)
            receiver = receive
            running.wait()
        }
    }

    fileprivate static func deliver(_ failure: XCTestAssertionFailure) {
        receiver.withLock { $0 }?(failure)
    }
}

/// The test case that XCTest takes for the current one while forwarding runs.
/// It records nothing itself: XCTest would print and count it as a failure of
/// a test nobody asked for.
private final class ForwardingCase: XCTestCase {
    private var running: DispatchSemaphore?

    convenience init(running: DispatchSemaphore) {
        self.init(name: "Rundown XCTest assertion forwarding") { _ in }
        self.running = running
    }

    /// XCTest sets the current test case before it invokes the test and clears
    /// it after, so this never returns. It skips XCTest's `setUp` sequence,
    /// which waits for a task on the cooperative pool: the caller of
    /// ``XCTestAssertionForwarding/start(_:)`` may be blocking the last free
    /// thread of that pool while it waits for this to run.
    override func invokeTest() {
        running?.signal()
        DispatchSemaphore(value: 0).wait()
    }

    override func recordFailure(
        withDescription description: String, inFile filePath: String, atLine lineNumber: Int, expected: Bool
    ) {
        XCTestAssertionForwarding.deliver(
            XCTestAssertionFailure(description: description, filePath: filePath, line: lineNumber))
    }
}
#endif
