import RundownEngine

/// Everything Rundown warns about its settings: a `RUNDOWN_*` variable it does
/// not know, a value it does not understand, and the seed `RUNDOWN_SEED=random`
/// picked. The one place these texts are written; `RunSettings` only passes them
/// on.
///
/// Each says what happened, where (the variable and its value), and how to go
/// on: it lists the valid forms, and the setting keeps its default. The
/// settings and their syntax are in <doc:RunControls#The-environment-variables>.
package enum SettingsWarning: Sendable, Hashable {
    /// A `RUNDOWN_*` variable that is no setting: a typo, most likely.
    case unknownSetting(name: String, settings: [String])
    /// `RUNDOWN_REPORT` with a report Rundown does not know.
    case reportNotKnown(String)
    /// `RUNDOWN_FILTER` whose value has no pattern, only `|` and spaces.
    case filterWithoutPattern(String)
    /// `RUNDOWN_FILTER=@` with no file after the `@`.
    /// (`inList`: the `@` is one entry of several, which select without it.)
    case filterFileUnnamed(inList: Bool = false)
    /// `RUNDOWN_FILTER=@file` with a file that cannot be read, and why:
    /// `no such file`, `not UTF-8 text`, or the system's reason (`Permission denied`).
    case filterFileUnreadable(file: String, reason: String, inList: Bool = false)
    /// `RUNDOWN_FILTER=@file` naming a folder.
    case filterFileIsFolder(String, inList: Bool = false)
    /// `RUNDOWN_FILTER=@file` naming a file that did not exist when this run
    /// of the tests began: `RUNDOWN_FAILURES` made it since.
    case filterFileMadeInThisRun(String, inList: Bool = false)
    /// `RUNDOWN_SHARD` that is not `i/n`.
    case shardNotKnown(String)
    /// `RUNDOWN_LABELS` that is no expression, with where reading it failed.
    case labelsNotUnderstood(String, problem: LabelExpressionError)
    /// `RUNDOWN_PARALLEL` that is not a whole number from 1.
    case parallelNotKnown(String, cores: Int)
    /// `RUNDOWN_REPEAT` that is none of its forms.
    case repeatNotKnown(String)
    /// `RUNDOWN_RETRIES` that is not a whole number from 0.
    case retriesNotKnown(String)
    /// `RUNDOWN_SEED` that is neither a number nor `random`.
    case seedNotKnown(String)
    /// A duration setting (`RUNDOWN_TIME_LIMIT`, `RUNDOWN_GRACE_PERIOD`) that is not a duration; `name` is the setting's.
    case durationNotKnown(name: String, value: String)
    /// `RUNDOWN_PROGRESS_AFTER` that is neither a duration nor `off`.
    case progressAfterNotKnown(String)
    /// `RUNDOWN_PROGRESS_EVERY` that is not a duration.
    case progressEveryNotKnown(String)
    /// `RUNDOWN_PROFILE` that is not a whole number from 1.
    case profileNotKnown(String)
    /// `RUNDOWN_FORBID_FOCUS` that is neither `1` nor `0`.
    case forbidFocusNotKnown(String)
    /// `RUNDOWN_STRICT` that is neither `1` nor `0`.
    case strictNotKnown(String)
    /// `RUNDOWN_FAIL_FAST` that is neither `1` nor `0`.
    case failFastNotKnown(String)
    /// `RUNDOWN_PROGRESS_SIGNAL` that is neither `on` nor `off`.
    case progressSignalNotKnown(String)
    /// `RUNDOWN_LIST` that is none of `1`, `json` and `0`.
    case listNotKnown(String)
    /// `RUNDOWN_TIMEOUT_SCALE` that is not a number; `range` is the factors it accepts.
    case timeoutScaleNotUnderstood(String, range: ClosedRange<Double>)
    /// `RUNDOWN_TIMEOUT_SCALE` that is a number out of the `range` it accepts.
    case timeoutScaleOutOfRange(String, range: ClosedRange<Double>)
    /// `RUNDOWN_SCHEDULE` that is not a replay token.
    case scheduleNotKnown(String)
    /// `RUNDOWN_SEED=random` picked this seed; a note, so that the order can be replayed.
    case seedPicked(UInt64)

    /// The warning's text, without the prefix it is printed with.
    package var message: String {
        switch self {
        case .unknownSetting(let name, let settings):
            "\(name) is not a setting Rundown knows, and is ignored; the settings are "
                + settings.joined(separator: ", ")
        case .reportNotKnown(let value):
            "RUNDOWN_REPORT=\(value) is not a report Rundown knows; valid forms: RUNDOWN_REPORT=tree"
        case .filterWithoutPattern(let value):
            "RUNDOWN_FILTER=\(value) has no pattern; valid forms: RUNDOWN_FILTER=pattern, RUNDOWN_FILTER=pattern|pattern|… (a part of an example's path, ignoring case), RUNDOWN_FILTER=File.swift:42 (the element declared on that line of that file, or the nearest one above it), RUNDOWN_FILTER=@file (a file of example paths, one a line)"
        case .filterFileUnnamed(let inList):
            "RUNDOWN_FILTER=@ names no file, \(Self.instead(inList)); " + Self.filterForms
        case .filterFileUnreadable(let file, let reason, let inList):
            "RUNDOWN_FILTER=@\(file): the file cannot be read (\(reason)), \(Self.instead(inList)); "
                + Self.filterForms
        case .filterFileIsFolder(let file, let inList):
            "RUNDOWN_FILTER=@\(file): that is a folder, not a file, \(Self.instead(inList)); name the file in it that RUNDOWN_FAILURES wrote; "
                + Self.filterForms
        case .filterFileMadeInThisRun(let file, let inList):
            "RUNDOWN_FILTER=@\(file): there was no such file when this run of the tests began (RUNDOWN_FAILURES made it since), \(Self.instead(inList)), as in the run's first process; "
                + Self.filterForms
        case .shardNotKnown(let value):
            "RUNDOWN_SHARD=\(value) is not a shard Rundown knows; valid forms: RUNDOWN_SHARD=i/n with 1 <= i <= n, such as RUNDOWN_SHARD=2/5"
        case .labelsNotUnderstood(let value, let problem):
            "RUNDOWN_LABELS=\(value) is not an expression Rundown can read: \(problem)\nvalid forms: label names (letters, digits, '-', '_', '.') joined with '&&', '||', '!' and parentheses, such as RUNDOWN_LABELS='db && !slow' or RUNDOWN_LABELS='(ui || snapshot) && !flaky'; every example runs"
        case .parallelNotKnown(let value, let cores):
            "RUNDOWN_PARALLEL=\(value) is not a limit Rundown knows; valid forms: RUNDOWN_PARALLEL=<a whole number from 1>, such as RUNDOWN_PARALLEL=4 (how many elements of a '.concurrent' group run at once; \(cores) by default, one per core)"
        case .repeatNotKnown(let value):
            "RUNDOWN_REPEAT=\(value) is not a repetition Rundown knows, and every example runs once; valid forms: RUNDOWN_REPEAT=<a whole number from 1>, such as RUNDOWN_REPEAT=100, RUNDOWN_REPEAT=until-failure, RUNDOWN_REPEAT=until-failure:<a whole number from 1> (at most that many repetitions; \(RepeatSetting.untilFailureDefaultMax) by default)"
        case .retriesNotKnown(let value):
            "RUNDOWN_RETRIES=\(value) is not a count Rundown knows, and no example is retried; valid forms: RUNDOWN_RETRIES=<a whole number from 0>, such as RUNDOWN_RETRIES=2 (how many more times a failing example runs)"
        case .durationNotKnown(let name, let value):
            "\(name)=\(value) is not a duration Rundown knows, and it is not set; valid forms: \(name)=<a number above 0 with ms, s or m>, such as \(name)=500ms, \(name)=90s, \(name)=5m, \(name)=1.5s"
        case .seedNotKnown(let value):
            "RUNDOWN_SEED=\(value) is not a seed Rundown knows; valid forms: RUNDOWN_SEED=<a whole number from 0 to \(UInt64.max)>, RUNDOWN_SEED=random"
        case .progressAfterNotKnown(let value):
            "RUNDOWN_PROGRESS_AFTER=\(value) is not a duration Rundown knows, and it keeps its default (off; 120s when CI is set); valid forms: RUNDOWN_PROGRESS_AFTER=<a number above 0 with ms, s or m>, such as RUNDOWN_PROGRESS_AFTER=90s, RUNDOWN_PROGRESS_AFTER=5m, RUNDOWN_PROGRESS_AFTER=1.5s; RUNDOWN_PROGRESS_AFTER=off"
        case .progressEveryNotKnown(let value):
            "RUNDOWN_PROGRESS_EVERY=\(value) is not a duration Rundown knows, and it keeps its default (30s); valid forms: RUNDOWN_PROGRESS_EVERY=<a number above 0 with ms, s or m>, such as RUNDOWN_PROGRESS_EVERY=500ms, RUNDOWN_PROGRESS_EVERY=30s, RUNDOWN_PROGRESS_EVERY=5m, RUNDOWN_PROGRESS_EVERY=1.5s"
        case .profileNotKnown(let value):
            "RUNDOWN_PROFILE=\(value) is not a count Rundown knows, and no profile is printed; valid forms: RUNDOWN_PROFILE=<a whole number from 1>, such as RUNDOWN_PROFILE=10 (how many of the slowest examples and groups to print when the process ends)"
        case .forbidFocusNotKnown(let value):
            "RUNDOWN_FORBID_FOCUS=\(value) is not a value Rundown knows; valid forms: RUNDOWN_FORBID_FOCUS=1, RUNDOWN_FORBID_FOCUS=0"
        case .strictNotKnown(let value):
            "RUNDOWN_STRICT=\(value) is not a value Rundown knows; valid forms: RUNDOWN_STRICT=1, RUNDOWN_STRICT=0"
        case .failFastNotKnown(let value):
            "RUNDOWN_FAIL_FAST=\(value) is not a value Rundown knows; valid forms: RUNDOWN_FAIL_FAST=1, RUNDOWN_FAIL_FAST=0"
        case .progressSignalNotKnown(let value):
            "RUNDOWN_PROGRESS_SIGNAL=\(value) is not a value Rundown knows, and the signal stays on; valid forms: RUNDOWN_PROGRESS_SIGNAL=on (SIGUSR1 prints a progress report), RUNDOWN_PROGRESS_SIGNAL=off (Rundown leaves the signal alone)"
        case .listNotKnown(let value):
            "RUNDOWN_LIST=\(value) is not a value Rundown knows, and the specs run; valid forms: RUNDOWN_LIST=1 (list each spec's plan as text instead of running it), RUNDOWN_LIST=json (the same as JSON Lines), RUNDOWN_LIST=0 (run)"
        case .timeoutScaleNotUnderstood(let raw, let range):
            "RUNDOWN_TIMEOUT_SCALE='\(raw)' is not understood; " + Self.timeoutScaleForms(range)
        case .timeoutScaleOutOfRange(let raw, let range):
            "RUNDOWN_TIMEOUT_SCALE='\(raw)' is outside the range Rundown accepts; " + Self.timeoutScaleForms(range)
        case .scheduleNotKnown(let value):
            "RUNDOWN_SCHEDULE=\(value) is not a replay token; valid form: RUNDOWN_SCHEDULE=<the token a failed explore printed, such as v1.3fa2.0102.9c1e22ab>"
        case .seedPicked(let seed):
            "RUNDOWN_SEED=random picked seed \(seed); replay this order with RUNDOWN_SEED=\(seed)"
        }
    }

    /// The line a setting's warning is printed as, on standard error.
    package static func printed(_ message: String) -> String {
        "warning: Rundown: \(message)\n"
    }

    /// What selects when the file of `@file` gives no list: every example, or,
    /// where the `@file` is one entry of a list, the list's other entries.
    private static func instead(_ inList: Bool) -> String {
        inList ? "and the list selects by its other entries" : "and every example runs"
    }

    private static let filterForms =
        "valid forms: RUNDOWN_FILTER=pattern, RUNDOWN_FILTER=pattern|pattern|…, RUNDOWN_FILTER=@file (a file of example paths, one a line, as RUNDOWN_FAILURES writes them), RUNDOWN_FILTER=File.swift:42 (the element declared on that line of that file, or the nearest one above it), entries mixed as RUNDOWN_FILTER=entry|entry|…"

    private static func timeoutScaleForms(_ range: ClosedRange<Double>) -> String {
        "valid forms are a number from \(range.lowerBound) to \(Int(range.upperBound)) "
            + "such as 2 or 2.5 (every default deadline is multiplied by it). Using 1."
    }
}
