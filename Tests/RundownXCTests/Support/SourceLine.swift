import Foundation
import XCTest

/// Where a test wrote something, found by a marker rather than counted.
///
/// A test that checks the line a failure, hook or skip is reported at marks
/// that line with a trailing comment, `// line: writes`, and asks for it:
/// `SourceLine.marked("writes")`. A trailing comment stays on the line of the
/// code it follows however a formatter re-wraps the code around it, so the
/// expectation cannot drift the way `#line + 3` or a literal line does.
enum SourceLine {
    /// The line (from 1) of `filePath` that ends with the comment
    /// `// line: <name>` after some code.
    ///
    /// If not exactly one line carries the marker, fails the running test at
    /// `file` and `line` and returns 0, which no reported line equals.
    static func marked(
        _ name: String, in filePath: String = #filePath, file: StaticString = #filePath, line: UInt = #line
    ) -> Int {
        let marker = "// line: \(name)"
        do {
            let lines = try String(contentsOfFile: filePath, encoding: .utf8).split(
                separator: "\n", omittingEmptySubsequences: false)
            let numbers = lines.enumerated().compactMap { index, text -> Int? in
                var code = text.drop { $0 == " " }
                while code.last == " " { code.removeLast() }
                return code.hasSuffix(marker) && !code.hasPrefix("//") ? index + 1 : nil
            }
            if numbers.count == 1 { return numbers[0] }
            XCTFail(
                "\(numbers.isEmpty ? "no line ends" : "lines \(numbers) end") with '\(marker)' in \(filePath); exactly one must",
                file: file, line: line)
        } catch {
            XCTFail("cannot read \(filePath) to find '\(marker)': \(error)", file: file, line: line)
        }
        return 0
    }
}
