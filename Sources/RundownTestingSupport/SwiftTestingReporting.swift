#if canImport(Testing)
import RundownEngine
import Testing

/// Connects the engine to Swift Testing: records failures as issues of the
/// running test and cancels a test whose spec was skipped entirely.
public enum SwiftTestingReporting {
    /// Whether a Swift Testing test is running in this task.
    public static var isRunning: Bool {
        Test.current != nil
    }

    /// Records a spec failure as an issue of the running test: the error, a
    /// comment with its path, at the location of the element or hook that threw.
    public static func record(_ failure: SpecFailure) {
        Issue.record(failure.error, Comment(rawValue: failure.pathDescription), sourceLocation: sourceLocation(failure.location))
    }

    /// Says which paths of a partly skipped spec were skipped, as a warning
    /// that does not fail the test.
    public static func warnSkipped(_ skips: [SkipRecord], at location: CodeLocation) {
        guard !skips.isEmpty else { return }
        let lines = skips.map { "  \($0.description)" }.joined(separator: "\n")
        Issue.record(Comment(rawValue: "Skipped:\n\(lines)"), severity: .warning, sourceLocation: sourceLocation(location))
    }

    /// Reports the running test as cancelled (Swift Testing's skip) because
    /// everything in its spec was skipped.
    public static func cancel(_ reason: String, at location: CodeLocation) throws -> Never {
        try Test.cancel(Comment(rawValue: reason), sourceLocation: sourceLocation(location))
    }

    /// A Swift Testing source location for `location`.
    ///
    /// `SourceLocation` traps on a file ID without a module (`/`) or on a line
    /// or column below 1, which would end the whole test run; such input is
    /// repaired instead.
    public static func sourceLocation(_ location: CodeLocation) -> SourceLocation {
        let fileID = location.fileID.contains("/") ? location.fileID : "Unknown/\(location.fileID.isEmpty ? "Unknown.swift" : location.fileID)"
        return SourceLocation(fileID: fileID, filePath: location.filePath, line: max(1, location.line), column: max(1, location.column))
    }
}
#endif
