/// The test framework (or the lack of one) that a spec reports to.
///
/// One host is chosen for each run of a spec, and it alone decides where the
/// run's failures go. It is asked three things:
///
/// 1. how the run is scoped: what the whole run, and each closure of a
///    synchronous spec, runs inside;
/// 2. to ``record(_:)`` each failure the walk reports (every failure of the
///    run reaches the walk first: thrown, or posted to the run's
///    ``FailureInbox``), and each failure posted after the walk ended;
/// 3. to ``deliver(_:)`` the finished run: what to say about skips, and what,
///    if anything, to throw to the caller.
///
/// Each framework implements it once, in its support target.
package protocol SpecHost: Sendable {
    /// Runs a synchronous spec's whole run inside what this host needs.
    func scope<Result>(_ run: () -> Result) -> Result

    /// What each closure of a synchronous spec runs inside, if anything.
    var closureScope: ClosureScope? { get }

    /// Runs an asynchronous spec's whole run inside what this host needs, on
    /// `isolation`: the caller's actor, which every closure of the spec keeps.
    func scope<Result>(isolation: isolated (any Actor)?, _ run: () async -> Result) async -> Result

    /// Reports one failure to the framework, or keeps it for ``deliver(_:)``.
    ///
    /// A failure whose error is ``ReportedByFramework`` was recorded by the
    /// framework already: a framework's host does not record it again.
    func record(_ failure: SpecFailure)

    /// Reports a notice of the run as a warning: an example that passed only
    /// on a retry, with the failures of its earlier attempts, or repetitions
    /// that ended without a failure. It fails nothing.
    func notice(_ notice: SpecNotice, seed: UInt64?)

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

    /// Prints the notice, on standard output, with the path and each
    /// earlier attempt's failure and place: where no framework has warnings.
    package func notice(_ notice: SpecNotice, seed: UInt64?) {
        print(notice.warningText(seed: seed))
    }
}

extension SpecNotice {
    /// `Rundown: warning: Cart, saves: flaky: passed on attempt 2 of 3`,
    /// then a line for each failure of an earlier attempt, with its place.
    package func warningText(seed: UInt64?) -> String {
        var lines = ["Rundown: warning: \(description)" + (seed.map { " (seed \($0))" } ?? "")]
        if case .flaky(_, _, let failures) = kind {
            for failure in failures {
                lines.append("  \(failure.location.filePath):\(failure.location.line): \(failure.description)")
            }
        }
        return lines.joined(separator: "\n")
    }
}

extension SpecFailure {
    /// The message alone, without the path.
    package var message: String {
        String(describing: error)
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
        if let example { return "the example '\(PathText.joined(example))' was skipped" }
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

extension SpecFailure {
    /// Whether a framework recorded this failure by itself (see
    /// ``ReportedByFramework``), looking through what only adds words to it.
    package var isReportedByFramework: Bool {
        var error: any Error = self.error
        while let wrapper = error as? any WrappedFailure {
            error = wrapper.wrapped
        }
        return error is any ReportedByFramework
    }

    /// Whether this failure came after the element whose task posted it had finished (a ``LateFailure``).
    package var isLate: Bool {
        late != nil
    }

    /// Whether this failure came after the whole spec run had ended.
    package var isAfterRun: Bool {
        late?.afterRun ?? false
    }

    private var late: LateFailure? {
        var error: any Error = self.error
        while let wrapper = error as? any WrappedFailure {
            if let late = wrapper as? LateFailure { return late }
            error = wrapper.wrapped
        }
        return nil
    }
}
