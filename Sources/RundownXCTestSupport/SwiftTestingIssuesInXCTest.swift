#if canImport(XCTest)
import Foundation
import RundownEngine
import XCTest

/// Routes Swift Testing issues (`#expect`, `#require`, `Issue.record`)
/// recorded where no Swift Testing test runs (inside an XCTest test, or where
/// no framework runs at all) to the spec whose element recorded them, or to XCTest.
///
/// Outside a Swift Testing test, Swift Testing hands such issues to a fallback
/// handler. The Linux toolchain leaves it empty, and on Apple platforms Xcode
/// installs one only from Swift 6.4 on: without one the issue is silently
/// dropped and the test passes. Rundown installs its own wherever none is
/// installed (never a second one, so no issue is reported twice): it posts
/// each issue to the run of the spec whose element recorded it; outside a
/// spec, it fails the XCTest test running now at the issue's own line, or,
/// where XCTest runs nothing, says on standard error that an issue was
/// recorded where nothing could take it.
package enum SwiftTestingIssuesInXCTest {
    /// Installs the handler, once per process. Returns whether Rundown's
    /// handler is the one installed (false if another was there first, or
    /// Swift Testing is not loaded).
    @discardableResult
    package static func install() -> Bool {
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
            SwiftTestingIssuesInXCTest.handle(Data(bytes: record, count: count))
        }
    }()

    private static func handle(_ record: Data) {
        guard let issue = RecordedIssue(json: record) else { return }
        let failure = PostedFailure(message: issue.message, location: issue.location, recordedByFramework: false)
        if RunContext.post(failure) { return }
        if XCTestHost.isDrivingProcess {
            XCTestHost.recordOnRunningTest(issue.message, at: issue.location)
            return
        }
        let warning = XCTestWarning.issueOutsideAnyTest(
            message: issue.message, at: issue.location, element: ExampleRunner.current?.description)
        FileHandle.standardError.write(Data(warning.line.utf8))
    }
}

/// The parts of a Swift Testing `issueRecorded` event that a failure needs.
struct RecordedIssue {
    var message: String
    var location: CodeLocation

    /// Reads an event-stream record; `nil` unless it is a failing issue that
    /// is not known, and not the one `Test.cancel` records where no test runs
    /// (a skip, wherever a spec runs).
    init?(json: Data) {
        guard let record = try? JSONSerialization.jsonObject(with: json) as? [String: Any],
            let payload = record["payload"] as? [String: Any],
            payload["kind"] as? String == "issueRecorded",
            let issue = payload["issue"] as? [String: Any],
            issue["isFailure"] as? Bool ?? true,
            !(issue["isKnown"] as? Bool ?? false)
        else { return nil }
        let messages = (payload["messages"] as? [[String: Any]] ?? []).compactMap { $0["text"] as? String }
        // `Test.cancel` with no Swift Testing test records that it had none to
        // cancel; the error it throws makes the element a skip.
        guard !messages.contains(where: { $0.hasPrefix("Attempted to cancel the current test") }) else {
            return nil
        }
        message = messages.isEmpty ? "Issue recorded" : messages.joined(separator: " - ")
        let source = issue["sourceLocation"] as? [String: Any] ?? [:]
        let filePath = source["filePath"] as? String ?? source["_filePath"] as? String ?? "<unknown>"
        location = CodeLocation(
            fileID: source["fileID"] as? String ?? filePath,
            filePath: filePath,
            line: source["line"] as? Int ?? 0,
            column: source["column"] as? Int ?? 0
        )
    }
}
#endif
