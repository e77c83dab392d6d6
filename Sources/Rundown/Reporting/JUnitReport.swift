import Foundation
import RundownEngine

/// One spec's part of a JUnit report: a `testsuite` element.
struct JUnitSuite: Sendable {
    var xml: String
    var tests = 0
    var failures = 0
    var skipped = 0
}

/// Collects one run's examples, as they finish, for the JUnit report.
///
/// Each example is a `testcase` named by its path; the failures recorded
/// while it ran (its hooks' included) are its `failure`s. A failure outside
/// any example (an `afterAll` hook, a focused element in a run that forbids
/// focus) is a `testcase` of its own, named by the hook's or element's path.
///
/// A failure counts whether it was thrown or only reported, as the walk
/// reports every failure of the run: `XCTAssert…`/`XCTFail` (under XCTest, and
/// forwarded under Swift Testing on Linux), `#expect`/`#require`/`Issue.record`
/// (under Swift Testing, and inside XCTest on Linux), and the concurrency
/// toolkit's checks. An example with such a failure fails, also when it
/// skipped. A failure that a task of an example records after the example
/// finished is still that example's, if it arrives before the spec ends.
///
/// Limits: a failure recorded after its spec has ended, or by a detached task
/// (which does not inherit the spec's task-local values), is recorded by the
/// test framework but is not in the report. In a synchronous spec under Swift
/// Testing without the `.specs` trait, an `#expect` that an enclosing
/// `withKnownIssue` (around the `spec` call) turns into a known issue still
/// fails its example here. On Apple platforms, an `XCTAssert…` is seen
/// through an `XCTestObservation` observer registered on the main thread
/// when the first spec runs there.
final class JUnitCollector {
    private struct Case {
        var path: [String]
        var name: String { path.joined(separator: ", ") }
        var time: Duration
        var failures: [SpecFailure] = []
        var skipReason: String??
        /// Failed without a failure of its own: a hook it depended on failed.
        var failedByHook = false
        /// Whether it is an example's, not a failure's outside any example.
        var isExample = false
    }

    private let seed: UInt64?
    private var cases: [Case] = []
    private var running: (path: [String], failures: [SpecFailure])?

    init(seed: UInt64?) {
        self.seed = seed
    }

    func receive(_ event: SpecEvent) {
        switch event {
        case .exampleStarted(let path, _):
            running = (path, [])
        case .failed(let failure):
            if let current = running, failure.path.starts(with: current.path) {
                running?.failures.append(failure)
            } else if let index = cases.lastIndex(where: { $0.isExample && failure.path.starts(with: $0.path) }),
                failure.path.count - cases[index].path.count <= 1
            {
                // A task that the example (or one of its hooks) started failed after it had finished.
                cases[index].failures.append(failure)
                cases[index].skipReason = nil
                cases[index].failedByHook = false
            } else {
                cases.append(Case(path: failure.path, time: .zero, failures: [failure]))
            }
        case .exampleFinished(let path, let result, let duration):
            var item = Case(path: path, time: duration, isExample: true)
            if let current = running, current.path == path {
                item.failures = current.failures
            }
            running = nil
            switch result {
            case .passed: break
            case .failed: item.failedByHook = item.failures.isEmpty
            case .skipped(let reason): if item.failures.isEmpty { item.skipReason = .some(reason) }
            }
            cases.append(item)
        case .groupStarted, .groupFinished, .skipped:
            break
        }
    }

    /// The `testsuite` of the spec named `specName`, run by `testName`.
    func suite(specName: String, testName: String?, time: Duration) -> JUnitSuite {
        let className = testName.map { "\($0) / \(specName)" } ?? specName
        var suite = JUnitSuite(xml: "")
        var body = ""
        for item in cases {
            suite.tests += 1
            body +=
                "    <testcase name=\"\(XML.escape(item.name))\" classname=\"\(XML.escape(className))\" time=\"\(XML.seconds(item.time))\""
            if let failure = item.failures.first {
                body += " file=\"\(XML.escape(failure.location.filePath))\" line=\"\(failure.location.line)\""
            }
            if item.failures.isEmpty && !item.failedByHook && item.skipReason == nil {
                body += "/>\n"
                continue
            }
            body += ">\n"
            if !item.failures.isEmpty || item.failedByHook {
                suite.failures += 1
            }
            for failure in item.failures {
                // The case's name is the example's path: the message names only the hook below it, if any.
                let below = failure.path.dropFirst(item.path.count)
                let message =
                    (below.isEmpty ? "" : below.joined(separator: ", ") + ": ")
                    + String(describing: SeededFailure.note(seed, on: failure).error)
                let location = "\(failure.location.filePath):\(failure.location.line)"
                body +=
                    "      <failure message=\"\(XML.escape(message))\">\(XML.escape("\(location): \(message)"))</failure>\n"
            }
            if item.failedByHook {
                body += "      <failure message=\"not run: a hook it depends on failed (see that hook's failure)\"/>\n"
            }
            if let reason = item.skipReason {
                suite.skipped += 1
                body += reason.map { "      <skipped message=\"\(XML.escape($0))\"/>\n" } ?? "      <skipped/>\n"
            }
            body += "    </testcase>\n"
        }
        suite.xml =
            "  <testsuite name=\"\(XML.escape(specName))\" tests=\"\(suite.tests)\" failures=\"\(suite.failures)\" errors=\"0\" skipped=\"\(suite.skipped)\" time=\"\(XML.seconds(time))\">\n\(body)  </testsuite>\n"
        return suite
    }
}

