import RundownConcurrency
import RundownEngine
import RundownTestingSupport
import RundownXCTestSupport

#if canImport(XCTest)
import XCTest
#endif

/// Chooses, once per run, the host a spec reports to.
enum HostChoice {
    /// The host for a spec called at `file` and `line`.
    ///
    /// - A spec run inside an element of another spec reports through that
    ///   spec's host, and skips or fails the element that ran it.
    /// - `testCase` (a ``TestCase`` running the spec) takes its failures.
    /// - A Swift Testing test takes them as issues.
    /// - A plain `XCTestCase` takes them through `XCTFail`.
    /// - Anywhere else, the caller gets the first, thrown.
    static func host(testCase: AnyObject?, file: StaticString, line: Int) -> any SpecHost {
        if let context = RunContext.current, context.runner != nil, let outer = context.host {
            // The nested spec's failures go to the outer spec's host, but not
            // into the outer spec's reports: there the element that ran it fails.
            return NestedSpecHost(outer: outer)
        }
        #if canImport(XCTest)
        if let testCase = testCase as? XCTestCase {
            return XCTestHost(testCase: testCase, specFile: file, specLine: line)
        }
        #endif
        #if canImport(Testing)
        if SwiftTestingHost.isRunning {
            // Under Swift Testing on Linux, XCTest's assertions reach the spec through forwarding.
            FrameworkFailures.catchEverywhere()
            return SwiftTestingHost()
        }
        #endif
        #if canImport(XCTest)
        if XCTestHost.isDrivingProcess {
            return XCTestHost(testCase: nil, specFile: file, specLine: line)
        }
        #endif
        return CallerHost()
    }

    /// Everything a spec treats as a skip, whichever framework threw it.
    static let skipRecognizers: [SkipRecognizer] = {
        var recognizers: [SkipRecognizer] = []
        #if canImport(XCTest)
        recognizers.append(XCTestHost.skipRecognizer)
        #endif
        #if canImport(Testing)
        recognizers.append(SwiftTestingHost.skipRecognizer)
        #endif
        return recognizers
    }()
}
