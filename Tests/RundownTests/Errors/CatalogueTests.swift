import Foundation
import RundownTestSupport
import Testing

/// What users are told is written in one place per module, and every text of
/// it is one that some test makes Rundown say.
///
/// The entries are read from the sources, so that a new one is listed without
/// anyone remembering to: every type of a module's errors catalogue
/// (`Sources/<Module>/Errors/<Name>Errors.swift`), and every case of a warnings
/// enum (a `…Warning` enum, one a module). A test that provokes an entry and
/// checks what it says marks itself with a comment naming it,
/// `// reaches: EmptyGroup` or `// reaches: SettingsWarning.seedNotKnown` (a list
/// may follow, separated by commas); an entry that no test names is a failure
/// naming the entry.
@Suite struct CatalogueTests {
    /// Errors that carry no message of their own, each with why, so that any
    /// other error type outside a catalogue is a failure.
    static let notMessages: [String: String] = [
        "Skip": "the user's own skip, with the user's reason",
        "SpecFailure": "wraps another error with its path and location",
        "LateFailure": "wraps another error with the example it came late for",
        "AttemptFailure": "wraps another error with the attempt it failed on",
        "ReportedFailure": "carries an assertion's or a check's own message",
        "SystemError": "the system's reason in words, a part of the report-file errors",
        "DeadlineExceeded": "internal; its text is written by the wait that throws it",
        "ScheduleDivergence": "internal; a part of the explorer's failure that the body is not deterministic",
        "RunStop": "internal control flow of the explorer",
    ]

    /// The catalogued error types that do not have the one shape, each with why.
    static let unshaped: [String: String] = [
        "LabelExpressionError": "a part of SettingsWarning.labelsNotUnderstood, which says how to fix it",
        "ExplorationFailure": "lists the messages of other failures, each with its own fix",
    ]

