import Foundation
import RundownEngine
import RundownSettings

/// The records of one spec run for the events file of `RUNDOWN_EVENTS`
/// (``EventsFile``): it listens to the walk's events, as the other reports
/// do, and keeps its records until the run ends, when ``lines(_:warnings:)``
/// renders them for one append under the file's lock.
///
/// Invariants. Every example has one `exampleStarted` and one `exampleEnded`
/// record, in that order: one that never ran (skipped by the plan, or left out
/// by a failing `beforeAll`) has both at once, with no time between them.
/// Records are kept, not rendered, until the end, so that a late failure
/// that comes while the spec still runs makes its example's `exampleEnded`
/// say `failed` (the failure's own record, `late: true`, follows it), and so
/// do the ends of the groups around it; a group's outcome is what its
/// examples and failures make it, read from its own records as it ends. The schema is
/// `Schemas/rundown-events.schema.json`; the field names that mean what a
/// field of Swift Testing's event stream means are its names (`kind`,
/// `instant`, `testID`, `sourceLocation`, `messages`, `issue`, `tags`).
///
/// It lives for one run and sees its events in order, from the task running
/// the spec, as ``RunOutputs`` does.
final class EventRecorder {
    /// What every record of the run starts with after its kind and instant:
    /// the process and the hosting test, rendered once.
    private let common: String
    /// Where each element of the tree was declared, and its labels (its own
    /// and its groups'), by path.
    private let places: [[String]: Place]
    private var records: [Record] = []
    /// The examples and groups that have started and not ended, innermost
    /// last, with the index of their start record.
    private var open: [(path: [String], isExample: Bool, start: Int)] = []
    /// The examples that passed only on a retry, while they end.
    private var flaky: Set<[String]> = []
    private let root: [String]
    private let started = Instant.now

    struct Place {
        var location: CodeLocation
        var tags: [String]
    }

    /// A recorder for a run of the spec `root`, hosted by the test `testName`.
    init<Mode>(_ root: GroupNode<Mode>, testName: String?) {
        common =
            #""processID":\#(ProcessInfo.processInfo.processIdentifier),"testID":"#
            + (testName.map(JSONText.string) ?? "null")
        places = Self.places(of: root)
        self.root = [root.description]
        records.append(
            Record(kind: "specStarted", instant: started, path: self.root, place: places[self.root]))
    }

    /// Where each element of `root` was declared, and its labels, by path.
    static func places<Mode>(of root: GroupNode<Mode>) -> [[String]: Place] {
        var found: [[String]: Place] = [:]
        func visit(_ group: GroupNode<Mode>, path: [String], inherited: [String]) {
            let labels = inherited + group.marks.labels.filter { !inherited.contains($0) }
            found[path] = Place(location: group.location, tags: labels)
            for element in group.content.elements {
                switch element {
                case .example(let example):
                    let own = labels + example.marks.labels.filter { !labels.contains($0) }
                    found[path + [example.description]] = Place(location: example.location, tags: own)
                case .group(let child):
                    visit(child, path: path + [child.description], inherited: labels)
                }
            }
        }
        visit(root, path: [root.description], inherited: [])
        return found
    }

    /// The place of `path`, or of the nearest element above it that has one
    /// (a hook's path ends in the hook).
    private func place(of path: [String]) -> Place? {
        var path = path[...]
        while !path.isEmpty {
            if let place = places[Array(path)] { return place }
            path = path.dropLast()
        }
        return nil
    }

    func receive(_ event: SpecEvent) {
        let now = Instant.now
        switch event {
        case .groupStarted(let path, let location):
            open.append((path, false, records.count))
            records.append(Record(kind: "groupStarted", instant: now, path: path, place: place(at: location, path)))
        case .groupFinished(let path):
            var record = Record(kind: "groupEnded", instant: now, path: path, place: place(of: path))
            if let index = open.lastIndex(where: { $0.path == path && !$0.isExample }) {
                let start = open[index].start
                record.duration = now.seconds(since: records[start].instant)
                // A group's records stand between its start and its end, those of a concurrent group's too.
                record.outcome = outcome(of: path, in: records[start...])
                open.remove(at: index)
            } else {
                record.outcome = outcome(of: path, in: records[...])
            }
            records.append(record)
        case .exampleStarted(let path, let location):
            open.append((path, true, records.count))
            records.append(Record(kind: "exampleStarted", instant: now, path: path, place: place(at: location, path)))
        case .exampleFinished(let path, let result, let duration):
            var record = Record(kind: "exampleEnded", instant: now, path: path, place: place(of: path))
            if let index = open.lastIndex(where: { $0.path == path && $0.isExample }) {
                open.remove(at: index)
            } else {
                records.append(Record(kind: "exampleStarted", instant: now, path: path, place: place(of: path)))
            }
            record.outcome =
                switch result {
                case .passed: flaky.remove(path) == nil ? "passed" : "flaky"
                case .failed: "failed"
                case .skipped: "skipped"
                }
            record.duration = Double(duration.components.seconds) + Double(duration.components.attoseconds) * 1e-18
            records.append(record)
        case .failed(let failure):
            record(failure, isFailure: true, at: now)
        case .skipped(let skip):
            var record = Record(
                kind: "skipped", instant: now, path: skip.path, place: place(at: skip.location, skip.path))
            record.reason = skip.reason
            record.messages = [("skip", skip.description)]
            records.append(record)
        case .noticed(let notice):
            if case .flaky(_, _, let failures) = notice.kind {
                flaky.insert(notice.path)
                for failure in failures { record(failure, isFailure: false, at: now) }
            }
            var record = Record(
                kind: "warning", instant: now, path: notice.path, place: place(at: notice.location, notice.path))
            record.messages = [("warning", notice.description)]
            records.append(record)
        }
    }

