#if canImport(XCTest)
import RundownDSL
import RundownEngine
import RundownXCTestSupport
import XCTest

/// An XCTest base class whose `spec` methods record every failure of a spec as
/// a failure of the running test method, its message starting with the full
/// path of the element that failed.
///
/// ```swift
/// import Rundown
/// import XCTest
///
/// final class ParserTests: Rundown.TestCase {
///     func testParser() throws {
///         try spec {
///             let parser = fresh { Parser() }
///             it("parses nothing from nothing") { XCTAssertEqual(try parser.value.parse(""), []) }
///         }
///     }
/// }
/// ```
///
/// Its specs' closures are not isolated to any actor, so they capture the
/// test's `self` and local variables freely, and a synchronous spec runs on the
/// thread of its test method. For specs whose closures touch `@MainActor`
/// state without `await`, conform the subclass to ``MainActorSuite`` as well:
/// its `spec` then builds main-actor specs, reported the same way. The class
/// is not main-actor isolated, so subclasses with only synchronous tests are
/// discovered on Linux too. A spec whose every example was skipped reports the
/// test method as skipped.
///
/// `XCTAssert…` failures inside a spec start with the path as well, and
/// `#expect`, `#require` and `Issue.record` inside a spec fail the test
/// method at their line. A failure from a task an element started is that
/// test's, or, once the test has ended, printed as late: it never fails
/// another test. On Apple platforms each example and hook of a
/// synchronous spec runs inside an XCTest activity named with its path.
open class TestCase: XCTestCase {
    /// Marks the test as running while XCTest runs it, set-up and tear-down
    /// included: a failure that a task started by the test reports after it
    /// ended is then printed, instead of stopping the process (corelibs
    /// XCTest does that for a failure of a test that has ended).
    open override func invokeTest() {
        TestCaseRuns.begin(self, defersSkips: Self.defersSkips)
        defer { TestCaseRuns.end(self) }
        super.invokeTest()
    }

    #if !canImport(ObjectiveC)
    /// Whether a spec that skipped everything lets its test go on, the skip
    /// being reported when the test ends: on Linux, where Rundown wraps the
    /// test's closure. Apple's XCTest calls test methods another way, so there
    /// such a spec reports the test as skipped at once.
    private static var defersSkips: Bool { true }

    /// Creates a test case whose test reports, when it ends, a skip that its
    /// specs deferred: every spec skipped everything, and nothing failed.
    public required init(name: String, testClosure: @escaping XCTestCaseClosure) {
        super.init(name: name) { testCase in
            try testClosure(testCase)
            if let skip = TestCaseRuns.pendingSkip(of: testCase) {
                throw skip
            }
        }
    }

    /// Hands a failure recorded in a spec's element or hook (`XCTAssert…`,
    /// `XCTFail`), or in a task it started, to that spec's run, which records
    /// it against the test that ran the spec, with its path, at its line: not
    /// against whichever test XCTest runs now.
    open override func recordFailure(
        withDescription description: String, inFile filePath: String, atLine lineNumber: Int, expected: Bool
    ) {
        if XCTestAssertionFailure.postToCurrentRun(description: description, filePath: filePath, line: lineNumber) {
            return
        }
        let prefixed = XCTestHost.pathPrefix.map { "\($0)\(description)" } ?? description
        super.recordFailure(withDescription: prefixed, inFile: filePath, atLine: lineNumber, expected: expected)
    }
    #else
    private static var defersSkips: Bool { false }

    /// Hands a failure recorded in a spec's element or hook (`XCTAssert…`,
    /// `XCTFail`), or in a task it started, to that spec's run, which records
    /// it against the test that ran the spec, with its path, at its line: not
    /// against whichever test XCTest runs now.
    open override func record(_ issue: XCTIssue) {
        let location = issue.sourceCodeContext.location
        if XCTestAssertionFailure.postToCurrentRun(
            description: issue.compactDescription, filePath: location?.fileURL.path, line: location?.lineNumber)
        {
            return
        }
        guard let prefix = XCTestHost.pathPrefix else { return super.record(issue) }
        var prefixed = issue
        prefixed.compactDescription = "\(prefix)\(issue.compactDescription)"
        super.record(prefixed)
    }
    #endif
}
#endif
