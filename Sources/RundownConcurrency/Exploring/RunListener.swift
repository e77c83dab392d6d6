import RundownEngine

#if canImport(Testing)
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
final class RunListener: FailureListener {
    /// What the listener does with a failure no spec takes.
    enum Keeping: Sendable {
        /// Nothing: its recorder hands it to the test framework (a Swift Testing test).
        case none
        /// Keeps it in the exploration's list of what it throws: nothing else would record it.
        case inList(Protected<[String]>)
        /// Records it on the XCTest test running now, at its own line where that line's file is
        /// known as the compiler gave it, else at the `explore` call, naming its own line. XCTest
        /// takes a failure's file only as a `StaticString`, which a Swift Testing issue or an
        /// `XCTAssert` of a `Rundown.TestCase` does not carry; the observer's own failures XCTest
        /// recorded already.
        case onXCTest(site: ConcurrencyFailure)
    }

    private let heard = Protected(0)
    private let keeping: Keeping

    init(keeping: Keeping) {
        self.keeping = keeping
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
        heard.withLock { $0 }
    }

    var keepsUnclaimed: Bool {
        if case .none = keeping { return false }
        return true
    }

    func hear(_ failure: PostedFailure) {
        heard.withLock { $0 += 1 }
        switch keeping {
        case .none:
            break
        case .inList(let list):
            list.withLock { $0.append(Self.line(failure)) }
        case .onXCTest(let site):
            guard !failure.recordedByFramework else { return }
            Self.recordOnXCTest(failure, site: site)
        }
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
