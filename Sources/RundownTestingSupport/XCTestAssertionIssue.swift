#if canImport(Testing)
import RundownEngine
import Testing

extension SwiftTestingReporting {
    /// Records an XCTest assertion failure (`XCTAssert…`, `XCTFail`) made
    /// while `runner`'s element or hook ran as an issue of the running test:
    /// its comment starts with the path, as the same failure's message does
    /// under XCTest, at the assertion's file and line.
    public static func recordAssertionFailure(_ description: String, filePath: String, line: Int, by runner: ExampleRunner) {
        Issue.record(
            Comment(rawValue: "\(runner.description): \(trimmingEmptyMessage(description))"),
            sourceLocation: sourceLocation(assertionLocation(filePath: filePath, line: line, by: runner))
        )
    }

    /// Where an XCTest assertion failed. XCTest gives only a file path and a
    /// line; Swift Testing also wants a file ID (`Module/File.swift`), which
    /// takes the module of the element that made the assertion, and a column.
    public static func assertionLocation(filePath: String, line: Int, by runner: ExampleRunner) -> CodeLocation {
        let fileName = filePath.split(separator: "/").last.map(String.init) ?? filePath
        let module = runner.location.fileID.split(separator: "/").first.map(String.init) ?? ""
        return CodeLocation(fileID: module.isEmpty ? fileName : "\(module)/\(fileName)", filePath: filePath, line: line, column: 1)
    }

    /// XCTest ends every message with ` - ` and the assertion's own message,
    /// even when that is empty.
    private static func trimmingEmptyMessage(_ description: String) -> Substring {
        description.hasSuffix(" - ") ? description.dropLast(3) : description[...]
    }
}
#endif
