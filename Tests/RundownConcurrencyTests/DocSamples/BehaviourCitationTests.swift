#if canImport(Testing)
import Foundation
import RundownTestSupport
import Testing

/// Keeps the tests and the rules they pin joined: every rule of the Behaviour article
/// (`Sources/Rundown/Rundown.docc/Behaviour.md`) is pinned by a test that names it, and every name a test
/// gives is a rule of the article.
///
/// A test names a rule by its anchor in one form, `Behaviour#<anchor>`: the heading with its spaces
/// turned into hyphens (`### Hooks run around each element` is `Behaviour#Hooks-run-around-each-element`),
/// so the same anchor works in a DocC link, `<doc:Behaviour#Hooks-run-around-each-element>`. Every file
/// under `Tests` is read, fixtures and `Tests/README.md` included. Citations of documents that are not in
/// the repository (a numbered contract section, an issue or one of its faults) are refused: a reader of
/// the repository cannot follow them.
@Suite("Tests cite the rules of the Behaviour article", .timeLimit(.minutes(1)))
struct BehaviourCitationTests {
    static let article = "Sources/Rundown/Rundown.docc/Behaviour.md"

    /// Rules no test in `Tests` can pin, each with where it is checked instead.
    static let checkedElsewhere: [String: String] = [
        "Production-code-links-no-test-framework":
            ".ci/run builds and runs an app that imports only RundownTasks and reads its linked libraries"
    ]

    struct Heading: Equatable {
        var level: Int
        var text: String
        var anchor: String { text.replacingOccurrences(of: " ", with: "-") }
    }

    struct Citation: Equatable, CustomStringConvertible {
        var file: String
        var line: Int
        var text: String
        var description: String { "\(file):\(line): \(text)" }
    }

