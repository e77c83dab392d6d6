#if canImport(XCTest)
import RundownConcurrency
import RundownTestSupport
import RundownXCTestSupport
import Testing
import XCTest

/// Behaviour#Failures-point-at-your-code: a toolkit check that fails in a plain `XCTestCase`, and a
/// Swift Testing issue that no spec
/// claims there, are recorded against that test at the user's file and line, though Rundown has
/// the location only as a `String` and an `Int` and `XCTFail` takes a `StaticString`.
///
/// Rundown finds the running test through its XCTest observer, which must have seen the test
/// start: a user's process registers it when Rundown first meets XCTest; here it is registered
/// as XCTest makes the class's test cases, as is Rundown's Swift Testing fallback handler.
final class XCTestFailureLocationTests: XCTestCase {
    /// Whether Swift Testing issues reach XCTest through Rundown's fallback handler. Made as XCTest
    /// makes the test cases, before it starts any of them, so that Rundown's observer sees them start.
    private let issuesReachRundown = XCTestFailureLocationTests.rundownWatchesXCTest

    private static let rundownWatchesXCTest: Bool = {
        XCTestFailureObserver.start()
        return SwiftTestingIssuesInXCTest.install()
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

    func testACheckIsRecordedAtItsCall() async throws {
        let failures = capture.capturing {
            SharedResource("xctest location: window").expectHeld()  // line: unheld check
        }
        XCTAssertEqual(failures.count, 1, "\(failures)")
        let failure = try XCTUnwrap(failures.first)
        XCTAssertEqual(failure.file, #filePath)
        XCTAssertEqual(failure.line, SourceLine.marked("unheld check"))
        XCTAssertTrue(failure.message.contains("'xctest location: window'"), failure.message)
    }

    func testATaskLeftRunningIsRecordedAtTheCheck() async throws {
        let tasks = TrackingTaskStarter()
        let gate = Gate("xctest location: upload", timeout: patience)
        tasks.start(name: "upload") { try? await gate.arrive() }
        try await gate.waitUntilParked()
        let failures = capture.capturing {
            tasks.expectNoneRunning()  // line: running check
        }
        gate.open()
        try await tasks.waitForAll(within: patience)
        XCTAssertEqual(failures.map(\.line), [SourceLine.marked("running check")], "\(failures)")
        XCTAssertEqual(failures.map(\.file), [#filePath])
    }

    func testASwiftTestingIssueNoSpecClaimsIsRecordedAtItsLine() async throws {
        guard issuesReachRundown else {
            throw XCTSkip("Swift Testing issues reach XCTest through a fallback handler that is not Rundown's")
        }
        let failures = await capture.capturing {
            await Task.detached { () -> Void in Issue.record("from a detached task") }.value  // line: unclaimed issue
        }
        XCTAssertEqual(failures.count, 1, "\(failures)")
        let failure = try XCTUnwrap(failures.first)
        XCTAssertEqual(failure.file, #filePath)
        XCTAssertEqual(failure.line, SourceLine.marked("unclaimed issue"))
        XCTAssertTrue(failure.message.contains("from a detached task"), failure.message)
    }
}
#endif
