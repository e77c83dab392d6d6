import Foundation
import Testing
import XCTest

/// Where a test wrote something, found by a marker rather than counted.
///
/// A test that checks the line a failure, hook or skip is reported at marks
/// that line with a trailing comment, `// line: writes`, and asks for it:
/// `SourceLine.marked("writes")`. A trailing comment stays on the line of the
/// code it follows however a formatter re-wraps the code around it, so the
/// expectation cannot drift the way `#line + 3` or a literal line does.
///
/// The file is read at its `#filePath`, the path the compiler saw, so a test
/// file finds its own markers wherever in `Tests` it is moved.
///
/// One helper for the three test targets: a marker that is missing, or
/// written twice, fails the test that asked, through the framework running it
/// (an issue under Swift Testing, an `XCTFail` under XCTest; either alone
/// would be dropped by the other framework on Linux).
package enum SourceLine {
    /// The line (from 1) of `filePath` that ends with the comment
    /// `// line: <name>` after some code.
    ///
    /// If not exactly one line carries the marker, fails the running test at
    /// the caller's line and returns 0, which no reported line equals.
    package static func marked(
        _ name: String, in filePath: String = #filePath, fileID: String = #fileID, file: StaticString = #filePath,
        line: UInt = #line, column: Int = #column
    ) -> Int {
        marked(name, in: filePath, by: Caller(fileID: fileID, file: file, line: line, column: column))
    }

    /// The line `marked(_:in:)` finds, for a helper that passes on its own
    /// caller's Swift Testing location.
    package static func marked(_ name: String, in filePath: String, sourceLocation: SourceLocation) -> Int {
        marked(name, in: filePath, by: Caller(sourceLocation))
    }

    private static func marked(_ name: String, in filePath: String, by caller: Caller) -> Int {
        switch markedLines(name, in: filePath) {
        case .success(let lines) where lines.count == 1:
            return lines[0].number
        case .success(let lines):
            caller.fail(
                "\(lines.isEmpty ? "no line ends" : "lines \(lines.map(\.number)) end") with '\(marker(name))' in \(filePath); exactly one must"
            )
        case .failure(let error):
            caller.fail("cannot read \(filePath) to find '\(marker(name))': \(error)")
        }
        return 0
    }

    /// The column (from 1) where `snippet` starts on the line `marked(name)` finds;
    /// 0, with the running test failed, if the line or the snippet is not there.
    package static func column(
        of snippet: String, onLineMarked name: String, in filePath: String = #filePath, fileID: String = #fileID,
        file: StaticString = #filePath, line: UInt = #line, column: Int = #column
    ) -> Int {
        let number = marked(name, in: filePath, fileID: fileID, file: file, line: line, column: column)
        guard number > 0 else { return 0 }
        guard case .success(let lines) = markedLines(name, in: filePath),
            let text = lines.first(where: { $0.number == number })?.text, let range = text.range(of: snippet)
        else {
            Caller(fileID: fileID, file: file, line: line, column: column).fail(
                "'\(snippet)' is not on the line marked '\(marker(name))'")
            return 0
        }
        return text.distance(from: text.startIndex, to: range.lowerBound) + 1
    }

    package static func marker(_ name: String) -> String { "// line: \(name)" }

    /// The lines of `filePath` that end with the marker for `name` after some code.
    package static func markedLines(_ name: String, in filePath: String) -> Result<
        [(number: Int, text: Substring)], any Error
    > {
        Result {
            let marker = marker(name)
            let lines = try String(contentsOfFile: filePath, encoding: .utf8).split(
                separator: "\n", omittingEmptySubsequences: false)
            return lines.enumerated().compactMap { index, line in
                var code = line.drop { $0 == " " }
                while code.last == " " { code.removeLast() }
                guard code.hasSuffix(marker), !code.hasPrefix("//") else { return nil }
                return (index + 1, line)
            }
        }
    }

    /// The place a helper was called from, in the forms both frameworks take.
    private struct Caller {
        var sourceLocation: SourceLocation
        /// XCTest's form of the place; nil when the caller gave Swift Testing's form only.
        var xctest: (file: StaticString, line: UInt)?

        init(fileID: String, file: StaticString, line: UInt, column: Int) {
            sourceLocation = SourceLocation(fileID: fileID, filePath: "\(file)", line: Int(line), column: column)
            xctest = (file, line)
        }

        init(_ sourceLocation: SourceLocation) {
            self.sourceLocation = sourceLocation
        }

        /// Fails the running test: Swift Testing's when one is current, XCTest's otherwise.
        func fail(_ message: String) {
            if Test.current != nil {
                Issue.record(Comment(rawValue: message), sourceLocation: sourceLocation)
            } else if let xctest {
                XCTFail(message, file: xctest.file, line: xctest.line)
            } else {
                XCTFail("\(sourceLocation): \(message)")
            }
        }
    }
}
