import Foundation
import Testing

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
    /// If not exactly one line carries the marker, records an issue at
    /// `sourceLocation` and returns 0, which no reported line equals.
    static func marked(
        _ name: String, in filePath: String = #filePath, sourceLocation: SourceLocation = #_sourceLocation
    ) -> Int {
        switch markedLines(name, in: filePath) {
        case .success(let lines) where lines.count == 1:
            return lines[0].number
        case .success(let lines):
            Issue.record(
                "\(lines.isEmpty ? "no line ends" : "lines \(lines.map(\.number)) end") with '\(marker(name))' in \(filePath); exactly one must",
                sourceLocation: sourceLocation)
        case .failure(let error):
            Issue.record("cannot read \(filePath) to find '\(marker(name))': \(error)", sourceLocation: sourceLocation)
        }
        return 0
    }

    static func marker(_ name: String) -> String { "// line: \(name)" }

    /// The lines of `filePath` that end with the marker for `name` after some code.
    static func markedLines(_ name: String, in filePath: String) -> Result<[(number: Int, text: Substring)], any Error>
    {
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
}
