#if canImport(XCTest)
import RundownConcurrency
import RundownXCTestSupport
import Testing
import XCTest

/// A toolkit check that fails in a plain `XCTestCase` is recorded at the user's file and line,
/// though the toolkit takes its locations as `String` and `Int` and `XCTFail` only a `StaticString`.
final class XCTestFailureLocationTests: XCTestCase {
    private struct Recorded: Equatable {
        var description: String
        var filePath: String
        var line: Int
    }

    private let captured = LockedBox<[Recorded]>([])
    private let isCapturing = LockedBox(false)

    private func capturingFailures(_ body: () async throws -> Void) async rethrows -> [Recorded] {
        isCapturing.access { $0 = true }
        defer { isCapturing.access { $0 = false } }
        try await body()
        return captured.access { failures in
            defer { failures.removeAll() }
            return failures
        }
    }

    #if canImport(Darwin)
    override func record(_ issue: XCTIssue) {
        guard isCapturing.current else { return super.record(issue) }
        let location = issue.sourceCodeContext.location
        captured.access {
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
        captured.access { $0.append(Recorded(description: description, filePath: filePath, line: lineNumber)) }
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

    /// The path `XCTFail` gets reads back as the text it was made from, non-ASCII bytes included,
    /// and the same text gives the same path.
    func testAPathBecomesTheStaticStringXCTFailTakes() throws {
        for text in ["/src/CartTests/CartTests.swift", "/src/Tëst Ordner/Über.swift", ""] {
            let made = try XCTUnwrap(XCTFailAtLocation.staticString(text))
            XCTAssertEqual("\(made)", text)
            XCTAssertEqual(made.utf8CodeUnitCount, text.utf8.count)
            XCTAssertEqual(made.isASCII, text.utf8.allSatisfy { $0 < 0x80 })
            let again = try XCTUnwrap(XCTFailAtLocation.staticString(text))
            XCTAssertEqual(again.utf8Start, made.utf8Start)
        }
    }
}
#endif
