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
/// An example that passed on a retry is a passing `testcase` holding a
/// `flakyFailure` for each failure of its earlier attempts, as Maven
/// Surefire writes them (see `flakyFailures(_:)`).
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
        /// The failures of the attempts before the one that passed, if it is flaky.
        var flakyFailures: [SpecFailure] = []
    }

    private let seed: UInt64?
    /// The labels of each labelled example, its groups' included, for its `properties`.
    private let labels: [[String]: [String]]
    private var cases: [Case] = []
    private var running: (path: [String], failures: [SpecFailure])?
    private var runningFlaky: [SpecFailure] = []

    init(seed: UInt64?, labels: [[String]: [String]] = [:]) {
        self.seed = seed
        self.labels = labels
    }

    /// The labels of every example of `root` that has any (its own and its
    /// groups', in that order from the outermost, each once), by path.
    static func labels<Mode>(of root: GroupNode<Mode>) -> [[String]: [String]] {
        var found: [[String]: [String]] = [:]
        func visit(_ group: GroupNode<Mode>, path: [String], inherited: [String]) {
            let labels = inherited + group.marks.labels.filter { !inherited.contains($0) }
            for element in group.content.elements {
                switch element {
                case .example(let example):
                    let own = labels + example.marks.labels.filter { !labels.contains($0) }
                    if !own.isEmpty { found[path + [example.description]] = own }
                case .group(let child):
                    visit(child, path: path + [child.description], inherited: labels)
                }
            }
        }
        visit(root, path: [root.description], inherited: [])
        return found
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
                item.flakyFailures = runningFlaky
            }
            running = nil
            runningFlaky = []
            switch result {
            case .passed: break
            case .failed: item.failedByHook = item.failures.isEmpty
            case .skipped(let reason): if item.failures.isEmpty { item.skipReason = .some(reason) }
            }
            cases.append(item)
        case .noticed(let notice):
            if case .flaky(_, _, let failures) = notice.kind, running?.path == notice.path {
                runningFlaky += failures
            }
        case .groupStarted, .groupFinished, .skipped:
            break
        }
    }

    /// The failures of a flaky case's earlier attempts as Maven Surefire
    /// writes them, which CI servers read: a `flakyFailure` each, with
    /// `message` and `type`, the place and message as its `stackTrace`, and
    /// what the attempt reported as its `system-out`.
    private func flakyFailures(_ item: Case) -> String {
        var body = ""
        for failure in item.flakyFailures {
            let (message, location) = text(of: failure, in: item)
            body +=
                "      <flakyFailure message=\"\(XML.escape(message))\" type=\"\(XML.escape(Self.typeName(failure)))\">\n"
            body += "        <stackTrace>\(XML.escape("\(location): \(message)"))</stackTrace>\n"
            body += "        <system-out>\(XML.escape("\(failure.pathDescription): \(message)"))</system-out>\n"
            body += "      </flakyFailure>\n"
        }
        return body
    }

    /// What a failure of `item` says, and where it is (`path:line`).
    ///
    /// The case's name is the example's path: the message names only the hook below it, if any.
    private func text(of failure: SpecFailure, in item: Case) -> (message: String, location: String) {
        let below = failure.path.dropFirst(item.path.count)
        let message =
            (below.isEmpty ? "" : below.joined(separator: ", ") + ": ")
            + String(describing: SeededFailure.note(seed, on: failure).error)
        return (message, "\(failure.location.filePath):\(failure.location.line)")
    }

    /// The type of what failed, looking through what only adds words to it.
    private static func typeName(_ failure: SpecFailure) -> String {
        var error: any Error = failure.error
        while let wrapper = error as? any WrappedFailure { error = wrapper.wrapped }
        return String(reflecting: type(of: error))
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
            if let failure = item.failures.first ?? item.flakyFailures.first {
                body += " file=\"\(XML.escape(failure.location.filePath))\" line=\"\(failure.location.line)\""
            }
            let labels = item.isExample ? self.labels[item.path] ?? [] : []
            if item.failures.isEmpty && !item.failedByHook && item.skipReason == nil && labels.isEmpty
                && item.flakyFailures.isEmpty
            {
                body += "/>\n"
                continue
            }
            body += ">\n"
            if !labels.isEmpty {
                body += "      <properties>\n"
                for label in labels {
                    body += "        <property name=\"label\" value=\"\(XML.escape(label))\"/>\n"
                }
                body += "      </properties>\n"
            }
            if item.failures.isEmpty && !item.failedByHook {
                body += flakyFailures(item)
            }
            if !item.failures.isEmpty || item.failedByHook {
                suite.failures += 1
            }
            for failure in item.failures {
                let (message, location) = text(of: failure, in: item)
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

/// The JUnit file of a run: every spec's suite, from every process of the
/// run (`swift test` runs XCTest and Swift Testing in two, and XCTest's
/// `--parallel` one per test), added each time a spec ends.
///
/// Invariants. The file is only ever changed under an exclusive `flock` on
/// the file itself (and, within this process, under ``lock`` too): read it,
/// add one suite, write it back whole. So no writer loses another's suites,
/// and between writers the file is well formed. A file written by another
/// run is replaced, not added to: its second line names the run that wrote
/// it (``runKey``, the parent process that started the tests), and a file
/// that does not name this run, or is not Rundown's, counts as empty.
///
/// A path that is a directory, or ends with `/`, gets one file per process,
/// `rundown-<pid>.xml`. Missing folders are made. A file that cannot be
/// written is an error (``JUnitReportNotWritten``), which fails the spec that
/// tried, so that CI never goes on without its report unawares.
final class JUnitFile: Sendable {
    static let shared = JUnitFile()

    /// Serialises this process's writers, so that `flock` is only ever
    /// contended between processes. An `NSLock`, not `Mutex`: the package
    /// supports macOS 13, and Thread Sanitizer sees through it.
    private let lock = NSLock()

    /// Adds `suite` to the file that `path` (the value of `RUNDOWN_JUNIT`) stands for.
    func add(_ suite: JUnitSuite, at path: String) throws(JUnitReportNotWritten) {
        lock.lock()
        defer { lock.unlock() }
        let file = Self.file(for: path)
        do throws(SystemError) {
            try Self.makeFolders(of: file)
            try LockedFile.update(file) { existing in
                Self.merged(existing, adding: suite, runKey: Self.runKey)
            }
        } catch {
            throw JUnitReportNotWritten(file: file, setting: path, reason: error.description)
        }
    }

    /// The file a `RUNDOWN_JUNIT` path stands for in this process.
    static func file(for path: String, processID: Int32 = ProcessInfo.processInfo.processIdentifier) -> String {
        var isDirectory: ObjCBool = false
        let exists = FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory)
        guard path.hasSuffix("/") || (exists && isDirectory.boolValue) else { return path }
        return (path.hasSuffix("/") ? path : path + "/") + "rundown-\(processID).xml"
    }

    /// Which run of the tests this process belongs to: the processes that
    /// one `swift test` starts share their parent. On Linux the parent's
    /// start time is part of it, so that a later parent with a reused
    /// process ID is another run.
    static let runKey: String = {
        let parent = getppid()
        var key = "parent \(parent)"
        #if os(Linux)
        // /proc/<pid>/stat: "pid (name) state …", the start time its 22nd field.
        if let stat = try? String(contentsOfFile: "/proc/\(parent)/stat", encoding: .utf8),
            let close = stat.lastIndex(of: ")")
        {
            let fields = stat[stat.index(after: close)...].split(separator: " ")
            if fields.count > 19 { key += " started \(fields[19])" }
        }
        #endif
        return key
    }()

    private static let declaration = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>"
    private static let closing = "</testsuites>\n"

    private static func marker(_ runKey: String) -> String {
        "<!-- Rundown JUnit report of the run of \(XML.escape(runKey)) -->"
    }

    /// The whole file for `suites`, in a run named `runKey`.
    static func document(_ suites: [JUnitSuite], runKey: String = runKey) -> String {
        document(
            body: suites.map(\.xml).joined(), tests: suites.reduce(0) { $0 + $1.tests },
            failures: suites.reduce(0) { $0 + $1.failures }, skipped: suites.reduce(0) { $0 + $1.skipped },
            runKey: runKey)
    }

    private static func document(body: String, tests: Int, failures: Int, skipped: Int, runKey: String) -> String {
        "\(declaration)\n\(marker(runKey))\n<testsuites name=\"Rundown\" tests=\"\(tests)\" failures=\"\(failures)\" errors=\"0\" skipped=\"\(skipped)\">\n"
            + body + closing
    }

    /// `existing` (the file as it was) with `suite` added, if it is this
    /// run's; otherwise a file of `suite` alone.
    static func merged(_ existing: String, adding suite: JUnitSuite, runKey: String) -> String {
        let lines = existing.split(separator: "\n", maxSplits: 3, omittingEmptySubsequences: false)
        guard lines.count == 4, lines[0] == declaration, lines[1] == marker(runKey), existing.hasSuffix(closing) else {
            return document([suite], runKey: runKey)
        }
        // `<testsuites name="Rundown" tests="3" failures="1" errors="0" skipped="0">`: every other piece is a value.
        let values = lines[2].split(separator: "\"", omittingEmptySubsequences: false)
        guard values.count == 11, let tests = Int(values[3]), let failures = Int(values[5]),
            let skipped = Int(values[9])
        else {
            return document([suite], runKey: runKey)
        }
        return document(
            body: String(lines[3].dropLast(closing.count)) + suite.xml, tests: tests + suite.tests,
            failures: failures + suite.failures, skipped: skipped + suite.skipped, runKey: runKey)
    }

    /// Makes the folders on the way to `file` that do not exist yet.
    private static func makeFolders(of file: String) throws(SystemError) {
        let folder = (file as NSString).deletingLastPathComponent
        guard !folder.isEmpty, !isFolder(folder) else { return }
        var prefix = folder.hasPrefix("/") ? "" : "."
        for step in folder.split(separator: "/") {
            prefix += "/" + step
            guard mkdir(prefix, 0o777) != 0 else { continue }
            let code = errno
            if code == EEXIST, isFolder(prefix) { continue }
            throw SystemError(code == EEXIST ? ENOTDIR : code, "cannot make the folder \(folder)")
        }
    }

    private static func isFolder(_ path: String) -> Bool {
        var info = stat()
        return stat(path, &info) == 0 && (info.st_mode & mode_t(S_IFMT)) == mode_t(S_IFDIR)
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
