import RundownCore

#if canImport(Testing)
import RundownTestingSupport
import Testing
#endif
#if canImport(XCTest)
import RundownXCTestSupport
#endif

/// Hears every failure of one run of an exploration, in the run's body and in every task it
/// starts, so the explorer can stop at the first run that failed.
///
/// Each run's body runs in a listening region of its own (`RunContext.listening`), so a failure
/// reaches the listener on the one road every failure takes, whatever recorded it (an `#expect`,
/// an `XCTAssert`, a toolkit check) and whatever hosts the test; the failure then goes on to the
/// spec that runs, or to the framework. Where no spec takes it, what the listener does with it
/// depends on what hosts the exploration (``Keeping``).
///
/// The repeat of a failing order, made to see whether it fails again before it is reported, runs
/// in a *quiet* region, which keeps every failure from everything outside it (`keepsEverything`),
/// a spec included; Swift Testing's own issues it drops in a scope of its own
/// (``keepingIssuesQuiet(isolation:_:)``). A failure that was recorded as it happened (one XCTest
/// recorded, one a spec took, one the listener recorded on XCTest) could be recorded again by such
/// a repeat, so a loud run notes it (``heardTooLate``) and its order is not repeated.
final class RunListener: FailureListener {
    /// What the listener does with a failure no spec takes.
    enum Keeping: Sendable {
        /// Nothing: its recorder hands it to the test framework (a Swift Testing test).
        case none
        /// Keeps it in the exploration's list of what it throws: nothing else would record it.
        case inList(Protected<[String]>)
        /// Records it on the XCTest test running now once the run has failed
        /// (``recordPending()``), so that a repeat of the run can still be kept quiet: at its own
        /// line where that line's file is known as the compiler gave it, else at the `explore`
        /// call, naming its own line. XCTest takes a failure's file only as a `StaticString`,
        /// which a Swift Testing issue or an `XCTAssert` of a `Rundown.TestCase` does not carry;
        /// the observer's own failures XCTest recorded already.
        case onXCTest(site: ConcurrencyFailure)
    }

    private let counts = Protected((heard: 0, tooLate: 0))
    /// What waits to be recorded on XCTest (``Keeping/onXCTest(site:)``).
    private let pending = Protected<[PostedFailure]>([])
    private let keeping: Keeping
    /// Whether the failures heard are kept from everything outside.
    let quiet: Bool

    init(keeping: Keeping, quiet: Bool = false) {
        self.keeping = keeping
        self.quiet = quiet
    }

    /// How the explorer's runs keep what no spec takes, for a site where `hostless` says whether
    /// anything would record failures; read once per exploration, where `explore` is called.
    static func keeping(hostless: Bool, list: Protected<[String]>, site: ConcurrencyFailure) -> Keeping {
        if hostless { return .inList(list) }
        #if canImport(XCTest)
        if XCTestHost.isDrivingProcess, !RunContext.takesFailures { return .onXCTest(site: site) }
        #endif
        return .none
    }

    /// How many failures the run has had.
    var failures: Int {
        counts.withLock { $0.heard }
    }

    /// Whether a failure was recorded as it happened, where a repeat of it would be recorded again.
    var heardTooLate: Bool {
        counts.withLock { $0.tooLate > 0 }
    }

    var keepsUnclaimed: Bool {
        if quiet { return true }
        if case .none = keeping { return false }
        return true
    }

    var keepsEverything: Bool {
        quiet
    }

    func hear(_ failure: PostedFailure) {
        let recordedNow = !quiet && (RunContext.isInSpec || Self.recordedByXCTest(failure))
        counts.withLock {
            $0.heard += 1
            if recordedNow { $0.tooLate += 1 }
        }
        guard !quiet else { return }
        switch keeping {
        case .none:
            break
        case .inList(let list):
            list.withLock { $0.append(Self.line(failure)) }
        case .onXCTest:
            guard !failure.recordedByFramework else { return }
            pending.withLock { $0.append(failure) }
        }
    }

