#if canImport(XCTest)
import Foundation
import RundownEngine
import XCTest

/// Reports a spec run inside an XCTest test method.
///
/// With the test case at hand (``Rundown.TestCase``), each failure is recorded
/// against it at the failing element's file and line, its message starting
/// with the element's path. A plain `XCTestCase` calling the global `spec`
/// gives Rundown no test case; there each failure goes through `XCTFail`,
/// which XCTest records against the test running now, at the line of `spec`
/// (XCTest takes the file of a failure only at compile time), its message
/// naming the element's own file and line.
///
/// This is the one file with XCTest's platform differences: Apple's XCTest
/// records `XCTIssue`s and groups a synchronous spec's closures into
/// activities; corelibs XCTest (Linux) has neither.
package struct XCTestHost: SpecHost, @unchecked Sendable {
    // @unchecked: `XCTestCase` is not `Sendable`. The host only hands it to
    // XCTest's recording methods, which XCTest expects to be called from any
    // thread (assertions in background work do the same), and only while the
    // test runs: `TestCaseRuns` refuses once it has ended.
    private let testCase: XCTestCase?
    private let specFile: StaticString
    private let specLine: UInt

    /// A host that records into `testCase`, or, without one, into whichever
    /// test XCTest is running, at the spec's `file` and `line`.
    package init(testCase: XCTestCase?, specFile: StaticString, specLine: Int) {
        self.testCase = testCase
        self.specFile = specFile
        self.specLine = UInt(max(0, specLine))
    }

    /// Whether XCTest (not Swift Testing) drives this process: the test
    /// binary that `swift test` starts for XCTest, or `xctest`.
    ///
    /// `swift test` starts the same binary a second time for Swift Testing,
    /// with `--testing-library swift-testing`; there XCTest runs nothing.
    package static let isDrivingProcess: Bool = {
        let arguments = CommandLine.arguments
        let executable = arguments.first ?? ""
        guard executable.hasSuffix(".xctest") || executable.hasSuffix("/xctest") || executable == "xctest" else {
            return false
        }
        if let flag = arguments.firstIndex(of: "--testing-library"), flag + 1 < arguments.count {
            return arguments[flag + 1] != "swift-testing"
        }
        return true
    }()

    /// Whether this process is a test runner (XCTest's or Swift Testing's),
    /// not a program of the user's: a test framework takes what Rundown does not.
    package static let isTestRunnerProcess: Bool = {
        let executable = CommandLine.arguments.first ?? ""
        return executable.hasSuffix(".xctest") || executable.hasSuffix("/xctest") || executable == "xctest"
            || executable.hasSuffix("swiftpm-testing-helper")
    }()

    /// Whether the host is recording a failure whose message has its path already.
    @TaskLocal private static var isRecording = false

    /// Whether the failure XCTest records now is one this host is recording,
    /// not an `XCTAssert…` or `XCTFail` of the test's own.
    package static var isRecordingFailure: Bool {
        isRecording
    }

    /// What a failure recorded now by XCTest itself (`XCTAssert…`, `XCTFail`)
    /// should start with: the path of the element or hook running, unless the
    /// host is recording a failure that carries its path already.
    package static var pathPrefix: String? {
        guard !isRecording, let runner = ExampleRunner.current else { return nil }
        return prefix(for: runner)
    }

    /// The path of `runner`'s element or hook, and which run of its example
    /// it is if it repeats or retries: `Cart, saves (attempt 1 of 3): `.
    static func prefix(for runner: ExampleRunner) -> String {
        if let attempt = runner.attempt { return "\(runner.description) (\(attempt)): " }
        return "\(runner.description): "
    }

    /// Recognises `XCTSkip`, so a spec treats it as a skip wherever it runs.
    package static let skipRecognizer: SkipRecognizer = { error in
        guard let skip = error as? XCTSkip else { return nil }
        return SkipReason(message: skip.message)
    }

    package func scope<Result>(_ run: () -> Result) -> Result {
        Self.catchSwiftTestingIssues()
        XCTestFailureObserver.start()
        return run()
    }

    package func scope<Result>(isolation: isolated (any Actor)?, _ run: () async -> Result) async -> Result {
        Self.catchSwiftTestingIssues()
        XCTestFailureObserver.start()
        return await run()
    }

    /// The test case's name, `CartTests.testCart`; unknown for a plain `XCTestCase`.
    package var testName: String? {
        testCase?.name
    }

    package func record(_ failure: SpecFailure) {
        if failure.isReportedByFramework { return }
        guard let testCase else {
            let location = failure.location
            guard !failure.isAfterRun else {
                // Its test may have ended, and `XCTFail` would fail whichever test runs now.
                let line = XCTestWarning.failedAfterSpecEnded(failure: failure.description, at: location).line
                FileHandle.standardError.write(Data(line.utf8))
                return
            }
            Self.$isRecording.withValue(true) {
                XCTFail(
                    "\(failure.description) (\(location.fileName):\(location.line))", file: specFile, line: specLine)
            }
            return
        }
        let recorded = TestCaseRuns.whileRunning(testCase) {
            Self.$isRecording.withValue(true) {
                Self.recordFailure(failure.description, at: failure.location, in: testCase)
            }
        }
        if !recorded {
            // A late failure says already which element's task recorded it.
            let warning = XCTestWarning.failedAfterTestEnded(
                test: testCase.name, failure: failure.description, at: failure.location, late: failure.isLate)
            FileHandle.standardError.write(Data(warning.line.utf8))
        }
    }

    /// Records a failure that no spec claimed (a Swift Testing issue in a
    /// detached task) against the XCTest test running now, at the failure's
    /// own file and line.
    ///
    /// A ``Rundown.TestCase`` running now takes it. Otherwise the test that
    /// Rundown's XCTest observer knows to be running takes it, a plain
    /// `XCTestCase` included. The observer is registered when Rundown first
    /// meets XCTest in the process (the first spec, toolkit failure or
    /// exploration), so it knows the test running then only once XCTest
    /// records a failure of it; until then that test gets the failure through
    /// `XCTFail`, at a line of Rundown's, its message naming the failure's
    /// file and line.
    package static func recordOnRunningTest(_ message: String, at location: CodeLocation) {
        if recordOnKnownTest(message, at: location) { return }
        XCTFail("\(message) (\(location.fileName):\(location.line))")
    }

    /// Fails the XCTest test running now as `XCTFail(message)` would, but at
    /// `location`, found as ``recordOnRunningTest(_:at:)`` finds it: for a
    /// check of the concurrency toolkit outside any spec.
    ///
    /// `file` is the check's `#filePath` as the compiler gave it. When the
    /// observer knows no running test (the first test of the process, before
    /// XCTest recorded a failure of it), `XCTFail` takes it, and the failure is
    /// still at the user's line; without it, at a line of Rundown's.
    package static func failRunningTest(_ message: String, at location: CodeLocation, file: StaticString?) {
        // XCTest's own words for an `XCTFail`.
        if recordOnKnownTest("failed - \(message)", at: location) { return }
        guard let file else {
            XCTFail("\(message) (\(location.fileName):\(location.line))")
            return
        }
        XCTFail(message, file: file, line: UInt(max(0, location.line)))
    }

    private static func recordOnKnownTest(_ description: String, at location: CodeLocation) -> Bool {
        XCTestFailureObserver.start()
        if let testCase = TestCaseRuns.onlyRunning {
            let recorded = TestCaseRuns.whileRunning(testCase) {
                $isRecording.withValue(true) { recordFailure(description, at: location, in: testCase) }
            }
            if recorded { return true }
        }
        guard let testCase = XCTestFailureObserver.runningTest else { return false }
        $isRecording.withValue(true) { recordFailure(description, at: location, in: testCase) }
        return true
    }

    package func deliver(_ run: FinishedRun) throws {
        let report = run.report
        if report.everythingSkipped {
            if let testCase, TestCaseRuns.deferSkip(of: testCase, run.skipSummary, file: specFile, line: specLine) {
                return
            }
            throw XCTSkip(run.skipSummary, file: specFile, line: specLine)
        }
        if let testCase { TestCaseRuns.noteSpecRan(in: testCase) }
        for skip in report.skips {
            print(XCTestWarning.skipped(skip.description).line)
        }
    }

    /// XCTest alone would drop `#expect` and friends inside a spec: on Linux,
    /// and on Apple platforms where Xcode installs no fallback handler of its own.
    private static func catchSwiftTestingIssues() {
        SwiftTestingIssuesInXCTest.install()
    }

    #if canImport(ObjectiveC)
    /// Records a failure with the given message and location against `testCase`.
    private static func recordFailure(_ message: String, at location: CodeLocation, in testCase: XCTestCase) {
        let context = XCTSourceCodeContext(
            location: XCTSourceCodeLocation(filePath: location.filePath, lineNumber: location.line))
        testCase.record(
            XCTIssue(type: .assertionFailure, compactDescription: message, sourceCodeContext: context, severity: .error)
        )
    }

    /// Each example and hook of a synchronous spec runs inside an XCTest
    /// activity named with its path, so Xcode's report shows which element
    /// did what and files its failures and attachments under it.
    package var closureScope: ClosureScope? {
        guard testCase != nil else { return nil }
        return { runner, body in
            // `XCTContext.runActivity` belongs to the main actor. Synchronous
            // test methods run on the main thread; anywhere else the closure
            // runs without an activity rather than not at all.
            guard Thread.isMainThread else { return body() }
            withoutActuallyEscaping(body) { body in
                let handOver = ActivityBody(run: body)
                MainActor.assumeIsolated {
                    XCTContext.runActivity(named: runner.description) { _ in handOver.run() }
                }
            }
        }
    }
    #else
    /// Records a failure with the given message and location against `testCase`.
    private static func recordFailure(_ message: String, at location: CodeLocation, in testCase: XCTestCase) {
        testCase.recordFailure(
            withDescription: message, inFile: location.filePath, atLine: location.line, expected: true)
    }
    #endif
}

