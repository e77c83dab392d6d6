import RundownEngine
import RundownTestingSupport
import RundownXCTestSupport
#if canImport(XCTest)
import XCTest
#endif

/// Where a spec's failures and skips go: the test framework running it, or,
/// where there is none, the caller as a thrown error.
enum SpecHost {
    /// A Swift Testing test is running: failures become its issues.
    case swiftTesting
    #if canImport(XCTest)
    /// A `Rundown.TestCase` method is running: failures become its failures.
    case xcTest(XCTestCase)
    #endif
    /// No framework to report to: the first failure is thrown.
    case caller

    /// The framework running this task, if Rundown can report to it directly.
    static var current: SpecHost {
        #if canImport(Testing)
        if SwiftTestingReporting.isRunning { return .swiftTesting }
        #endif
        return .caller
    }

    /// Where a spec built by `suite` reports: to the suite itself when it is
    /// an XCTest case (a ``TestCase`` that is also a ``MainActorSuite``), else
    /// as ``current``.
    static func current(for suite: Any) -> SpecHost {
        #if canImport(XCTest)
        if let testCase = suite as? XCTestCase { return .xcTest(testCase) }
        #endif
        return current
    }

    /// What tells a framework's skip from a failure.
    static var skipRecognizers: [SkipRecognizer] {
        #if canImport(XCTest)
        [XCTestReporting.skipRecognizer]
        #else
        []
        #endif
    }

    /// Runs a synchronous spec and reports what it did.
    func run<Call: CallKind>(_ root: SpecRoot<Call>) throws where Call.Mode == Synchronous {
        let run = { (scope: ClosureScope?) in
            SpecEngine.run(root.node, recognizers: Self.skipRecognizers, observer: TreeReport.observerFromEnvironment(), scope: scope)
        }
        let report: SpecReport
        switch self {
        #if canImport(XCTest)
        case .xcTest(let testCase):
            report = XCTestReporting.routingSwiftTestingIssues(to: testCase) { run(XCTestReporting.activityScope) }
        #endif
        case .swiftTesting:
            forwardXCTestAssertions()
            report = run(nil)
        default:
            report = run(nil)
        }
        try deliver(report, of: root)
    }

    /// Runs an asynchronous spec on the caller's actor and reports what it did.
    ///
    /// In Swift Testing, issues recorded while it runs (`#expect`, `#require`)
    /// get the path of the element that recorded them.
    nonisolated(nonsending) func run<Call: CallKind>(_ root: SpecRoot<Call>) async throws where Call.Mode == Asynchronous {
        let observer = TreeReport.observerFromEnvironment()
        let recognizers = Self.skipRecognizers
        let report: SpecReport
        switch self {
        #if canImport(Testing)
        case .swiftTesting:
            forwardXCTestAssertions()
            report = try await SwiftTestingReporting.annotatingIssues {
                await SpecEngine.run(root.node, recognizers: recognizers, observer: observer)
            }
        #endif
        #if canImport(XCTest)
        case .xcTest(let testCase):
            report = await XCTestReporting.routingSwiftTestingIssues(to: testCase) {
                await SpecEngine.run(root.node, recognizers: recognizers, observer: observer)
            }
        #endif
        default:
            report = await SpecEngine.run(root.node, recognizers: recognizers, observer: observer)
        }
        try deliver(report, of: root)
    }

    /// Under Swift Testing on Linux, makes `XCTAssert…` and `XCTFail` inside
    /// the spec fail the test instead of vanishing.
    private func forwardXCTestAssertions() {
        #if canImport(XCTest) && canImport(Testing) && !canImport(ObjectiveC)
        XCTestAssertionsInSwiftTesting.forward()
        #endif
    }

    /// Reports what a spec did. Failures are recorded where a framework can take
    /// several; otherwise the first is thrown, after everything has run.
    /// A spec whose every example was skipped reports its test as skipped.
    private func deliver<Call: CallKind>(_ report: SpecReport, of root: SpecRoot<Call>) throws {
        let location = root.location
        switch self {
        case .swiftTesting:
            #if canImport(Testing)
            report.failures.forEach(SwiftTestingReporting.record)
            if report.everythingSkipped {
                try SwiftTestingReporting.cancel(Self.summary(of: report.skips), at: location)
            }
            SwiftTestingReporting.warnSkipped(report.skips, at: location)
            #endif
        #if canImport(XCTest)
        case .xcTest(let testCase):
            report.failures.forEach { XCTestReporting.record($0, in: testCase) }
            if report.everythingSkipped {
                throw XCTestReporting.skip(Self.summary(of: report.skips), file: root.filePath, line: location.line)
            }
            for skip in report.skips {
                print("Rundown: \(skip)")
            }
        #endif
        case .caller:
            if let failure = report.failures.first {
                throw failure
            }
            #if canImport(XCTest)
            if report.everythingSkipped {
                throw XCTestReporting.skip(Self.summary(of: report.skips), file: root.filePath, line: location.line)
            }
            #endif
        }
    }

    static func summary(of skips: [SkipRecord]) -> String {
        if skips.count == 1 { return skips[0].description }
        return "Everything was skipped:\n" + skips.map { "  \($0.description)" }.joined(separator: "\n")
    }
}
