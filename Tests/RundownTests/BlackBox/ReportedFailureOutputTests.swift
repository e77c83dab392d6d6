#if os(Linux)
import Foundation
import Testing

#if canImport(FoundationXML)
import FoundationXML
#endif

/// Behaviour#Failures-in-XCTest and Behaviour#JUnit-reports, black-box: assertions that XCTest records by itself
/// (in a `Rundown.TestCase` and in a plain `XCTestCase`), and `#expect` inside
/// XCTest, fail their example in the tree (`RUNDOWN_REPORT=tree`) and in the
/// JUnit report (`RUNDOWN_JUNIT`), with message and `file:line`, and XCTest
/// records each of them once. Runs `ReportedFailureFixtures` in a child process.
@Suite(.serialized, .enabled(if: HostOutput.testBinary != nil, "needs the SwiftPM test binary"))
struct ReportedFailureOutputTests {
    struct Outcome {
        var lines: [String]
        var junit: JUnitDocument
    }

    static func run(_ fixtures: String) async throws -> Outcome {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
            "rundown-reported-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: directory) }
        var environment = ProcessInfo.processInfo.environment.filter {
            !$0.key.hasPrefix("RUNDOWN_") && $0.key != "CI"
        }
        environment["RUNDOWN_FIXTURES"] = "1"
        environment["NO_COLOR"] = "1"
        environment["RUNDOWN_REPORT"] = "tree"
        environment["RUNDOWN_JUNIT"] = directory.path + "/"
        let binary = URL(fileURLWithPath: try #require(HostOutput.testBinary))
        let run = try await ChildProcess.run(binary, ["RundownHostFixtures.\(fixtures)"], environment: environment)
        let files = try FileManager.default.contentsOfDirectory(atPath: directory.path)
        let file = try #require(files.first { $0.hasSuffix(".xml") })
        return Outcome(
            lines: try await HostOutput.lines(of: run.output) { $0.replacing(/\(\d+\.\d{3} s\)/, with: "(t)") },
            junit: try JUnitDocument(String(contentsOfFile: directory.path + "/" + file, encoding: .utf8)))
    }

    @Test func xcTestAssertionsFailTheirExamplesInTheTreeAndJUnit() async throws {
        let fixtures = try SourceFile("Tests/RundownHostFixtures/ReportedFailureFixtures.swift")
        let path = HostOutput.root + fixtures.path
        let outcome = try await Self.run("ReportedFailureFixtures")
        let lines = outcome.lines

        // XCTest records each failure once.
        #expect(lines.filter { $0.contains(": error: ") }.count == 5)
        #expect(lines.contains("\t Executed 5 tests, with 5 failures (0 unexpected) in TIME (TIME) seconds"))

        let equal = #"XCTAssertEqual failed: ("1") is not equal to ("2")"#
        #expect(
            Self.tree(lines, "testAnAssertionInASynchronousSpec") == [
                "  Cart", "    with one item", "      ✘ counts it (t)", "        \(equal)", "      ✔ passes (t)",
            ])
        #expect(
            Self.tree(lines, "testAnAssertionInATaskTheExampleAwaits") == [
                "  Async cart", "    ✘ awaits its task (t)", "      failed - from the task",
            ])
        #expect(
            Self.tree(lines, "testAnExampleThatFailsAndSkips") == [
                "  Skipping cart", "    ✘ fails, then skips (t)", "      failed - broken",
                "    skipped skips (no database)",
            ])
        #expect(
            Self.tree(lines, "testAnExpectInAnXCTestSpec") == [
                "  Expecting cart", "    ✘ expects (t)", "      Expectation failed: (1 + 1 → 2) == 3",
            ])
        #expect(
            Self.tree(lines, "testAHookAssertion") == [
                "  Hooked cart", "    ✘ beforeAll: failed - setup", "    ✔ runs (t)",
            ])
        // Only the example that skipped without failing is reported as skipped.
        #expect(lines.filter { $0.hasPrefix("Rundown: ") } == ["Rundown: Skipping cart, skips: skipped (no database)"])

        let junit = outcome.junit
        #expect(junit.root["failures"] == "5" && junit.root["skipped"] == "1")
        func failure(_ name: String) -> [String] {
            junit.cases.first { $0.name == name }?.failureTexts ?? []
        }
        #expect(
            failure("Cart, with one item, counts it") == [
                "\(path):\(fixtures.line(of: "XCTAssertEqual(1, 2)", in: "testAnAssertionInASynchronousSpec")): \(equal)"
            ])
        #expect(
            failure("Async cart, awaits its task") == [
                "\(path):\(fixtures.line(of: "XCTFail(\"from the task\")", in: "testAnAssertionInATask")): failed - from the task"
            ])
        #expect(
            failure(#"Skipping cart, "fails, then skips""#) == [
                "\(path):\(fixtures.line(of: "XCTFail(\"broken\")", in: "testAnExampleThatFailsAndSkips")): failed - broken"
            ])
        #expect(junit.cases.first { $0.name == #"Skipping cart, "fails, then skips""# }?.skipped == [])
        #expect(
            failure("Expecting cart, expects") == [
                "\(path):\(fixtures.line(of: "#expect(1 + 1 == 3)", in: "testAnExpectInAnXCTestSpec")): Expectation failed: (1 + 1 → 2) == 3"
            ])
        #expect(
            failure("Hooked cart, beforeAll") == [
                "\(path):\(fixtures.line(of: "XCTFail(\"setup\")", in: "testAHookAssertion")): failed - setup"
            ])
        #expect(failure("Cart, with one item, passes").isEmpty)
    }

    @Test func anAssertionInAPlainXCTestCaseFailsItsExample() async throws {
        let fixtures = try SourceFile("Tests/RundownHostFixtures/ReportedFailureFixtures.swift")
        let path = HostOutput.root + fixtures.path
        let outcome = try await Self.run("PlainReportedFailureFixtures")
        let equal = #"XCTAssertEqual failed: ("1") is not equal to ("2")"#
        #expect(outcome.lines.filter { $0.contains(": error: ") }.count == 1)
        #expect(
            Self.tree(outcome.lines, "spec 'Plain cart'") == [
                "  Plain cart", "    ✘ counts it (t)", "      \(equal)",
            ])
        #expect(outcome.junit.root["failures"] == "1")
        #expect(
            outcome.junit.cases.first?.failureTexts == [
                "\(path):\(fixtures.line(of: "XCTAssertEqual(1, 2)", in: "testAnAssertionInAPlainTestCase")): \(equal)"
            ])
    }

    /// The tree printed under the header that contains `anchor`: its indented lines.
    static func tree(_ lines: [String], _ anchor: String) -> [String] {
        guard let header = lines.firstIndex(where: { $0.hasPrefix("Rundown tree of ") && $0.contains(anchor) }) else {
            return []
        }
        return Array(lines[(header + 1)...].prefix { $0.hasPrefix("  ") })
    }
}
#endif