    /// The record of `failure`; a failure (not a warning of a flaky
    /// example's earlier attempt) that came late fails its example's end.
    private func record(_ failure: SpecFailure, isFailure: Bool, at now: Instant) {
        var (record, late) = Self.issue(
            failure, isFailure: isFailure, at: now, place: place(at: failure.location, failure.path))
        if late == nil {
            // The innermost open element that the failure's path starts with: its body, or its hook.
            if let owner = open.last(where: { failure.path.starts(with: $0.path) }) {
                if owner.path == failure.path {
                    record.closure = owner.isExample ? "body" : nil
                } else if failure.path.count == owner.path.count + 1 {
                    record.closure = failure.path.last
                }
            }
        } else if isFailure, let late {
            // Its example has ended, and the groups around it may have: each says it failed.
            for count in stride(from: late.example.count, through: 1, by: -1) {
                let path = Array(late.example.prefix(count))
                let ended = records.lastIndex { record in
                    (record.kind == "exampleEnded" || record.kind == "groupEnded") && record.path == path
                }
                if let ended { records[ended].outcome = "failed" }
            }
        }
        records.append(record)
    }

    /// The `issueRecorded` record of `failure`, and the late failure it is, if it is one.
    static func issue(
        _ failure: SpecFailure, isFailure: Bool, at now: Instant, place: Place
    ) -> (Record, LateFailure?) {
        var record = Record(kind: "issueRecorded", instant: now, path: failure.path, place: place)
        record.messages = [(isFailure ? "fail" : "warning", String(describing: failure.error))]
        record.issue = isFailure
        var error: any Error = failure.error
        var late: LateFailure?
        var run: AttemptNote?
        while let wrapper = error as? any WrappedFailure {
            if let attempt = wrapper as? AttemptFailure { run = run ?? attempt.run }
            if let found = wrapper as? LateFailure {
                late = found
                run = run ?? found.run
            }
            error = wrapper.wrapped
        }
        record.late = late != nil
        record.run = run
        return (record, late)
    }

    /// What adds the failures that come once the run has ended (from a task
    /// an example started, `late`, after the spec's records were written) to
    /// the file at `path`, each as soon as it comes.
    func afterRun(writingTo path: String) -> AfterRun {
        AfterRun(common: common, places: places, path: path)
    }

    /// Writes a failure that comes after its spec's run ended: its record
    /// follows the spec's end in the file. Its spec has been reported, so a
    /// file that cannot be written now has failed that spec already, or
    /// reports nothing more here: the failure itself reaches the test through
    /// the host.
    struct AfterRun: Sendable {
        let common: String
        let places: [[String]: Place]
        let path: String

        func write(_ failure: SpecFailure) {
            var path = failure.path[...]
            while !path.isEmpty, places[Array(path)] == nil { path = path.dropLast() }
            let tags = places[Array(path)]?.tags ?? []
            let (record, _) = EventRecorder.issue(
                failure, isFailure: true, at: .now, place: Place(location: failure.location, tags: tags))
            var text = ""
            record.write(to: &text, common: common)
            try? EventsFile.add(text, at: self.path, settingWarnings: [])
        }
    }

    /// The run's records, one JSON object a line, ending with the spec's
    /// end, preceded by `warnings` (what the run printed as warnings).
    func lines(_ report: SpecReport, warnings: [String]) -> String {
        let now = Instant.now
        for warning in warnings {
            var record = Record(kind: "warning", instant: now, path: root, place: places[root])
            record.messages = [("warning", warning)]
            records.append(record)
        }
        var end = Record(kind: "specEnded", instant: now, path: root, place: places[root])
        end.duration = now.seconds(since: started)
        end.outcome = outcome(of: root, in: records[...])
        records.append(end)
        var text = ""
        for record in records { record.write(to: &text, common: common) }
        return text
    }