    @Test func everyErrorTypeLivesInItsModulesCatalogue() async throws {
        let misplaced = try await onOwnThread {
            var misplaced: [String] = []
            for (path, text) in try Self.swiftFiles(under: "Sources") where !Self.isErrorsCatalogue(path) {
                for declaration in Self.topLevelDeclarations(in: text)
                where declaration.conformances.contains(where: Self.isErrorProtocol)
                    && Self.notMessages[declaration.name] == nil
                {
                    misplaced.append("\(declaration.name) (\(path))")
                }
            }
            return misplaced
        }
        #expect(
            misplaced.isEmpty,
            "error types outside an Errors/<Name>Errors.swift catalogue: \(misplaced.sorted()); move each into its module's catalogue, or say in CatalogueTests.notMessages why it carries no message of its own"
        )
    }

    @Test func everyCataloguedErrorHasTheOneShapeAndLinksItsArticle() async throws {
        let entries = try await onOwnThread { try Self.catalogue() }.filter { !$0.isWarning }
        try #require(entries.count >= 20, "\(entries.map(\.name))")
        for entry in entries {
            #expect(
                entry.conformances.contains("ExplainedError") || Self.unshaped[entry.name] != nil,
                "\(entry.name) (\(entry.path)) does not conform to ExplainedError")
            #expect(entry.documentation.contains("<doc:"), "the doc comment of \(entry.name) links no article")
        }
    }

    @Test func eachModuleHasOneWarningsEnumThatLinksItsArticle() async throws {
        let warningEnums = try await onOwnThread {
            try Self.swiftFiles(under: "Sources").flatMap { path, text in
                Self.topLevelDeclarations(in: text)
                    .filter { $0.kind == "enum" && $0.name.hasSuffix("Warning") }
                    .map { (module: Self.module(of: path), declaration: $0) }
            }
        }
        var enumsByModule: [String: [String]] = [:]
        for (module, declaration) in warningEnums {
            enumsByModule[module, default: []].append(declaration.name)
            #expect(declaration.documentation.contains("<doc:"), "\(declaration.name) links no article")
        }
        #expect(enumsByModule.count == 6, "\(enumsByModule)")
        for (module, names) in enumsByModule {
            #expect(names.count == 1, "\(module) has more than one warnings enum: \(names)")
        }
    }

    @Test func everyEntryIsReachedByATest() async throws {
        let (entries, marks) = try await onOwnThread { (try Self.catalogue(), try Self.reachMarks()) }
        let warnings = entries.filter(\.isWarning).count
        try #require(entries.count - warnings >= 20 && warnings >= 30, "\(entries.map(\.name))")
        let names = Set(entries.map(\.name))
        for entry in entries {
            #expect(
                marks[entry.name] != nil,
                "no test reaches \(entry.name) (\(entry.path)): provoke it in a test that checks what it says, and mark that test '// reaches: \(entry.name)'"
            )
        }
        for (name, files) in marks where !names.contains(name) {
            Issue.record("\(files.sorted()) mark '// reaches: \(name)', which is no entry of a catalogue")
        }
    }

    // MARK: - Reading the sources

    /// One error type or warning case of a catalogue.
    struct Entry {
        var name: String
        var path: String
        var conformances: [String]
        var documentation: String
        var isWarning: Bool
    }

    struct Declaration {
        var kind: String
        var name: String
        var conformances: [String]
        var documentation: String
        /// The lines of its body, up to the `}` that closes it at column 0.
        var body: [Substring]
    }

    static func catalogue() throws -> [Entry] {
        var entries: [Entry] = []
        for (path, text) in try swiftFiles(under: "Sources") {
            for declaration in topLevelDeclarations(in: text) {
                if isErrorsCatalogue(path) {
                    entries.append(
                        Entry(
                            name: declaration.name, path: path, conformances: declaration.conformances,
                            documentation: declaration.documentation, isWarning: false))
                } else if declaration.kind == "enum" && declaration.name.hasSuffix("Warning") {
                    for line in declaration.body where line.hasPrefix("    case ") {
                        let name = line.dropFirst("    case ".count).prefix { $0.isLetter || $0.isNumber }
                        entries.append(
                            Entry(
                                name: "\(declaration.name).\(name)", path: path, conformances: [],
                                documentation: declaration.documentation, isWarning: true))
                    }
                }
            }
        }
        return entries
    }

    /// Every name a `// reaches:` comment in the tests gives, with the files that give it.
    static func reachMarks() throws -> [String: Set<String>] {
        var marks: [String: Set<String>] = [:]
        for (path, text) in try swiftFiles(under: "Tests") where !path.hasSuffix("/CatalogueTests.swift") {
            for line in text.split(separator: "\n") {
                guard let range = line.range(of: "// reaches: ") else { continue }
                for name in line[range.upperBound...].split(separator: ",") {
                    marks[name.trimmingCharacters(in: .whitespaces), default: []].insert(path)
                }
            }
        }
        return marks
    }

    /// The types declared at column 0, with their doc comment and body.
    static func topLevelDeclarations(in text: String) -> [Declaration] {
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        var declarations: [Declaration] = []
        for (index, line) in lines.enumerated() where !(line.first?.isWhitespace ?? true) {
            var words = line.split(separator: " ")
            while let first = words.first, ["public", "package", "private", "fileprivate", "final"].contains(first) {
                words.removeFirst()
            }
            guard words.count >= 2, ["struct", "enum", "class"].contains(words[0]) else { continue }
            let name = String(words[1].prefix { $0.isLetter || $0.isNumber || $0 == "_" })
            let header = line.split(separator: "{", maxSplits: 1).first ?? ""
            let conformances =
                header.split(separator: ":", maxSplits: 1).dropFirst().first?.split(separator: ",").map {
                    $0.trimmingCharacters(in: .whitespaces)
                } ?? []
            let documentation = lines[..<index].reversed().prefix { $0.hasPrefix("///") }.reversed()
                .joined(separator: "\n")
            let body = lines[(index + 1)...].prefix { $0 != "}" }
            declarations.append(
                Declaration(
                    kind: String(words[0]), name: name, conformances: conformances, documentation: documentation,
                    body: Array(body)))
        }
        return declarations
    }

    static func isErrorProtocol(_ name: String) -> Bool {
        ["Error", "LocatedError", "ExplainedError"].contains(name)
    }

    /// `Sources/RundownEngine/Errors/EngineErrors.swift`.
    static func isErrorsCatalogue(_ path: String) -> Bool {
        let parts = path.split(separator: "/")
        return parts.count == 4 && parts[0] == "Sources" && parts[2] == "Errors" && parts[3].hasSuffix("Errors.swift")
    }

    static func module(of path: String) -> String {
        String(path.split(separator: "/").dropFirst().first ?? "")
    }

    /// Every Swift file below `folder` of the package, by its path from the package's root.
    static func swiftFiles(under folder: String) throws -> [(path: String, text: String)] {
        let root = PackageRoot.of()
        let base = root.appendingPathComponent(folder)
        let enumerator = try #require(FileManager.default.enumerator(at: base, includingPropertiesForKeys: nil))
        var files: [(String, String)] = []
        for case let url as URL in enumerator where url.pathExtension == "swift" {
            let relative = String(url.standardizedFileURL.path.dropFirst(root.standardizedFileURL.path.count + 1))
            files.append((relative, try String(contentsOf: url, encoding: .utf8)))
        }
        return files.sorted { $0.0 < $1.0 }
    }
}
