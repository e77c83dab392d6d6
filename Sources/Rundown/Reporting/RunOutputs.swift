import Foundation
import RundownEngine
import RundownSettings

/// The reports one run of a spec writes besides what its host records: the
/// tree (`RUNDOWN_REPORT=tree`), the JUnit file (`RUNDOWN_JUNIT`), the file of
/// failed paths (`RUNDOWN_FAILURES`), and the lines that say how many
/// examples the filter or the shard left out, which passed on a retry, and
/// how many repetitions the examples that repeat ran; the times of its
/// examples and groups for the process's profile (`RUNDOWN_PROFILE`); and
/// its records in the events file (`RUNDOWN_EVENTS`).
///
/// It lives for one run and sees the run's events in order, from the task
/// running the spec; only ``JUnitFile`` is shared between runs.
final class RunOutputs {
    private let tree: TreeReport?
    private var treeLines: [String] = []
    private let junit: JUnitCollector?
    private let started = ContinuousClock.now
    /// What failed, while `RUNDOWN_FAILURES` asks for it.
    private let failedPaths: FailedPaths?
    /// The times of the run's examples and groups, while `RUNDOWN_PROFILE` asks for them.
    private let profile: ProfileCollector?
    /// The run's records, while `RUNDOWN_EVENTS` asks for them.
    private let events: EventRecorder?

    /// Outputs for a run with `settings`; `labels` are the labelled
    /// examples' labels, by path, for the JUnit report; `events` records the
    /// run when `RUNDOWN_EVENTS` asks for it.
    init(_ settings: RunSettings, labels: [[String]: [String]] = [:], events: EventRecorder? = nil) {
        self.events = events
        junit = settings.junitPath == nil ? nil : JUnitCollector(seed: settings.seed, labels: labels)
        // A nested spec's examples are not the run's: its element, failed, is written.
        failedPaths = settings.failuresPath != nil && ExampleRunner.current == nil ? FailedPaths() : nil
        // A nested spec's time is its element's, already in the outer run's profile.
        profile = settings.profileCount != nil && ExampleRunner.current == nil ? ProfileCollector() : nil
        guard settings.treeReport else {
            tree = nil
            return
        }
        let buffer = LineBuffer()
        tree = TreeReport { buffer.lines.append($0) }
        treeBuffer = buffer
    }

    private var treeBuffer: LineBuffer?

    /// Whether a report needs the events that start and finish groups and
    /// examples; without one, the engine does not build them.
    var wantsProgress: Bool {
        tree != nil || junit != nil || failedPaths != nil || profile != nil || events != nil
    }

    /// What writes the failures that come after the run has ended to the
    /// events file, when `RUNDOWN_EVENTS` asks for it.
    func afterRunEvents(_ settings: RunSettings) -> EventRecorder.AfterRun? {
        guard let events, let path = settings.eventsPath else { return nil }
        return events.afterRun(writingTo: path)
    }

    func receive(_ event: SpecEvent) {
        tree?.receive(event)
        junit?.receive(event)
        failedPaths?.receive(event)
        profile?.receive(event)
        events?.receive(event)
    }

    /// Writes what the run asked for, once it has ended.
    ///
    /// - Returns: Why the JUnit report, or the failures file, could not be
    ///   written, if it could not: a failure of the spec.
    @discardableResult
    func finish(
        _ report: SpecReport, specName: String, testName: String?, settings: RunSettings,
        print: (String) -> Void = { Swift.print($0) }
    ) -> (any Error)? {
        let misses = Self.placeMissLines(report, specName: specName)
        let filtered = Self.filteredOutLine(report, specName: specName, settings: settings)
        let flaky = Self.flakyLine(report)
        let repeated = Self.repeatedLine(report, specName: specName, settings: settings)
        if let treeBuffer {
            var lines = ["Rundown tree of \(testName.map { "\($0), " } ?? "")spec '\(specName)':"]
            lines += treeBuffer.lines.map { "  " + $0 }
            lines += misses.map { "  " + $0 }
            // A left-out example of a `Spec` argument is all its tree would have shown.
            if let filtered = filtered ?? Self.exampleFilteredOutLine(report, settings: settings) {
                lines.append("  " + filtered)
            }
            if let flaky { lines.append("  " + flaky) }
            if let repeated { lines.append("  " + repeated) }
            print(lines.joined(separator: "\n"))
        } else {
            for miss in misses { print("Rundown: " + miss) }
            if let filtered { print("Rundown: " + filtered) }
            if let flaky { print("Rundown: '\(specName)': " + flaky) }
            if let repeated { print("Rundown: " + repeated) }
        }
        if let profile, let count = settings.profileCount {
            ProcessProfile.add(profile, count: count)
        }
        var unwritten: (any Error)?
        if let junit, let path = settings.junitPath {
            let suite = junit.suite(specName: specName, testName: testName, time: started.duration(to: .now))
            do {
                try JUnitFile.shared.add(suite, at: path)
            } catch {
                unwritten = error
            }
        }
        if let events, let path = settings.eventsPath {
            let warnings = [filtered, flaky.map { "'\(specName)': " + $0 }, repeated].compactMap(\.self)
            do {
                try EventsFile.add(
                    events.lines(report, warnings: warnings), at: path, settingWarnings: RunSettings.current.warnings)
            } catch {
                unwritten = unwritten ?? error
            }
        }
        if let failedPaths, let path = settings.failuresPath {
            do {
                try FailuresFile.add(failedPaths.paths, at: path)
            } catch {
                unwritten = unwritten ?? error
            }
        }
        return unwritten
    }

