#if canImport(Testing)
import Foundation
import RundownTestSupport
import Testing

/// Keeps documentation honest: every Swift code sample a reader sees must be compiled by a test target.
///
/// The samples checked are
/// - every ```` ```swift ```` block of every `.md` file under `Sources/*/*.docc` (the DocC articles) and of
///   `README.md`;
/// - every ```` ```swift ```` block in the `///` comments of the sources of `docCommentModules`
///   (every module of the package that a user imports, or gets through `import Rundown`).
///
/// Each must appear, line for line, in one of the compiled sample files: every `.swift` file under `Tests`
/// whose name contains `Samples` (`DocSamples.swift`, `MigratingFromQuickSamples.swift`,
/// `DocSamplesXCTests.swift`, `ArticleSamples.swift`, …) and `MigratingFromQuickPort.swift`. The comparison
/// ignores indentation, blank lines, runs of spaces and a sample's `import` lines (a sample file has its
/// imports at its top, once).
///
/// A block that is meant not to compile, or cannot (shell commands, `Package.swift` lines, a compile
/// error shown on purpose, another library's code, console output), either uses another fence language
/// (```` ```sh ````, ```` ```text ````) or stands directly below the line `<!-- sample: not compiled -->`.
@Suite("Documentation samples are compiled", .timeLimit(.minutes(1)))
struct DocSampleSyncTests {
    private static let packageRoot = PackageRoot.of()

    /// The modules whose `///` samples are checked: every module a user imports or gets re-exported.
    static let docCommentModules = ["RundownConcurrency", "RundownTasks", "Rundown", "RundownDSL", "RundownEngine"]

    /// The marker that exempts the ```swift block right below it from the check.
    static let notCompiledMarker = "<!-- sample: not compiled -->"

    /// Lines without indentation, blank lines, `import` lines or runs of spaces, so layout differences
    /// (the formatter's two spaces before a trailing comment, say) do not matter.
    static func normalized(_ lines: some Sequence<Substring>) -> [String] {
        lines.map { $0.split(separator: " ", omittingEmptySubsequences: true).joined(separator: " ") }
            .filter { !$0.isEmpty && !$0.hasPrefix("import ") }
    }

    /// The ```swift blocks of `text`; for a doc comment, only its `///` lines are read.
    static func codeBlocks(in text: String, docComment: Bool) -> [[String]] {
        var blocks: [[String]] = []
        var current: [Substring]?
        var previous: Substring = ""
        for rawLine in text.split(separator: "\n", omittingEmptySubsequences: false) {
            var line = rawLine.drop { $0 == " " }
            if docComment {
                guard line.hasPrefix("///") else { continue }
                line = line.dropFirst(3)
                if line.hasPrefix(" ") { line = line.dropFirst() }
            }
            if current == nil, line.hasPrefix("```swift") {
                // A marked block is left out: its lines are passed over like prose.
                if previous.trimmingCharacters(in: .whitespaces) != notCompiledMarker { current = [] }
            } else if current != nil, line.hasPrefix("```") {
                blocks.append(normalized(current!))
                current = nil
            } else if current != nil {
                current!.append(line)
            }
            previous = line
        }
        return blocks
    }

    static func contains(_ haystack: [String], _ needle: [String]) -> Bool {
        guard !needle.isEmpty, needle.count <= haystack.count else { return needle.isEmpty }
        return (0...(haystack.count - needle.count)).contains { start in
            Array(haystack[start..<(start + needle.count)]) == needle
        }
    }

    private static func files(under directory: String, where include: (String) -> Bool) -> [String] {
        let root = packageRoot.appendingPathComponent(directory)
        return (FileManager.default.subpaths(atPath: root.path) ?? []).filter(include).sorted()
            .map { "\(directory)/\($0)" }
    }

    private static func read(_ path: String) throws -> String {
        try String(contentsOf: packageRoot.appendingPathComponent(path), encoding: .utf8)
    }

    /// The compiled sample files, each normalized.
    static func sampleFiles() throws -> [(path: String, lines: [String])] {
        let paths = files(under: "Tests") { path in
            let name = (path as NSString).lastPathComponent
            return name.hasSuffix(".swift") && name != "DocSampleSyncTests.swift"
                && (name.contains("Samples") || name == "MigratingFromQuickPort.swift")
        }
        return try paths.map { ($0, normalized(try read($0).split(separator: "\n"))) }
    }

    /// The samples of the documentation: DocC articles, README.md, and the toolkit's doc comments.
    static func documentedSamples() throws -> (articles: Int, blocks: [(source: String, lines: [String])]) {
        var blocks: [(source: String, lines: [String])] = []
        let articles = files(under: "Sources") { $0.hasSuffix(".md") && $0.contains(".docc/") } + ["README.md"]
        for path in articles {
            blocks += codeBlocks(in: try read(path), docComment: false).map { (path, $0) }
        }
        for module in docCommentModules {
            // The module's files sit in folders by concept, so look through all of them.
            for path in files(under: "Sources/\(module)", where: { $0.hasSuffix(".swift") }) {
                blocks += codeBlocks(in: try read(path), docComment: true).map { (path, $0) }
            }
        }
        return (articles.count, blocks)
    }

    @Test("every swift sample of the DocC articles, the README and the toolkit's doc comments is compiled")
    func samplesAreCompiled() async throws {
        let samples = try await onOwnThread { try Self.sampleFiles() }
        let (articles, blocks) = try await onOwnThread { try Self.documentedSamples() }
        #expect(samples.count >= 5, "expected the sample files of three test targets, found \(samples.map(\.path))")
        // So that a scanner that finds nothing cannot pass: 11 articles and the README at the time of writing.
        #expect(articles >= 12, "expected the DocC articles and README.md, found \(articles) files")
        #expect(blocks.count >= 50, "expected the documentation's samples, found \(blocks.count)")

        let uncompiled = try await onOwnThread {
            blocks.filter { block in !samples.contains { Self.contains($0.lines, block.lines) } }
        }
        for block in uncompiled {
            Issue.record(
                """
                sample from \(block.source) is in no compiled sample file (\(samples.map(\.path).joined(separator: ", "))); \
                copy it there, or mark it '\(Self.notCompiledMarker)':
                \(block.lines.joined(separator: "\n"))
                """)
        }
    }

    @Test("the check finds a sample that is in no sample file, and honours the marker and other fences")
    func checkCanFail() async throws {
        let text = """
            ```swift
            let answer = 42
            print(answer + 1, "not in any sample file")
            ```
            <!-- sample: not compiled -->
            ```swift
            let notCompiled: Int = "on purpose"
            ```
            ```text
            console output
            ```
            """
        let blocks = Self.codeBlocks(in: text, docComment: false)
        #expect(blocks == [["let answer = 42", "print(answer + 1, \"not in any sample file\")"]])
        try #require(blocks.count == 1)
        let found = try await onOwnThread { try Self.sampleFiles().contains { Self.contains($0.lines, blocks[0]) } }
        #expect(!found)
    }
}
#endif
