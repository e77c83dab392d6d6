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
        var name: String { PathText.joined(path) }
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
            (below.isEmpty ? "" : PathText.joined(below) + ": ")
            + String(describing: SeededFailure.adding(seed, to: failure).error)
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