/// The JUnit file of this process: every spec's suite, rewritten whole (and
/// atomically) each time a spec ends, so that it is always well-formed, even
/// when specs finish in parallel tests.
///
/// A path that is a directory, or ends with `/`, gets one file per process,
/// `rundown-<pid>.xml`, so that processes (`swift test` runs XCTest and Swift
/// Testing in two) never write the same file.
final class JUnitFile: Sendable {
    static let shared = JUnitFile()

    /// Guards ``suites`` and the writing of the file. An `NSLock`, not
    /// `Mutex`: the package supports macOS 13, and Thread Sanitizer sees through it.
    private let lock = NSLock()
    nonisolated(unsafe) private var suites: [String: [JUnitSuite]] = [:]
    nonisolated(unsafe) private var warned: Set<String> = []

    func add(_ suite: JUnitSuite, at path: String) {
        lock.withLock {
            let file = Self.file(for: path)
            suites[file, default: []].append(suite)
            let all = suites[file] ?? []
            let document = Self.document(all)
            do {
                try Data(document.utf8).write(to: URL(fileURLWithPath: file), options: .atomic)
            } catch {
                if warned.insert(file).inserted {
                    FileHandle.standardError.write(
                        Data(
                            "warning: Rundown: cannot write the JUnit report to \(file) (RUNDOWN_JUNIT=\(path)): \(error)\n"
                                .utf8))
                }
            }
        }
    }

    /// The file a `RUNDOWN_JUNIT` path stands for in this process.
    static func file(for path: String, processID: Int32 = ProcessInfo.processInfo.processIdentifier) -> String {
        var isDirectory: ObjCBool = false
        let exists = FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory)
        guard path.hasSuffix("/") || (exists && isDirectory.boolValue) else { return path }
        try? FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        return (path.hasSuffix("/") ? path : path + "/") + "rundown-\(processID).xml"
    }

    /// The whole file for `suites`.
    static func document(_ suites: [JUnitSuite]) -> String {
        let tests = suites.reduce(0) { $0 + $1.tests }
        let failures = suites.reduce(0) { $0 + $1.failures }
        let skipped = suites.reduce(0) { $0 + $1.skipped }
        return
            "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<testsuites name=\"Rundown\" tests=\"\(tests)\" failures=\"\(failures)\" errors=\"0\" skipped=\"\(skipped)\">\n"
            + suites.map(\.xml).joined() + "</testsuites>\n"
    }
}

enum XML {
    /// `text` as XML character data or an attribute value: markup escaped,
    /// line breaks kept as character references, and characters XML 1.0
    /// forbids replaced with U+FFFD.
    static func escape(_ text: String) -> String {
        var result = ""
        result.reserveCapacity(text.utf8.count)
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": result += "&amp;"
            case "<": result += "&lt;"
            case ">": result += "&gt;"
            case "\"": result += "&quot;"
            case "'": result += "&apos;"
            case "\n": result += "&#10;"
            case "\r": result += "&#13;"
            case "\t": result += "&#9;"
            default:
                let value = scalar.value
                if value < 0x20 || value == 0xFFFE || value == 0xFFFF {
                    result += "\u{FFFD}"
                } else {
                    result.unicodeScalars.append(scalar)
                }
            }
        }
        return result
    }

    /// Seconds with millisecond precision or better: `0.012345`.
    static func seconds(_ duration: Duration) -> String {
        let (seconds, attoseconds) = duration.components
        let micros = seconds * 1_000_000 + attoseconds / 1_000_000_000_000
        let whole = micros / 1_000_000
        let fraction = String(micros % 1_000_000)
        return "\(whole).\(String(repeating: "0", count: 6 - fraction.count))\(fraction)"
    }
}
