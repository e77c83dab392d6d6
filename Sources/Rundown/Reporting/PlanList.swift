import RundownEngine
import RundownSettings

/// What a dry run (`RUNDOWN_LIST`) prints for one spec: its plan's listing
/// (``RunPlan/listing(controls:)``) as text for people or JSON Lines for
/// tools, in one piece, so that specs listed in parallel do not interleave.
///
/// Text: a heading naming the test and the spec (and the seed), then one
/// line per element, indented by depth:
/// `pops nothing (StackSpec.swift:12) [db]: run, 3 times`.
///
/// JSON: one object per element per line, its members in this order:
/// `kind` (`group` or `example`), `path` (the steps, an array), `file` (the
/// full path), `fileID`, `line`, `column`, `labels`, `decision` (`run`,
/// `skipped` or `left out`), `reason` (unless it runs), `repetitions`
/// (a number; with `untilFailure: true` its most) and `retries` when the
/// example runs more than once, `spec`, `test` (when a test hosts the spec)
/// and `seed` (when the run is shuffled; a string, as `RUNDOWN_SEED` takes it).
enum PlanList {
    /// The listing of the spec `specName`, hosted by `testName`, as `format` writes it, without a last newline.
    static func text(
        _ elements: [ListedElement], format: ListFormat, specName: String, testName: String?, seed: UInt64?
    ) -> String {
        switch format {
        case .text: readable(elements, specName: specName, testName: testName, seed: seed)
        case .json: jsonLines(elements, specName: specName, testName: testName, seed: seed)
        }
    }

    private static func readable(
        _ elements: [ListedElement], specName: String, testName: String?, seed: UInt64?
    ) -> String {
        var lines = [
            "Rundown list of \(testName.map { "\($0), " } ?? "")spec '\(specName)'\(seed.map { " (seed \($0))" } ?? ""):"
        ]
        for element in elements {
            var line = String(repeating: "  ", count: element.path.count) + (element.path.last ?? "")
            line += " (\(element.location))"
            if !element.labels.isEmpty { line += " [\(element.labels.joined(separator: ", "))]" }
            line += ": " + decision(element.decision)
            line += attempts(element).map { ", " + $0 } ?? ""
            lines.append(line)
        }
        return lines.joined(separator: "\n")
    }

    private static func jsonLines(
        _ elements: [ListedElement], specName: String, testName: String?, seed: UInt64?
    ) -> String {
        elements.map { element in
            var object = JSONObject()
            object.add("kind", element.kind.rawValue)
            object.add("path", element.path)
            object.add("file", element.location.filePath)
            object.add("fileID", element.location.fileID)
            object.add("line", element.location.line)
            object.add("column", element.location.column)
            object.add("labels", element.labels)
            switch element.decision {
            case .run:
                object.add("decision", "run")
            case .skipped(let cause):
                object.add("decision", "skipped")
                object.add("reason", cause.description)
            case .leftOut(let cause):
                object.add("decision", "left out")
                object.add("reason", cause.description)
            }
            switch element.repetitions {
            case .times(let times) where times > 1:
                object.add("repetitions", times)
            case .untilFailure(let max, _):
                object.add("repetitions", max)
                object.add("untilFailure", true)
            default:
                break
            }
            if let retries = element.retries, retries > 0 { object.add("retries", retries) }
            object.add("spec", specName)
            if let testName { object.add("test", testName) }
            // A string: a seed takes all 64 bits, more than a reader that keeps numbers as doubles holds.
            if let seed { object.add("seed", String(seed)) }
            return object.text
        }.joined(separator: "\n")
    }

    /// `run`, `skipped: not focused`, `left out: shard`.
    private static func decision(_ decision: PlanDecision) -> String {
        switch decision {
        case .run: "run"
        case .skipped(let cause): "skipped: \(cause)"
        case .leftOut(let cause): "left out: \(cause)"
        }
    }

    /// `3 times`, `until failure, at most 100 times`, `retries 2`, joined; `nil` for once.
    private static func attempts(_ element: ListedElement) -> String? {
        var parts: [String] = []
        switch element.repetitions {
        case .times(let times) where times > 1: parts.append("\(times) times")
        case .untilFailure(let max, _): parts.append("until failure, at most \(max) times")
        default: break
        }
        if let retries = element.retries, retries > 0 { parts.append("retries \(retries)") }
        return parts.isEmpty ? nil : parts.joined(separator: ", ")
    }
}
