#if canImport(XCTest)
import RundownConcurrency
import RundownTestSupport
import RundownXCTestSupport
import XCTest

/// Behaviour#Toolkit-messages-name-the-test-and-its-fix in a plain `XCTestCase`: a toolkit check,
/// a lock-order inversion and a lock's deadline name the XCTest method, and their fix is the call
/// an XCTest method has, `withExclusiveAccess { ... }`, not a Swift Testing trait.
///
/// Rundown names a plain `XCTestCase` test once its XCTest observer has seen it start: a user's
/// process registers the observer when Rundown first meets XCTest; here it is registered as XCTest
/// makes the class's test cases, before any of them starts. The first check of a process, which
/// registers it too late to know its test, is pinned by `ToolkitFirstFailureOutputTests`.
final class XCTestToolkitMessageTests: XCTestCase {
    /// Made as XCTest makes the test cases, before it starts any of them, so that Rundown's
    /// observer sees them start.
    private let watching = XCTestToolkitMessageTests.rundownWatchesXCTest

    private static let rundownWatchesXCTest: Bool = {
        XCTestFailureObserver.start()
        return true
    }()

    private let capture = FailureCapture()

    #if canImport(ObjectiveC)
    override func record(_ issue: XCTIssue) {
        if !capture.take(issue) { super.record(issue) }
    }
    #else
    override func recordFailure(
        withDescription description: String, inFile filePath: String, atLine lineNumber: Int, expected: Bool
    ) {
        if !capture.take(description, file: filePath, line: lineNumber) {
            super.recordFailure(withDescription: description, inFile: filePath, atLine: lineNumber, expected: expected)
        }
    }
    #endif

    // reaches: ExclusiveAccessError
    func testACheckNamesTheMethodAndGivesTheCallAsItsFix() {
        let failures = capture.capturing {
            SharedResource("xctest message: printer").expectHeld()  // line: xctest message check
        }
        XCTAssertEqual(
            failures,
            [
                RecordedFailure(
                    message: "failed - Shared resource 'xctest message: printer' was used by XCTest method '\(name)' "
                        + "without exclusive access. Wrap the code that uses it in try await "
                        + "SharedResource(\"xctest message: printer\").withExclusiveAccess { ... }, in an async test "
                        + "method.",
                    file: #filePath, line: SourceLine.marked("xctest message check"))
            ])
    }

    func testRequireHeldThrowsTheSameMessage() {
        XCTAssertThrowsError(try SharedResource("xctest message: scanner").requireHeld()) { error in
            XCTAssertEqual(
                String(describing: error),
                "Shared resource 'xctest message: scanner' was used by XCTest method '\(name)' without exclusive "
                    + "access. Wrap the code that uses it in try await SharedResource(\"xctest message: scanner\")"
                    + ".withExclusiveAccess { ... }, in an async test method.")
        }
    }

    func testALockOrderInversionNamesTheMethodAndAsksForBothInOneCall() async throws {
        let keychain = SharedResource("xctest message: keychain")
        let window = SharedResource("xctest message: host window")
        do {
            try await keychain.withExclusiveAccess {
                try await window.withExclusiveAccess {}
            }
            XCTFail("expected a lock-order inversion")
        } catch let error as ExclusiveAccessError {
            XCTAssertEqual(
                error,
                .lockOrderInversion(
                    held: keychain, requested: window,
                    holder: RunningTest(framework: .xcTest, testName: name, specPath: nil)))
            XCTAssertEqual(
                String(describing: error),
                "Lock-order inversion: XCTest method '\(name)' holds shared resource 'xctest message: keychain' and "
                    + "asked for 'xctest message: host window', whose name sorts before it. Shared resources are always "
                    + "taken in name order, so that two tests can never each hold one and wait for the other; taking "
                    + "'xctest message: host window' now could deadlock. Ask for both at the outer level instead, in one "
                    + "call: try await SharedResource.withExclusiveAccess(to: [SharedResource(\"xctest message: host "
                    + "window\"), SharedResource(\"xctest message: keychain\")]) { ... }.")
        }
        XCTAssertFalse(keychain.isHeldByCurrentTask)
    }

    // reaches: AsyncLockError
    func testALocksDeadlineNamesTheMethodThatHoldsIt() async throws {
        let lock = AsyncLock("xctest message: catalogue")
        let error = try await lock.withLock {
            // A detached task shares no hold: it waits in line behind this method until its deadline.
            let waiter = Task.detached { try await lock.withLock(within: .milliseconds(10)) {} }
            return await waiter.result
        }
        guard case .failure(let failure) = error, let lockError = failure as? AsyncLockError else {
            return XCTFail("expected the waiter to time out, got \(error)")
        }
        XCTAssertEqual(
            String(describing: lockError),
            "AsyncLock 'xctest message: catalogue': waited 0.01 seconds in line and gave up; it is still held by "
                + "XCTest method '\(name)'. Find why the holder keeps the lock so long, or give this wait a longer "
                + "deadline.")
    }
}
#endif