    /// The warning of each place of the filter that names nothing in the
    /// spec, where it matters: the spec has something in that place's file
    /// (the line is above all of it), or nothing of the spec was selected.
    /// A place in another spec's file is, for this spec, no mistake. Each
    /// text is given once a process, as every argument of a parameterized
    /// test over one `Spec` would give it again.
    static func placeMissLines(_ report: SpecReport, specName: String) -> [String] {
        guard !report.placeMisses.isEmpty else { return [] }
        let nothingSelected = report.everythingSkipped && report.skippedCount == 0
        return report.placeMisses.compactMap { miss -> String? in
            guard miss.firstLine != nil || nothingSelected else { return nil }
            let text = RundownWarning.placeNamesNothing(
                place: miss.place, specName: specName, firstLine: miss.firstLine
            ).message
            return givenPlaceWarnings.withLock { $0.insert(text).inserted } ? text : nil
        }
    }

    /// The warnings of places naming nothing that this process has given.
    private static let givenPlaceWarnings = Protected<Set<String>>([])

    /// `'Cart': 3 examples selected, 12 filtered out (RUNDOWN_FILTER=push)`,
    /// or `nil` when the filter and the shard left nothing out, or the run
    /// is of one example (a `Spec.Example`), which leaves the others out by design.
    static func filteredOutLine(_ report: SpecReport, specName: String, settings: RunSettings) -> String? {
        guard report.filteredOutCount > 0, settings.example == nil else { return nil }
        let selected = report.passedCount + report.failedCount + report.skippedCount
        return RundownWarning.filteredOut(
            specName: specName, selected: selected, filteredOut: report.filteredOutCount,
            selection: settings.selectionDescription
        ).message
    }

    /// `'Cart, pushes': filtered out (RUNDOWN_FILTER=pops)`: the one example
    /// of a `Spec.Example` run, left out by the selection; `nil` for any
    /// other run. Only the tree says it, which would otherwise be empty: the
    /// host reports the run as skipped (a cancelled test case), and a
    /// parameterized test whose filter picks one argument would print a line
    /// for every other one.
    static func exampleFilteredOutLine(_ report: SpecReport, settings: RunSettings) -> String? {
        guard let example = settings.example, report.filteredOutCount > 0, report.everythingSkipped else {
            return nil
        }
        return RundownWarning.exampleFilteredOut(path: example, selection: settings.selectionDescription).message
    }

    /// `'Cart': 3 examples repeated, 300 repetitions in all`, or `nil` if no
    /// example repeated. A run of one example (a `Spec.Example`) names it.
    static func repeatedLine(_ report: SpecReport, specName: String, settings: RunSettings) -> String? {
        guard report.repetitions.examples > 0 else { return nil }
        let name = settings.example.map(PathText.joined) ?? specName
        return RundownWarning.repeated(name: name, report.repetitions).message
    }

    /// `2 examples flaky: Cart, saves; Cart, loads`: the examples that
    /// passed only on a retry, or `nil` if none did.
    static func flakyLine(_ report: SpecReport) -> String? {
        let paths = report.flakyPaths
        guard !paths.isEmpty else { return nil }
        return RundownWarning.flaky(paths: paths).message
    }

    private final class LineBuffer {
        var lines: [String] = []
    }
}