    /// The `##` and `###` headings of an article, outside code blocks.
    static func headings(in text: String) -> [Heading] {
        var inCode = false
        var found: [Heading] = []
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            if line.hasPrefix("```") { inCode.toggle() }
            guard !inCode else { continue }
            for level in [2, 3] where line.hasPrefix(String(repeating: "#", count: level) + " ") {
                found.append(Heading(level: level, text: String(line.dropFirst(level + 1))))
            }
        }
        return found
    }

    /// A heading whose anchor is exactly its text with hyphens for spaces: letters, digits, spaces and
    /// hyphens only (DocC drops or changes other characters, and the simple rule would no longer hold).
    static func isPlain(_ heading: Heading) -> Bool {
        !heading.text.isEmpty && heading.text.allSatisfy { $0.isLetter || $0.isNumber || $0 == " " || $0 == "-" }
    }

    /// The anchors `Behaviour#…` cited in `text`, each with its line.
    static func citations(in text: String, file: String) -> [Citation] {
        lines(of: text).flatMap { number, line in
            occurrences(of: "Behaviour#", in: line).compactMap { found in
                var anchor = line[found.upperBound...].prefix {
                    $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "-")
                }
                while anchor.last == "-" { anchor.removeLast() }
                return anchor.isEmpty ? nil : Citation(file: file, line: number, text: String(anchor))
            }
        }
    }

    /// Citations of documents outside the repository: a numbered contract section, an issue, a fault.
    static func outsideCitations(in text: String, file: String) -> [Citation] {
        lines(of: text).flatMap { number, line in
            var found = occurrences(of: "contract \u{00A7}", in: line).map { line[$0] }
            for word in ["issue", "fault"] {
                // The word, alone or plural, then a space and a digit: "Issue 16", "faults 3".
                found += occurrences(of: word, in: line).compactMap { range in
                    guard range.lowerBound == line.startIndex || !line[line.index(before: range.lowerBound)].isLetter
                    else { return nil }
                    var end = range.upperBound
                    if end < line.endIndex, line[end] == "s" { end = line.index(after: end) }
                    guard end < line.endIndex, line[end] == " " else { return nil }
                    let digit = line.index(after: end)
                    guard digit < line.endIndex, line[digit].isASCII, line[digit].isNumber else { return nil }
                    return line[range.lowerBound...digit]
                }
            }
            return found.map { Citation(file: file, line: number, text: String($0)) }
        }
    }

    /// Where `needle` occurs in `line`, ignoring case (a plain search: this reads every file under `Tests`).
    private static func occurrences(of needle: String, in line: Substring) -> [Range<Substring.Index>] {
        var ranges: [Range<Substring.Index>] = []
        var rest = line.startIndex..<line.endIndex
        while let found = line.range(of: needle, options: .caseInsensitive, range: rest) {
            ranges.append(found)
            rest = found.upperBound..<line.endIndex
        }
        return ranges
    }

    private static func lines(of text: String) -> [(Int, Substring)] {
        text.split(separator: "\n", omittingEmptySubsequences: false).enumerated().map { ($0 + 1, $1) }
    }

    /// Every text file under `Tests` but this one (whose checks of the checks cite wrongly on purpose),
    /// by its path from the package root; read once for all the tests here.
    static func testFiles() throws -> [(path: String, text: String)] { try allTestFiles.get() }

    private static let allTestFiles = Result { try readTestFiles() }

    private static func readTestFiles() throws -> [(path: String, text: String)] {
        let tests = PackageRoot.of().appendingPathComponent("Tests")
        let paths = (FileManager.default.subpaths(atPath: tests.path) ?? [])
            .filter {
                ($0.hasSuffix(".swift") || $0.hasSuffix(".md")) && !$0.hasSuffix("/BehaviourCitationTests.swift")
            }
            .sorted()
        return try paths.map { path in
            ("Tests/\(path)", try String(contentsOf: tests.appendingPathComponent(path), encoding: .utf8))
        }
    }

    static func articleText() throws -> String {
        try String(contentsOf: PackageRoot.of().appendingPathComponent(article), encoding: .utf8)
    }

    @Test("every heading of the article has a plain anchor, and no anchor is used twice")
    func theArticleHasPlainUniqueAnchors() async throws {
        let headings = try await onOwnThread { Self.headings(in: try Self.articleText()) }
        // So that a reader that finds nothing cannot pass: 57 rules in 12 areas at the time of writing.
        #expect(headings.filter { $0.level == 3 }.count >= 50, "found \(headings.map(\.text))")
        #expect(headings.filter { !Self.isPlain($0) }.map(\.text) == [])
        let anchors = headings.map(\.anchor)
        #expect(Set(anchors).count == anchors.count, "an anchor is used twice: \(anchors)")
    }

    @Test("every rule a test cites is a section of the article")
    func everyCitationNamesASection() async throws {
        let (anchors, citations) = try await onOwnThread {
            (
                Set(Self.headings(in: try Self.articleText()).map(\.anchor)),
                try Self.testFiles().flatMap { Self.citations(in: $0.text, file: $0.path) }
            )
        }
        #expect(citations.count >= 100, "expected the tests' citations, found \(citations.count)")
        let unknown = citations.filter { !anchors.contains($0.text) }
        #expect(
            unknown.isEmpty,
            "cited, but no heading of \(Self.article) has this anchor:\n\(unknown.map(\.description).joined(separator: "\n"))"
        )
    }

    @Test("every rule of the article is cited by a test")
    func everyRuleIsCited() async throws {
        let (rules, cited) = try await onOwnThread {
            let rules = Self.headings(in: try Self.articleText()).filter { $0.level == 3 }.map(\.anchor)
            // Only Swift files count: Tests/README.md lists every rule, and a list pins nothing.
            let sources = try Self.testFiles().filter { $0.path.hasSuffix(".swift") }
            return (rules, Set(sources.flatMap { Self.citations(in: $0.text, file: $0.path) }.map(\.text)))
        }
        let uncited = rules.filter { !cited.contains($0) && Self.checkedElsewhere[$0] == nil }
        #expect(uncited == [], "no test cites these rules; pin each with a test that names it Behaviour#<anchor>")
        let stale = Self.checkedElsewhere.keys.filter { !rules.contains($0) }
        #expect(stale == [], "checkedElsewhere names rules the article does not have")
    }

    @Test("no test cites a document that is not in the repository")
    func noOutsideCitations() async throws {
        let found = try await onOwnThread {
            try Self.testFiles().flatMap { Self.outsideCitations(in: $0.text, file: $0.path) }
        }
        #expect(
            found.isEmpty,
            "cite the rule as Behaviour#<anchor> instead:\n\(found.map(\.description).joined(separator: "\n"))")
    }

    @Test("the checks find an unknown anchor and outside citations, and read headings as DocC does")
    func checksCanFail() throws {
        let article = """
            # Title
            ## Structure
            ### Groups declare in a fixed order
            ```text
            ### not a heading
            ```
            ### Odd `code` heading
            """
        let headings = Self.headings(in: article)
        #expect(headings.map(\.anchor) == ["Structure", "Groups-declare-in-a-fixed-order", "Odd-`code`-heading"])
        #expect(headings.map(Self.isPlain) == [true, true, false])

        let test = """
            /// Behaviour#Groups-declare-in-a-fixed-order and Behaviour#No-such-rule: …
            // See contract \u{00A7}3, Issue 16, fault 2 and issues 4 and 5.
            """
        let citations = Self.citations(in: test, file: "T.swift")
        #expect(
            citations.map(\.description) == ["T.swift:1: Groups-declare-in-a-fixed-order", "T.swift:1: No-such-rule"])
        let anchors = Set(headings.map(\.anchor))
        #expect(citations.filter { !anchors.contains($0.text) }.map(\.text) == ["No-such-rule"])
        #expect(
            Self.outsideCitations(in: test, file: "T.swift").map(\.text) == [
                "contract \u{00A7}", "Issue 1", "issues 4", "fault 2",
            ])
    }
}
#endif
