import RundownTestSupport
import Testing

/// The marker helper the line checks rely on: it must find the one line a
/// marker ends, and must not quietly give a line when the marker is missing
/// or written twice.
@Suite(.compactMapIssues(captureMarkerIssues))
struct SourceLineTests {
    @Test func aMarkerGivesTheLineItEnds() {
        #expect(SourceLine.marked("here") == #line)  // line: here
    }

    @Test func aMissingMarkerIsAnIssueAndNoLine() {
        #expect(SourceLine.marked("nowhere") == 0)
        #expect(markerIssues.entries.contains { $0.hasPrefix("no line ends with '// line: nowhere' in ") })
    }

    @Test func aMarkerWrittenTwiceIsAnIssueAndNoLine() {
        let first = #line  // line: twice
        let second = #line  // line: twice
        #expect(SourceLine.marked("twice") == 0)
        #expect(
            markerIssues.entries.contains { $0.hasPrefix("lines [\(first), \(second)] end with '// line: twice' in ") })
    }

    @Test func aMarkerCountsOnlyAfterCode() {
        // line: comment only
        #expect(SourceLine.marked("comment only") == 0)
        #expect(markerIssues.entries.contains { $0.hasPrefix("no line ends with '// line: comment only' in ") })
    }
}

/// The issues `SourceLine` recorded, each as its comment; they are taken out
/// of the tests' issues, so they fail nothing and print nothing.
private let markerIssues = Log()

private func captureMarkerIssues(_ issue: Issue) -> Issue? {
    let comment = issue.comments.map(\.rawValue).joined(separator: " | ")
    guard comment.contains("with '// line: "), comment.hasSuffix("exactly one must") else { return issue }
    markerIssues(comment)
    return nil
}
