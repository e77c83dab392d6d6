#if canImport(XCTest) && !canImport(ObjectiveC)
import Foundation
import RundownEngine
import XCTest

/// Routes Swift Testing issues (`#expect`, `#require`, `Issue.record`)
/// recorded inside an XCTest spec to the running XCTest case.
///
/// Outside a Swift Testing test, Swift Testing hands such issues to a fallback
/// handler, which the Linux toolchain leaves empty: the issue is silently
/// dropped and the test passes. Rundown installs a handler that records them
/// against the test case whose spec is running, or, when there is none, says
/// on standard error that an issue was recorded where nothing could take it.
enum SwiftTestingIssueBridge {
    /// The XCTest case whose spec is running in this task.
    @TaskLocal static var testCase: TestCaseReference?

    /// Installs the handler, once per process. Returns whether Rundown's
    /// handler is the one installed.
    @discardableResult
    static func install() -> Bool {
        installed
    }

    private static let installed: Bool = {
        typealias Handler = @convention(c) (UnsafePointer<CChar>, UnsafeRawPointer, Int, UnsafeRawPointer?) -> Void
        typealias Install = @convention(c) (Handler) -> Bool
        guard let symbol = dlsym(dlopen(nil, RTLD_NOW), "_swift_testing_installFallbackEventHandler") else {
            return false
        }
        let install = unsafeBitCast(symbol, to: Install.self)
        return install { _, record, count, _ in
            SwiftTestingIssueBridge.receive(Data(bytes: record, count: count))
        }
    }()

    private static func receive(_ record: Data) {
        guard let issue = RecordedIssue(json: record) else { return }
        if let testCase = testCase?.testCase {
            testCase.recordFailure(withDescription: issue.message, inFile: issue.filePath, atLine: issue.line, expected: true)
        } else {
            let path = ExampleRunner.current.map { "\($0.description): " } ?? ""
            FileHandle.standardError.write(Data("\(issue.filePath):\(issue.line): error: Rundown: \(path)\(issue.message) (a Swift Testing issue recorded outside any Swift Testing test; no XCTest case could take it)\n".utf8))
        }
    }
}

/// An XCTest case, carried in a task-local value. XCTest cases are not
/// `Sendable`; this one is only used from the task running its test.
struct TestCaseReference: @unchecked Sendable {
    let testCase: XCTestCase
}

/// The parts of a Swift Testing `issueRecorded` event that a failure needs.
struct RecordedIssue {
    var message: String
    var filePath: String
    var line: Int

    /// Reads an event-stream record; `nil` unless it is a failing, unknown issue.
    init?(json: Data) {
        guard let record = try? JSONSerialization.jsonObject(with: json) as? [String: Any],
              let payload = record["payload"] as? [String: Any],
              payload["kind"] as? String == "issueRecorded",
              let issue = payload["issue"] as? [String: Any],
              issue["isFailure"] as? Bool ?? true,
              !(issue["isKnown"] as? Bool ?? false)
        else { return nil }
        let messages = (payload["messages"] as? [[String: Any]] ?? []).compactMap { $0["text"] as? String }
        message = messages.isEmpty ? "Issue recorded" : messages.joined(separator: " - ")
        let location = issue["sourceLocation"] as? [String: Any] ?? [:]
        filePath = location["filePath"] as? String ?? location["_filePath"] as? String ?? "<unknown>"
        line = location["line"] as? Int ?? 0
    }
}
#endif
