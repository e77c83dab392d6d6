import Foundation
import Testing

/// Contract §1 and §9: what the type system must refuse, it refuses at compile
/// time with a message that says why. Each fixture in `Tests/CompileFixtures`
/// is compiled against the Rundown module this test run built.
@Suite struct CompileFixtureTests {
    static let fixtures: [URL] = {
        let folder = URL(fileURLWithPath: #filePath)
            .deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("CompileFixtures")
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
        return names.filter { $0.hasSuffix(".swift") }.sorted().map { folder.appendingPathComponent($0) }
    }()

    @Test func thereAreFixtures() {
        #expect(Self.fixtures.count >= 10)
    }

    @Test(arguments: fixtures)
    func fixtureCompilesAsItExpects(_ fixture: URL) throws {
        let source = try String(contentsOf: fixture, encoding: .utf8)
        let header = source.split(separator: "\n").prefix { $0.hasPrefix("//") }
        let expectedErrors = header.compactMap { line -> String? in
            guard line.hasPrefix("// expect-error: ") else { return nil }
            return String(line.dropFirst("// expect-error: ".count))
        }
        let expectsSuccess = header.contains("// expect-success")
        try #require(expectsSuccess != !expectedErrors.isEmpty, "\(fixture.lastPathComponent) must declare either expect-success or expect-error")

        let result = try Compiler.typecheck(fixture)
        if expectsSuccess {
            #expect(result.status == 0, "\(fixture.lastPathComponent) should compile:\n\(result.output)")
        } else {
            #expect(result.status != 0, "\(fixture.lastPathComponent) should not compile")
            for expected in expectedErrors {
                #expect(result.errors.contains { $0.contains(expected) }, "\(fixture.lastPathComponent): no error says «\(expected)»; the compiler said:\n\(result.errors.joined(separator: "\n"))")
            }
        }
    }
}

/// Runs the toolchain's compiler on a fixture, against the modules of this build.
enum Compiler {
    struct Result {
        var status: Int32
        var output: String
        /// The `error:` lines.
        var errors: [String] {
            output.split(separator: "\n").map(String.init).filter { $0.contains("error:") }
        }
    }

    static func typecheck(_ file: URL) throws -> Result {
        let process = Process()
        process.executableURL = try swiftc()
        process.arguments = ["-typecheck", "-swift-version", "6", "-I", try modulesFolder().path, file.path]
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = pipe
        try process.run()
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return Result(status: process.terminationStatus, output: String(decoding: data, as: UTF8.self))
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
        throw CompilerNotFound(what: "the build's Modules folder with Rundown.swiftmodule, above \(CommandLine.arguments[0])")
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
