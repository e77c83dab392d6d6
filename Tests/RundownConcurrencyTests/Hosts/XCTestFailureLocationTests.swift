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
    private struct Recorded: Equatable {
        var description: String
        var filePath: String
        var line: Int
    }

    /// Whether Swift Testing issues reach XCTest through Rundown's fallback handler. Made as XCTest
    /// makes the test cases, before it starts any of them, so that Rundown's observer sees them start.
    private let issuesReachRundown = XCTestFailureLocationTests.rundownWatchesXCTest

    private static let rundownWatchesXCTest: Bool = {
        XCTestFailureObserver.start()
        return SwiftTestingIssuesInXCTest.install()
    }()

    private let captured = Locked<[Recorded]>([])
    private let isCapturing = Locked(false)

    private func capturingFailures(_ body: () async throws -> Void) async rethrows -> [Recorded] {
        isCapturing.withLock { $0 = true }
        defer { isCapturing.withLock { $0 = false } }
        try await body()
        return captured.withLock { failures in
            defer { failures.removeAll() }
            return failures
        }
    }

    #if canImport(Darwin)
    override func record(_ issue: XCTIssue) {
        guard isCapturing.current else { return super.record(issue) }
        let location = issue.sourceCodeContext.location
        captured.withLock {
            $0.append(
                Recorded(
                    description: issue.compactDescription, filePath: location?.fileURL.path ?? "",
                    line: location?.lineNumber ?? 0))
        }
    }
    #else
    override func recordFailure(
        withDescription description: String, inFile filePath: String, atLine lineNumber: Int, expected: Bool
    ) {
        guard isCapturing.current else {
            return super.recordFailure(
                withDescription: description, inFile: filePath, atLine: lineNumber, expected: expected)
        }
        captured.withLock { $0.append(Recorded(description: description, filePath: filePath, line: lineNumber)) }
    }
    #endif

    func testACheckIsRecordedAtItsCall() async throws {
        let failures = await capturingFailures {
            SharedResource("xctest location: window").expectHeld()  // line: unheld check
        }
        XCTAssertEqual(failures.count, 1, "\(failures)")
        let failure = try XCTUnwrap(failures.first)
        XCTAssertEqual(failure.filePath, #filePath)
        XCTAssertEqual(failure.line, SourceLine.marked("unheld check"))
        XCTAssertTrue(failure.description.contains("'xctest location: window'"), failure.description)
    }

    func testATaskLeftRunningIsRecordedAtTheCheck() async throws {
        let tasks = TrackingTaskStarter()
        let gate = Gate("xctest location: upload")
        tasks.start(name: "upload") { try? await gate.arrive() }
        try await gate.waitUntilParked()
        let failures = await capturingFailures {
            tasks.expectNoneRunning()  // line: running check
        }
        gate.open()
        try await tasks.waitForAll()
        XCTAssertEqual(failures.map(\.line), [SourceLine.marked("running check")], "\(failures)")
        XCTAssertEqual(failures.map(\.filePath), [#filePath])
    }

    func testASwiftTestingIssueNoSpecClaimsIsRecordedAtItsLine() async throws {
        guard issuesReachRundown else {
            throw XCTSkip("Swift Testing issues reach XCTest through a fallback handler that is not Rundown's")
        }
        let failures = await capturingFailures {
            await Task.detached { () -> Void in Issue.record("from a detached task") }.value  // line: unclaimed issue
        }
        XCTAssertEqual(failures.count, 1, "\(failures)")
        let failure = try XCTUnwrap(failures.first)
        XCTAssertEqual(failure.filePath, #filePath)
        XCTAssertEqual(failure.line, SourceLine.marked("unclaimed issue"))
        XCTAssertTrue(failure.description.contains("from a detached task"), failure.description)
    }
}
#endif
