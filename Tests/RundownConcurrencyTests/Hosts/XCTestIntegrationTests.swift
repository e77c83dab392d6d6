#if canImport(XCTest)
import RundownTestSupport
import XCTest
@testable import RundownConcurrency

/// Behaviour#Toolkit-checks-report-to-the-spec and Behaviour#Failures-reach-the-running-framework, outside a spec.
///
/// The same tools used from XCTest, where `Test.current` is `nil` and failures must reach XCTest.
final class XCTestIntegrationTests: XCTestCase {
    /// Failures recorded against this test case while `isCapturing` is set, instead of failing it.
    private let captured = Locked<[String]>([])
    private let isCapturing = Locked(false)

    private func capturingFailures(_ body: () throws -> Void) rethrows -> [String] {
        isCapturing.withLock { $0 = true }
        defer { isCapturing.withLock { $0 = false } }
        try body()
        return captured.withLock { failures in
            defer { failures.removeAll() }
            return failures
        }
    }

    #if canImport(Darwin)
    override func record(_ issue: XCTIssue) {
        if isCapturing.current {
            captured.withLock { $0.append(issue.compactDescription) }
        } else {
            super.record(issue)
        }
    }
    #else
    override func recordFailure(
        withDescription description: String, inFile filePath: String, atLine lineNumber: Int, expected: Bool
    ) {
        if isCapturing.current {
            captured.withLock { $0.append(description) }
        } else {
            super.recordFailure(
                withDescription: description, inFile: filePath, atLine: lineNumber, expected: expected)
        }
    }
    #endif

    func testWithExclusiveAccessFromAnXCTestMethod() async throws {
        let resource = SharedResource("xctest: host window")
        let value = try await resource.withExclusiveAccess {
            XCTAssertTrue(resource.isHeldByCurrentTask)
            return "shown"
        }
        XCTAssertEqual(value, "shown")
        XCTAssertFalse(resource.isHeldByCurrentTask)
    }

    func testAssertHeldRecordsAgainstTheRunningXCTest() {
        let window = HostWindowDouble(resource: SharedResource("xctest: enforced window"))
        let failures = capturingFailures {
            window.show("form")
        }
        XCTAssertEqual(failures.count, 1)
        XCTAssertTrue(
            failures.first?.contains("Shared resource 'xctest: enforced window' was used") == true, "\(failures)")
    }

    func testRequireAccessThrowsOutsideSwiftTesting() {
        XCTAssertThrowsError(try SharedResource("xctest: required").requireHeld()) { error in
            let message = String(describing: error)
            XCTAssertTrue(message.contains("'xctest: required'"), message)
            // Whether Rundown knows this test's name depends on what ran before it in the process
            // (XCTestToolkitMessageTests pins both); that it runs in XCTest, it always knows.
            XCTAssertTrue(message.contains(" XCTest method "), message)
            XCTAssertTrue(message.contains("withExclusiveAccess { ... }, in an async test method."), message)
            XCTAssertFalse(message.contains(".exclusive("), "an XCTest method takes no trait: \(message)")
        }
    }

    @MainActor
    func testTrackedServiceIsDeterministic() async throws {
        let tasks = TrackingTaskStarter()
        let service = DataService(tasks: tasks)
        service.startProcessing()
        try await tasks.waitForAll(within: patience)
        XCTAssertTrue(service.isCompleted)
        XCTAssertTrue(service.isIndexed)
    }

    func testExpectNoneRunningRecordsAgainstTheRunningXCTest() async throws {
        let tasks = TrackingTaskStarter()
        let gate = Gate("xctest upload", timeout: patience)
        tasks.start(name: "xctest upload") { try? await gate.arrive() }
        try await gate.waitUntilParked()

        let failures = capturingFailures { tasks.expectNoneRunning() }
        XCTAssertEqual(failures.count, 1)
        XCTAssertTrue(failures.first?.contains("still running: 'xctest upload'") == true, "\(failures)")

        gate.open()
        try await tasks.waitForAll(within: patience)
    }

    func testGateAndEventuallyErrorsInXCTest() async throws {
        let gate = Gate("xctest gate", timeout: patience)
        do {
            try await gate.waitUntilParked(within: .milliseconds(10))
            XCTFail("expected a timeout")
        } catch let error as GateError {
            XCTAssertTrue(String(describing: error).contains("Gate 'xctest gate' was not reached"))
        }
        do {
            try await eventually("never", within: .milliseconds(10)) { false }
            XCTFail("expected a timeout")
        } catch let error as EventuallyError {
            XCTAssertTrue(String(describing: error).contains("XCTestIntegrationTests.swift"))
        }
    }
}
#endif
