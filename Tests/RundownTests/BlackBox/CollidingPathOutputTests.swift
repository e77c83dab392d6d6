#if os(Linux)
import Foundation
import Testing

/// Behaviour#Two-paths-never-print-the-same, black-box: `"a, b" ⊃ "c"` and `"a" ⊃ "b, c"` stay two paths
/// in the messages, JUnit and the file of `RUNDOWN_FAILURES`, and `RUNDOWN_FILTER` (`@file` or a
/// pattern copied from them) reruns exactly the one it names, in XCTest and Swift Testing
/// (`CollidingPathFixtures.swift`, in child processes of this test binary).
@Suite(.serialized, .enabled(if: HostOutput.testBinary != nil, "needs the SwiftPM test binary"))
struct CollidingPathOutputTests {
    typealias Run = FailuresFileOutputTests

    static let processes: [Run.Process] = [
        .xctest("CollidingPathXCTestFixtures"), .swiftTesting("CollidingPathSwiftTestingFixtures"),
    ]

    @Test func collidingPathsStayDistinctAndRerunExactly() async throws {
        let folder = try Run.Folder()
        let junit = folder.url.appendingPathComponent("junit.xml").path
        let first = try await Run.run(
            Self.processes.map { [$0] }, in: folder,
            environment: ["RUNDOWN_FAILURES": folder.failures, "RUNDOWN_JUNIT": junit])
        #expect(first.map(\.status) == [1, 1], "\(first.map(\.lines))")
        // Joined plainly, both paths were `Colliding XC, a, b, c`, and the file reran both.
        #expect(try folder.listed() == [#"Colliding ST, "a, b", c"#, #"Colliding XC, "a, b", c"#])
        // XCTest's message names the path; Swift Testing's issue names it in its comment.
        #expect(
            first.first?.lines.contains { $0.hasSuffix(#": Colliding XC, "a, b", c: FixtureError(disk full)"#) }
                == true,
            "\(first.map(\.lines))")
        #expect(first.last?.lines.contains(#"↳ Colliding ST, "a, b", c"#) == true, "\(first.map(\.lines))")
        let report = try String(contentsOfFile: junit, encoding: .utf8)
        let names = report.split(separator: "\n").compactMap { line -> String? in
            guard let start = line.range(of: "<testcase name=\"") else { return nil }
            let rest = line[start.upperBound...]
            return String(rest.prefix { $0 != "\"" }).replacing("&quot;", with: "\"")
        }
        #expect(
            names.sorted() == [
                #"Colliding ST, "a, b", c"#, #"Colliding ST, a, "b, c""#, #"Colliding XC, "a, b", c"#,
                #"Colliding XC, a, "b, c""#,
            ])

        let rerun = try await Run.run(
            Self.processes.map { [$0] }, in: folder, environment: ["RUNDOWN_FILTER": "@\(folder.failures)"])
        #expect(rerun.map(\.status) == [1, 1], "\(rerun.map(\.lines))")
        #expect(rerun.map(\.ran) == [["ran: XC, a, b ⊃ c"], ["ran: ST, a, b ⊃ c"]])

        // A pattern as the messages write the path selects that path alone.
        let picked = try await Run.run(
            Self.processes.map { [$0] }, in: folder, environment: ["RUNDOWN_FILTER": #"a, "b, c""#])
        #expect(picked.map(\.status) == [0, 0], "\(picked.map(\.lines))")
        #expect(picked.map(\.ran) == [["ran: XC, a ⊃ b, c"], ["ran: ST, a ⊃ b, c"]])
    }
}
#endif