    /// Records on XCTest what the run kept for it, in the order it was heard: the run failed.
    func recordPending() {
        guard case .onXCTest(let site) = keeping else { return }
        let failures = pending.withLock { pending in
            defer { pending = [] }
            return pending
        }
        for failure in failures {
            Self.recordOnXCTest(failure, site: site)
        }
    }

    /// A failure kept quiet where it was claimed (a Swift Testing issue, the explorer's own
    /// report): counted here, recorded nowhere.
    func hearQuietly() {
        counts.withLock { $0.heard += 1 }
    }

    /// Whether XCTest recorded `failure` itself, as it happened.
    private static func recordedByXCTest(_ failure: PostedFailure) -> Bool {
        #if canImport(XCTest)
        return failure.recordedByFramework && XCTestHost.isDrivingProcess
        #else
        return false
        #endif
    }

    /// Runs `work` on `isolation` in the listener's region; a quiet one also keeps Swift Testing's
    /// issues from being recorded.
    func listening<Result>(isolation: isolated (any Actor)?, _ work: () async -> Result) async -> Result {
        await RunContext.listening(self) {
            quiet ? await keepingIssuesQuiet(isolation: isolation, work) : await work()
        }
    }

    /// Drops every issue Swift Testing records in `work`, counted: the innermost known-issue scope
    /// claims an issue first, so a matcher of the test's own around `explore` never sees the
    /// repeat's.
    private func keepingIssuesQuiet<Result>(
        isolation: isolated (any Actor)?, _ work: () async -> Result
    ) async -> Result {
        #if canImport(Testing)
        guard let test = Test.current else { return await work() }
        let dropping = IssueHandlingTrait.compactMapIssues { issue in
            // Counted where it was claimed, below; warnings are not failures, and go on.
            issue.severity >= .error ? nil : issue
        }
        return await withoutActuallyEscaping(work) { work in
            let handOver = HandOver(work: work)
            try? await dropping.provideScope(for: test, testCase: Test.Case.current) {
                await withKnownIssue(isIntermittent: true) {
                    await handOver.perform(on: isolation)
                } matching: { [self] issue in
                    if issue.severity >= .error { hearQuietly() }
                    return true
                }
            }
            // Swift Testing runs the scope's body unless the test is being torn down; the repeat
            // then runs without this road, not never.
            if let result = handOver.result { return result }
            return await work()
        }
        #else
        return await work()
        #endif
    }

    /// A failure after its place, as ``ExplorationFailure`` lists them (and the toolkit prints
    /// its own): `Module/File.swift:12:5: message`.
    private static func line(_ failure: PostedFailure) -> String {
        guard let location = failure.location else { return failure.message }
        return ConcurrencyFailure(failure.message, at: location).description
    }

    private static func recordOnXCTest(_ failure: PostedFailure, site: ConcurrencyFailure) {
        #if canImport(XCTest)
        let location = failure.location ?? site.location
        if let file = failure.staticFilePath {
            XCTestHost.failRunningTest(failure.message, at: location, file: file)
        } else if location.filePath == site.location.filePath {
            XCTestHost.failRunningTest(failure.message, at: location, file: site.staticFilePath)
        } else {
            XCTestHost.failRunningTest(
                "\(failure.message) (\(location.fileName):\(location.line))", at: site.location,
                file: site.staticFilePath)
        }
        #endif
    }

    /// Whether anything would record a failure here (a spec, a listener that keeps them, a Swift
    /// Testing test, XCTest); without one, the explorer throws what it found instead.
    static var hasHost: Bool {
        if RunContext.takesFailures { return true }
        #if canImport(Testing)
        if Test.current != nil { return true }
        #endif
        #if canImport(XCTest)
        if XCTestHost.isDrivingProcess { return true }
        #endif
        return false
    }
}
