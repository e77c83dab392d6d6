#if canImport(Testing)
import Foundation
import Testing

/// Keeps documentation honest: every `swift` code block in the module's DocC comments and in
/// README-section.md must appear, line for line, in DocSamples.swift, which the compiler checks.
@Suite("Documentation samples are compiled", .timeLimit(.minutes(1)))
struct DocSampleSyncTests {
    private static let testsDirectory = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    private static let packageRoot = testsDirectory.deletingLastPathComponent().deletingLastPathComponent()

    /// Lines without indentation, blank lines or runs of spaces, so layout differences (the
    /// formatter's two spaces before a trailing comment, say) do not matter.
    private static func normalized(_ lines: some Sequence<Substring>) -> [String] {
        lines.map { $0.split(separator: " ", omittingEmptySubsequences: true).joined(separator: " ") }
            .filter { !$0.isEmpty }
    }

    private static func codeBlocks(in text: String, docComment: Bool) -> [[String]] {
        var blocks: [[String]] = []
        var current: [Substring]?
        for rawLine in text.split(separator: "\n", omittingEmptySubsequences: false) {
            var line = rawLine.drop { $0 == " " }
            if docComment {
                guard line.hasPrefix("///") else { continue }
                line = line.dropFirst(3)
                if line.hasPrefix(" ") { line = line.dropFirst() }
            }
            if current == nil, line.hasPrefix("```swift") {
                current = []
            } else if current != nil, line.hasPrefix("```") {
                blocks.append(normalized(current!))
                current = nil
            } else if current != nil {
                current!.append(line)
            }
        }
        return blocks
    }

    private static func contains(_ haystack: [String], _ needle: [String]) -> Bool {
        guard !needle.isEmpty, needle.count <= haystack.count else { return needle.isEmpty }
        return (0...(haystack.count - needle.count)).contains { start in
            Array(haystack[start..<(start + needle.count)]) == needle
        }
    }

    /// The README section on its own while it is being written, or the same section inside the
    /// product README once it has been merged there.
    private static func readmeSection() throws -> (String, String)? {
        let draft = packageRoot.appendingPathComponent("README-section.md")
        if FileManager.default.fileExists(atPath: draft.path) {
            return ("README-section.md", try String(contentsOf: draft, encoding: .utf8))
        }
        let readme = packageRoot.appendingPathComponent("README.md")
        guard FileManager.default.fileExists(atPath: readme.path) else { return nil }
        let text = try String(contentsOf: readme, encoding: .utf8)
        guard let start = text.range(of: "## Testing concurrent code") else { return nil }
        let rest = text[start.upperBound...]
        let end = rest.range(of: "\n## ")?.lowerBound ?? rest.endIndex
        return ("README.md", String(rest[..<end]))
    }

    @Test("every sample in the sources and the README section compiles in DocSamples.swift")
    func samplesAreInDocSamples() throws {
        let samples = try String(
            contentsOf: Self.testsDirectory.appendingPathComponent("DocSamples.swift"), encoding: .utf8)
        let compiled = Self.normalized(samples.split(separator: "\n"))

        var blocks: [(source: String, lines: [String])] = []
        for module in ["RundownConcurrency", "RundownTasks"] {
            let sources = Self.packageRoot.appendingPathComponent("Sources/\(module)")
            // The module's files sit in folders by concept, so look through all of them.
            let files = (FileManager.default.subpaths(atPath: sources.path) ?? []).filter { $0.hasSuffix(".swift") }
            for file in files.sorted() {
                let text = try String(contentsOf: sources.appendingPathComponent(file), encoding: .utf8)
                blocks += Self.codeBlocks(in: text, docComment: true).map { (file, $0) }
            }
        }
        let sourceBlockCount = blocks.count
        #expect(sourceBlockCount >= 8, "expected DocC samples for all six parts, found \(sourceBlockCount)")

        if let (name, section) = try Self.readmeSection() {
            let readmeBlocks = Self.codeBlocks(in: section, docComment: false)
            #expect(
                readmeBlocks.count >= 7, "expected README samples for all six parts, found \(readmeBlocks.count)")
            blocks += readmeBlocks.map { (name, $0) }
        }

        for block in blocks {
            let isCompiled = Self.contains(compiled, block.lines)
            #expect(
                isCompiled,
                "sample from \(block.source) is not in DocSamples.swift:\n\(block.lines.joined(separator: "\n"))")
        }
    }
}
#endif
