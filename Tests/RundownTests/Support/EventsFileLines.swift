import Foundation
import RundownTestSupport
import Testing

/// The records of a file of `RUNDOWN_EVENTS`, each line read as JSON and
/// checked against the shipped schema, `Schemas/rundown-events.schema.json`.
struct EventsFileLines {
    let records: [JSONValue]

    /// The schema, read from the package.
    static func schema() throws -> JSONSchemaCheck {
        let url = PackageRoot.of().appendingPathComponent("Schemas/rundown-events.schema.json")
        return JSONSchemaCheck(try JSONValue(parsing: String(contentsOf: url, encoding: .utf8)))
    }

    /// Reads the file at `path`; a line that is no JSON, or that the schema
    /// does not allow, fails the test that asked, saying which and why.
    init(_ path: String, sourceLocation: SourceLocation = #_sourceLocation) throws {
        let check = try Self.schema()
        let text = try String(contentsOfFile: path, encoding: .utf8)
        #expect(text.hasSuffix("\n"), "the file does not end a line", sourceLocation: sourceLocation)
        var records: [JSONValue] = []
        for (index, line) in text.split(separator: "\n", omittingEmptySubsequences: false).dropLast().enumerated() {
            do {
                let record = try JSONValue(parsing: String(line))
                let problems = check.problems(of: record)
                #expect(problems.isEmpty, "line \(index + 1): \(problems)\n\(line)", sourceLocation: sourceLocation)
                records.append(record)
            } catch {
                Issue.record("line \(index + 1) is no JSON: \(error)\n\(line)", sourceLocation: sourceLocation)
            }
        }
        self.records = records
    }

    /// The records of `kind`.
    func of(_ kind: String) -> [JSONValue] {
        records.filter { $0["kind"]?.stringValue == kind }
    }

    /// The records of `kind` whose path starts with `prefix`.
    func of(_ kind: String, under prefix: [String]) -> [JSONValue] {
        of(kind).filter { ($0["path"]?.strings ?? []).starts(with: prefix) }
    }

    /// The record of `kind` whose path is `path`; fails the test unless there is exactly one.
    func one(_ kind: String, _ path: [String], sourceLocation: SourceLocation = #_sourceLocation) -> JSONValue? {
        let found = of(kind).filter { $0["path"]?.strings == path }
        #expect(found.count == 1, "\(found.count) \(kind) records of \(path)", sourceLocation: sourceLocation)
        return found.first
    }
}
