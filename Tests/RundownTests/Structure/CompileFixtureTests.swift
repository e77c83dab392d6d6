import Foundation
import RundownTestSupport
import Testing

/// Behaviour#Groups-declare-in-a-fixed-order, Behaviour#Synchronous-and-asynchronous-closures-mix and
/// Behaviour#Mistakes-never-crash: what the type system must refuse, it refuses at compile
/// time with a message that says why. Each fixture in `Tests/CompileFixtures`
/// is compiled against the Rundown module this test run built.
@Suite struct CompileFixtureTests {
    static let fixtures: [URL] = {
        let folder = PackageRoot.of().appendingPathComponent("Tests/CompileFixtures")
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
        return names.filter { $0.hasSuffix(".swift") }.sorted().map { folder.appendingPathComponent($0) }
    }()

    @Test func thereAreFixtures() {
        #expect(Self.fixtures.count >= 10)
    }

    @Test(arguments: fixtures)
    func fixtureCompilesAsItExpects(_ fixture: URL) async throws {
        let name = fixture.lastPathComponent
        let source = try String(contentsOf: fixture, encoding: .utf8)
        let header = source.split(separator: "\n").prefix { $0.hasPrefix("//") }
        let expectsSuccess = header.contains("// expect-success")
        let expected = try header.compactMap { line in try ExpectedError(header: line, in: fixture) }
        try #require(expectsSuccess != !expected.isEmpty, "\(name) must declare either expect-success or expect-error")

        let result = try await Compiler.typecheck(fixture)
        if expectsSuccess {
            #expect(result.status == 0, "\(name) should compile:\n\(result.output)")
            return
        }
        #expect(result.status != 0, "\(name) should not compile")
        let errors = result.errors(in: fixture)
        for expectation in expected {
            #expect(
                errors.contains { expectation.matches($0) },
                "\(name): no error on line \(expectation.line) says «\(expectation.text)»; the compiler said:\n\(result.output)"
            )
        }
        for error in errors where !expected.contains(where: { $0.matches(error) }) {
            Issue.record("\(name): unexpected error on line \(error.line): \(error.message)")
        }
        let count = "// expect-error-count: "
        if let line = header.first(where: { $0.hasPrefix(count) }) {
            // Every error of the output, in macro expansions too: a cascade repeats one error many times.
            let expectedCount = try #require(Int(line.dropFirst(count.count)), "\(name): \(line)")
            let all = result.output.split(separator: "\n").filter { $0.contains(": error: ") && !$0.hasPrefix(" ") }
            #expect(all.count == expectedCount, "\(name): the compiler said:\n\(result.output)")
        }
        let unmentioned = "// expect-no-error-mentioning: "
        for text in header.filter({ $0.hasPrefix(unmentioned) }).map({ $0.dropFirst(unmentioned.count) }) {
            for error in errors where error.message.contains(text) {
                Issue.record("\(name): the error on line \(error.line) mentions «\(text)»: \(error.message)")
            }
        }
    }
}

/// An `// expect-error: NAME: TEXT` header: an error whose message contains
/// the text, on the line of the fixture that ends with the marker `// line: NAME`
/// (so the expectation stays on its line however the fixture is formatted).
struct ExpectedError {
    var line: Int
    var text: String

    init?(header: Substring, in fixture: URL, sourceLocation: SourceLocation = #_sourceLocation) throws {
        let prefix = "// expect-error: "
        guard header.hasPrefix(prefix) else { return nil }
        let rest = header.dropFirst(prefix.count)
        guard let colon = rest.firstIndex(of: ":"), !rest[..<colon].isEmpty else {
            throw MalformedHeader(fixture: fixture.lastPathComponent, header: String(header))
        }
        self.line = SourceLine.marked(String(rest[..<colon]), in: fixture.path, sourceLocation: sourceLocation)
        self.text = rest[rest.index(after: colon)...].trimmingCharacters(in: .whitespaces)
    }

    func matches(_ error: CompilerError) -> Bool {
        error.line == line && error.message.contains(text)
    }

    struct MalformedHeader: Error, CustomStringConvertible {
        var fixture: String
        var header: String
        var description: String { "\(fixture): «\(header)» should read «// expect-error: NAME: TEXT»" }
    }
}

/// One `file:line:column: error: message` line of the compiler's output.
struct CompilerError {
    var line: Int
    var message: String
}

/// Runs the toolchain's compiler on a fixture, against the modules of this build.
enum Compiler {
    struct Result {
        var status: Int32
        var output: String
        /// The errors the compiler reported in `file`, with their lines.
        func errors(in file: URL) -> [CompilerError] {
            let prefix = file.path + ":"
            return output.split(separator: "\n").compactMap { line in
                guard line.hasPrefix(prefix) else { return nil }
                let fields = line.dropFirst(prefix.count).split(
                    separator: ":", maxSplits: 3, omittingEmptySubsequences: false)
                guard fields.count == 4, let number = Int(fields[0]), fields[2] == " error" else { return nil }
                return CompilerError(line: number, message: fields[3].trimmingCharacters(in: .whitespaces))
            }
        }
    }

    static func typecheck(_ file: URL) async throws -> Result {
        let run = try await ChildProcess.run(
            try swiftc(), ["-typecheck", "-swift-version", "6", "-I", try modulesFolder().path, file.path])
        return Result(status: run.status, output: run.output)
    }

    /// The folder holding `Rundown.swiftmodule`: the build folder of this test binary.
    static func modulesFolder() throws -> URL {
        var folder = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
        while folder.path != "/" {
            let candidate = folder.appendingPathComponent("Modules")
            if FileManager.default.fileExists(atPath: candidate.appendingPathComponent("Rundown.swiftmodule").path) {
                return candidate
            }
            folder.deleteLastPathComponent()
        }
        throw CompilerNotFound(
            what: "the build's Modules folder with Rundown.swiftmodule, above \(CommandLine.arguments[0])")
    }

    /// `swiftc` from the toolchain running the tests.
    static func swiftc() throws -> URL {
        let environment = ProcessInfo.processInfo.environment
        let paths = (environment["PATH"] ?? "").split(separator: ":").map(String.init)
        for path in paths {
            let candidate = URL(fileURLWithPath: path).appendingPathComponent("swiftc")
            if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
        }
        throw CompilerNotFound(what: "swiftc on the PATH")
    }

    struct CompilerNotFound: Error, CustomStringConvertible {
        var what: String
        var description: String { "Could not find \(what)" }
    }
}
