import RundownEngine

/// Everything `Rundown` prints about a run that is neither a framework's
/// issue nor a thrown error: the one place these texts are written. Where: a
/// line names its spec, or starts with the failure's file and line. See
/// <doc:RunControls#Filter-and-shards>, <doc:FlakyExamples> and, for a spec no
/// framework runs, <doc:ErrorsAndSkips#When-no-framework-runs-the-spec>.
enum RundownWarning {
    /// Outside any framework, a spec that skipped every example:
    /// `every example of 'Cart' was skipped: …`.
    case everythingSkipped(what: String, summary: String)
    /// Outside any framework, a failure other than the one `spec` throws.
    case failure(String, at: CodeLocation)
    /// How many examples the filter, the shards or the labels left out; `selection`
    /// is the settings that did (`RUNDOWN_FILTER=push`).
    case filteredOut(specName: String, selected: Int, filteredOut: Int, selection: String)
    /// The examples that passed only on a retry.
    case flaky(paths: [[String]])
    /// The examples that repeated, added up: `name` is the spec's, or the
    /// path of the one example a `Spec.Example` ran.
    case repeated(name: String, RepetitionTally)
    /// A place of `RUNDOWN_FILTER` (`Stack.swift:42`) that names no element of
    /// the spec: nothing of it is declared in that file at or above the line
    /// (`firstLine` is where its first declaration in that file is), or
    /// nothing of it at all in that file (`firstLine` is `nil`).
    case placeNamesNothing(place: SourcePlace, specName: String, firstLine: Int?)
    /// The one example of a `Spec.Example` run, which the filter, the shards
    /// or the labels left out; `selection` is the settings that did.
    case exampleFilteredOut(path: [String], selection: String)

    /// The text: a whole line for a failure, else what follows `Rundown: `
    /// (or stands in the tree report).
    var message: String {
        switch self {
        case .everythingSkipped(let what, let summary):
            "\(what): \(summary)"
        case .failure(let failure, let location):
            "\(location.filePath):\(location.line): error: \(failure)\n"
        case .filteredOut(let specName, let selected, let filteredOut, let selection):
            "'\(specName)': \(selected == 0 ? "no example selected" : "\(Self.examples(selected)) selected"), \(filteredOut) filtered out (\(selection))"
        case .flaky(let paths):
            "\(Self.examples(paths.count)) flaky: " + paths.map(PathText.joined).joined(separator: "; ")
        case .repeated(let name, let tally):
            Self.repeated(name, tally)
        case .placeNamesNothing(let place, let specName, let firstLine?):
            "warning: RUNDOWN_FILTER place '\(place)' names no element of '\(specName)': nothing of it is declared on or above that line of the file; its first element there is on line \(firstLine). Give the line of an example, a group or a hook, or a line below one (a line inside an example's body names the example)"
        case .placeNamesNothing(let place, let specName, nil):
            "warning: RUNDOWN_FILTER place '\(place)' names no element of '\(specName)': none of its elements is declared in a file whose path ends in '\(place.file)'. Give the file's name or the end of its path, then ':' and a line, such as RUNDOWN_FILTER=Stack.swift:42 or RUNDOWN_FILTER=Tests/Stack.swift:42, and name the test that runs the spec"
        case .exampleFilteredOut(let path, let selection):
            "'\(PathText.joined(path))': filtered out" + (selection.isEmpty ? "" : " (\(selection))")
        }
    }

    /// `'Cart': 3 examples repeated, 300 repetitions in all`, then which
    /// stopped at a failure, and where `until-failure` stopped without one.
    private static func repeated(_ name: String, _ tally: RepetitionTally) -> String {
        let total = tally.repetitions == 1 ? "1 repetition" : "\(tally.repetitions) repetitions"
        var text = "'\(name)': \(examples(tally.examples)) repeated, \(total) in all"
        if tally.failed > 0 { text += "; \(tally.failed) stopped at a failing repetition" }
        var stops: [String] = []
        if tally.reachedCap > 0 { stops.append("\(tally.reachedCap) at its cap of \(tally.cap) repetitions") }
        if tally.reachedTimeLimit > 0 {
            stops.append("\(tally.reachedTimeLimit) at its time limit of \(tally.timeLimit)")
        }
        if !stops.isEmpty {
            text += "; until-failure found no failure and stopped " + stops.joined(separator: " and ")
        }
        return text
    }

    private static func examples(_ count: Int) -> String {
        count == 1 ? "1 example" : "\(count) examples"
    }
}