#if canImport(ObjectiveC)
/// Carries a closure into its activity. It runs there once, on the thread
/// that made it (the main thread), while that thread waits for it, so it is
/// never used concurrently.
private struct ActivityBody: @unchecked Sendable {
    let run: () -> Void
}
#endif

/// Rundown's one XCTest observer: it knows which XCTest test is running, and
/// posts each failure that XCTest records by itself (`XCTAssert…`, `XCTFail`
/// in an element of a spec called from a plain `XCTestCase`) to that spec's
/// run, so that the run counts it. XCTest records it already: it is posted
/// as such, and no host records it again; the failures the host records
/// itself are left out (``XCTestHost/isRecordingFailure``).
///
/// One observer for the process, registered when Rundown first meets XCTest:
/// the first spec run under XCTest, the first toolkit failure or exploration
/// there. XCTest calls it about failures on the thread that recorded them,
/// where the task-local values say which spec and element recorded them.
///
/// The running test is the one XCTest has started most recently and not yet
/// finished: a test that runs another test case inside it has it back when
/// that one finishes. A test that had started before the observer was
/// registered is known once XCTest records a failure of it; until then
/// ``XCTestHost/recordOnRunningTest(_:at:)`` and
/// ``XCTestHost/failRunningTest(_:at:file:)`` fall back to `XCTFail`.
package final class XCTestFailureObserver: NSObject, XCTestObservation, Sendable {
    // `nonisolated` throughout: where XCTest declares its observation protocol
    // `@MainActor`, conforming would otherwise put these on the main actor, but
    // failures arrive on the thread that recorded them.
    nonisolated private static let observer = XCTestFailureObserver()
    nonisolated private static let registered = Protected(false)

    nonisolated private override init() {
        super.init()
    }

    /// The tests XCTest has started and not finished, the running one last.
    ///
    /// `XCTestCase` is not `Sendable`. A test case leaves this lock only for
    /// ``XCTestHost``, which hands it only to XCTest's recording methods;
    /// XCTest expects them to be called from any thread (assertions in
    /// background work do the same).
    nonisolated private static let started = Protected<[XCTestCase]>([])

    /// Registers the observer, once per process.
    nonisolated package static func start() {
        let first = registered.withLock { done in
            defer { done = true }
            return !done
        }
        guard first else { return }
        #if canImport(ObjectiveC)
        // Apple's XCTest takes observers only on the main thread.
        if Thread.isMainThread {
            MainActor.assumeIsolated { addObserver() }
        } else {
            Task { @MainActor in addObserver() }
        }
        #else
        XCTestObservationCenter.shared.addTestObserver(observer)
        #endif
    }

    #if canImport(ObjectiveC)
    @MainActor private static func addObserver() {
        XCTestObservationCenter.shared.addTestObserver(observer)
    }
    #endif

    /// The XCTest test running now, if the observer knows it.
    nonisolated package static var runningTest: XCTestCase? {
        started.withLock { $0.last }
    }

    /// A test of which XCTest records a failure is running: XCTest refuses a
    /// failure of a test that has not started or has finished. One that
    /// started before the observer was registered goes first, under every
    /// test the observer saw start. No lock of Rundown's is held while XCTest
    /// records (``TestCaseRuns`` holds its own, never taken under this one).
    nonisolated private static func noteRunning(_ testCase: XCTestCase) {
        started.withLock { started in
            if !started.contains(where: { $0 === testCase }) { started.insert(testCase, at: 0) }
        }
    }

    nonisolated package func testCaseWillStart(_ testCase: XCTestCase) {
        Self.started.withLock { $0.append(testCase) }
    }

    nonisolated package func testCaseDidFinish(_ testCase: XCTestCase) {
        Self.started.withLock { started in
            if let index = started.lastIndex(where: { $0 === testCase }) { started.remove(at: index) }
        }
    }

    #if canImport(ObjectiveC)
    nonisolated package func testCase(_ testCase: XCTestCase, didRecord issue: XCTIssue) {
        Self.noteRunning(testCase)
        let location = issue.sourceCodeContext.location
        Self.post(issue.compactDescription, filePath: location?.fileURL.path, line: location?.lineNumber ?? 0)
    }
    #else
    nonisolated package func testCase(
        _ testCase: XCTestCase, didFailWithDescription description: String, inFile filePath: String?,
        atLine lineNumber: Int
    ) {
        Self.noteRunning(testCase)
        Self.post(description, filePath: filePath, line: lineNumber)
    }
    #endif

    /// Posts a failure XCTest recorded on the one road: the regions
    /// listening here hear it, and the run of the spec whose element recorded
    /// it, if any, counts it (XCTest has recorded it).
    nonisolated private static func post(_ description: String, filePath: String?, line: Int) {
        guard !XCTestHost.isRecordingFailure else { return }
        let runner = ExampleRunner.current
        let element = runner?.location ?? .noElement
        let failure = XCTestAssertionFailure(
            description: description, filePath: filePath ?? element.filePath, line: line)
        var message = failure.message
        // A path that XCTest's message starts with is the element's; the reports show it as its place.
        if let runner, message.hasPrefix(XCTestHost.prefix(for: runner)) {
            message.removeFirst(XCTestHost.prefix(for: runner).count)
        }
        RunContext.post(
            PostedFailure(message: message, location: failure.location(madeIn: element), recordedByFramework: true))
    }
}

extension CodeLocation {
    /// The file's name, `Cart.swift`.
    package var fileName: String {
        (filePath.split(separator: "/").last ?? fileID.split(separator: "/").last).map(String.init) ?? fileID
    }
}
#endif
