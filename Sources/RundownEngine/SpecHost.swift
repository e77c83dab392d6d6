/// The test framework (or the lack of one) that a spec reports to.
///
/// One host is chosen for each run of a spec, and it alone decides where the
/// run's failures go. It is asked three things:
///
/// 1. how the run is scoped: what the whole run, and each closure of a
///    synchronous spec, runs inside;
/// 2. to ``record(_:)`` each failure as it happens: an error thrown by an
///    element or hook, an assertion of another framework that the toolchain
///    would drop, or a check of the concurrency toolkit;
/// 3. to ``deliver(_:)`` the finished run: what to say about skips, and what,
///    if anything, to throw to the caller.
///
/// Each framework implements it once, in its support target. While a spec
/// runs, ``SpecHosting/current`` is its host, so failures that arrive by
/// other roads (a forwarded `XCTAssert`, a Swift Testing issue inside an
/// XCTest case, a toolkit check) reach the same `record`.
package protocol SpecHost: Sendable {
    /// Runs a synchronous spec's whole run inside what this host needs.
    func scope<Result>(_ run: () -> Result) -> Result

    /// What each closure of a synchronous spec runs inside, if anything.
    var closureScope: ClosureScope? { get }

    /// Runs an asynchronous spec's whole run inside what this host needs, on
    /// `isolation`: the caller's actor, which every closure of the spec keeps.
    func scope<Result>(isolation: isolated (any Actor)?, _ run: () async -> Result) async -> Result

    /// Reports one failure to the framework, or keeps it for ``deliver(_:)``.
    func record(_ failure: HostFailure)

    /// Takes note of a failure that the framework recorded by itself (an
    /// `XCTAssert` in an XCTest test, an `#expect` in a Swift Testing test):
    /// it is not recorded again, but the run's reports and counts include it.
    func noteFailureRecordedByFramework(_ failure: HostFailure)

    /// Reports the end of the run: its skips, and what was kept.
    ///
    /// - Throws: What the caller of `spec` should see thrown, if anything.
    func deliver(_ run: FinishedRun) throws

    /// The name of the test running the spec, for reports that group a
    /// spec's examples under it, or `nil` if there is none or it is unknown.
    var testName: String? { get }
}

extension SpecHost {
    package func scope<Result>(_ run: () -> Result) -> Result {
        run()
    }

    package var closureScope: ClosureScope? {
        nil
    }

    package func scope<Result>(isolation: isolated (any Actor)?, _ run: () async -> Result) async -> Result {
        await run()
    }

    package var testName: String? {
        nil
    }

    package func noteFailureRecordedByFramework(_ failure: HostFailure) {}
}

/// A failure on its way to a host.
package enum HostFailure: Sendable {
    /// An element or hook threw.
    case thrown(SpecFailure)
    /// An assertion or check failed without throwing: a forwarded `XCTAssert`,
    /// a Swift Testing issue inside XCTest, a concurrency toolkit check.
    case reported(message: String, path: [String]?, location: CodeLocation)

    /// The path of the element or hook it belongs to, if any.
    package var path: [String]? {
        switch self {
        case .thrown(let failure): failure.path
        case .reported(_, let path, _): path
        }
    }

    /// Where it happened.
    package var location: CodeLocation {
        switch self {
        case .thrown(let failure): failure.location
        case .reported(_, _, let location): location
        }
    }

    /// The message alone, without the path.
    package var message: String {
        switch self {
        case .thrown(let failure): String(describing: failure.error)
        case .reported(let message, _, _): message
        }
    }

    /// The path, a colon and the message, as a log line shows it.
    package var description: String {
        guard let path, !path.isEmpty else { return message }
        return "\(path.joined(separator: ", ")): \(message)"
    }
}

/// What a host gets when a spec has finished.
package struct FinishedRun: Sendable {
    /// What the engine saw.
    package var report: SpecReport
    /// The spec's root group's description.
    package var specName: String
    /// Where `spec` was called.
    package var location: CodeLocation
    /// The path of the one example the run was of (a `Spec.Example`, the
    /// argument of a parameterized test), or `nil` for a whole spec.
    package var example: [String]?

    package init(report: SpecReport, specName: String, location: CodeLocation, example: [String]? = nil) {
        self.report = report
        self.specName = specName
        self.location = location
        self.example = example
    }

    /// What was skipped, for a warning: `every example of 'Cart' was skipped`,
    /// `the example 'Cart, saves' was skipped` for a run of one example, or
    /// `no example of 'Cart' was selected` when the filter or the shard left out everything.
    package var skippedWhat: String {
        if let example { return "the example '\(example.joined(separator: ", "))' was skipped" }
        if report.skippedCount == 0 { return "no example of '\(specName)' was selected" }
        return "every example of '\(specName)' was skipped"
    }

    /// One line for a skipped spec: the skip itself, or all of them.
    package var skipSummary: String {
        let skips = report.skips
        if skips.count == 1 { return skips[0].description }
        return "Everything was skipped:\n" + skips.map { "  \($0.description)" }.joined(separator: "\n")
    }
}

/// The host of the spec running in this task.
package enum SpecHosting {
    /// The host of the spec whose closure is running, or `nil` outside a spec.
    ///
    /// A task started inside an element inherits it, so a failure such a task
    /// reports after its test has ended still finds the host, which then says
    /// so instead of failing a test that is over.
    @TaskLocal package static var current: (any SpecHost)?
}

/// An error that a test framework has already reported by the time it is
/// thrown, such as the one `#require` throws after recording its issue. The
/// element that threw it failed, but a framework's host does not report it a
/// second time. (With no framework running, nothing reported it, so it is
/// the caller's to see.)
package protocol ReportedByFramework: Error {}

/// Thrown by a spec run inside an element of another spec when some of its
/// elements failed. Each of those failures went to the host already, so this
/// only makes the enclosing element fail; it is never reported itself.
package struct NestedSpecFailed: Error, CustomStringConvertible {
    package var specName: String
    package var failureCount: Int

    package init(specName: String, failureCount: Int) {
        self.specName = specName
        self.failureCount = failureCount
    }

    package var description: String {
        "the nested spec '\(specName)' had \(failureCount) \(failureCount == 1 ? "failure" : "failures"), reported with their own paths"
    }
}