    /// A group's outcome: `failed` if a failure was recorded in it or one of
    /// its examples failed; else `skipped` if every example in it was; else
    /// `flaky` if one was; else `passed`.
    private func outcome(of group: [String], in records: ArraySlice<Record>) -> String {
        var examples = 0
        var skipped = 0
        var flaky = false
        for record in records where record.path.starts(with: group) {
            if record.kind == "issueRecorded", record.issue == true { return "failed" }
            guard record.kind == "exampleEnded" else { continue }
            examples += 1
            switch record.outcome {
            case "failed": return "failed"
            case "skipped": skipped += 1
            case "flaky": flaky = true
            default: break
            }
        }
        if examples > 0, skipped == examples { return "skipped" }
        return flaky ? "flaky" : "passed"
    }

    /// The place of an element that says where it was declared.
    private func place(at location: CodeLocation, _ path: [String]) -> Place {
        Place(location: location, tags: places[path]?.tags ?? place(of: path)?.tags ?? [])
    }

    /// One record, kept until the run ends.
    struct Record {
        var kind: String
        var instant: Instant
        var path: [String]
        var place: Place?
        var outcome: String?
        var duration: Double?
        var messages: [(symbol: String, text: String)] = []
        /// Whether it is a failure, for an `issueRecorded` record; `false` for
        /// a warning (an earlier attempt of an example that passed on a retry).
        var issue: Bool?
        var closure: String?
        var late: Bool?
        var run: AttemptNote?
        var reason: String?

        init(kind: String, instant: Instant, path: [String], place: Place?) {
            self.kind = kind
            self.instant = instant
            self.path = path
            self.place = place
        }

        func write(to text: inout String, common: String) {
            text += #"{"version":\#(EventsFile.schemaVersion),"kind":"\#(kind)","instant":"#
            text += instant.json + "," + common + #","path":["#
            text += path.map(JSONText.string).joined(separator: ",") + "]"
            if let place {
                text += #","sourceLocation":"# + place.location.json
                text += #","tags":["# + place.tags.map(JSONText.string).joined(separator: ",") + "]"
            } else {
                text += #","sourceLocation":null,"tags":[]"#
            }
            if let outcome { text += #","outcome":"\#(outcome)""# }
            if let duration { text += #","duration":"# + JSONText.number(duration) }
            if let issue {
                let location = place?.location.json ?? "null"
                text +=
                    #","issue":{"isKnown":false,"severity":"\#(issue ? "error" : "warning")","isFailure":\#(issue),"#
                text += #""sourceLocation":\#(location)}"#
            }
            if let closure { text += #","closure":"# + JSONText.string(closure) }
            if let late { text += #","late":\#(late)"# }
            if let run {
                text +=
                    #","repetition":\#(run.repetition),"repetitions":\#(run.repetitions.map(String.init) ?? "null")"#
                text += #","attempt":\#(run.attempt),"attempts":\#(run.attempts)"#
            }
            if let reason { text += #","reason":"# + JSONText.string(reason) }
            if !messages.isEmpty {
                let rendered = messages.map { #"{"symbol":"\#($0.symbol)","text":"# + JSONText.string($0.text) + "}" }
                text += #","messages":["# + rendered.joined(separator: ",") + "]"
            }
            text += "}\n"
        }
    }

    /// A moment, as Swift Testing's event stream writes it: seconds since a
    /// moment the system chose (a clock that only goes forward) and since 1970.
    struct Instant {
        var absolute: Double
        var since1970: Double

        static var now: Instant {
            var time = timespec()
            clock_gettime(CLOCK_MONOTONIC, &time)
            return Instant(
                absolute: Double(time.tv_sec) + Double(time.tv_nsec) * 1e-9,
                since1970: Date().timeIntervalSince1970)
        }

        func seconds(since earlier: Instant) -> Double {
            absolute - earlier.absolute
        }

        var json: String {
            #"{"absolute":"# + JSONText.number(absolute) + #","since1970":"# + JSONText.number(since1970) + "}"
        }
    }
}

extension CodeLocation {
    /// `{"fileID":…,"filePath":…,"line":…,"column":…}`, as Swift Testing's event stream writes a source location.
    fileprivate var json: String {
        #"{"fileID":"# + JSONText.string(fileID) + #","filePath":"# + JSONText.string(filePath)
            + #","line":\#(line),"column":\#(column)}"#
    }
}
