import Foundation
import RundownEngine

/// The settings a user gives Rundown through the environment, read in one
/// place, once per process.
///
/// | Variable | Values | Effect |
/// |---|---|---|
/// | `RUNDOWN_REPORT` | `tree` | Print each spec's tree when it has run, in one piece, headed by its test. |
/// | `RUNDOWN_FILTER` | `pattern`, `File.swift:42` or `@file`, or several as `entry|entry|…` | Run only the examples one of the entries selects; spaces around a `|` are ignored. A pattern: the examples whose path (`Stack, when empty, pops`) contains it, ignoring case. A place, `File.swift:42` or `Tests/File.swift:42` (the part before the last `:` ends in `.swift`, the rest is digits): the element declared on that line of a file whose path ends so, or else the nearest one declared above it (a hook stands for its group), a group with all its examples; a place that names nothing of a spec is a warning. `@file`: run exactly the examples whose paths the file lists, one a line (as `RUNDOWN_FAILURES` writes them), and every example of a group it lists; a file `RUNDOWN_FAILURES` rewrote in this run is read as it was before the run. A path is written as the messages, JUnit and the failures file write it: steps joined with `, `, a step that holds `, ` or begins with `"` in double quotes with its `"` doubled (`"a, b", c` is not `a, "b, c"`). Selects in the outermost spec of a task only: a spec run inside an element runs whole. |
/// | `RUNDOWN_SHARD` | `i/n`, `1 <= i <= n` (`2/5`) | Run only shard `i` of `n`; the `n` shards together run every example once. Outermost spec only, as the filter. |
/// | `RUNDOWN_LABELS` | an expression of label names with `&&`, `||`, `!` and parentheses (`db && !slow`) | Run only the examples whose labels (their own and their groups', given with `.labels(…)`) make the expression true; a name is letters, digits, `-`, `_` and `.`. Outermost spec only, as the filter. |
/// | `RUNDOWN_PARALLEL` | a whole number from 1 (`4`) | Run at most this many elements of a `.concurrent` group at once; by default as many as the machine has cores. |
/// | `RUNDOWN_REPEAT` | a whole number from 1 (`100`), `until-failure`, or `until-failure:MAX` | Run every example this many times with its each-hooks, stopping at its first failing repetition; `until-failure` repeats each until it fails, at most MAX times (10000 by default) and 10 minutes. An example's or group's `.repeated(_:)` wins. Outermost spec only. |
/// | `RUNDOWN_RETRIES` | a whole number from 0 (`2`) | Run a failing example again up to this many more times; one that passes on a retry passes as flaky, its earlier failures reported as warnings. An example's or group's `.retries(_:)` wins. Outermost spec only. |
/// | `RUNDOWN_FAILURES` | a file path | Append the path of every example that failed (late failures included), and the group of every failing `beforeAll` or `afterAll`, to the file, one a line, for `RUNDOWN_FILTER=@file`; the file keeps the failures of every process of one run, and replaces an earlier run's. |
/// | `RUNDOWN_SEED` | a number from 0 to 2⁶⁴−1, or `random` | Shuffle the elements of every group with this seed, nested specs' too; `random` picks one and prints it. |
/// | `RUNDOWN_FORBID_FOCUS` | `1` or `0` | `1`: a focused element is a failure naming it. On by default when `CI` is set (to anything but empty, `0`, `false` or `no`); `0` turns it off. |
/// | `RUNDOWN_STRICT` | `1` or `0` | `1`: a `RUNDOWN_*` variable that is no setting, or a value Rundown cannot read, also fails the first spec of the process, at its `spec` call, with the warning's text. On by default when `CI` is set (as for `RUNDOWN_FORBID_FOCUS`); `0` turns it off. |
/// | `RUNDOWN_FAIL_FAST` | `1` or `0` | `1`: once an example of the process has failed, every element not yet started is skipped ("skipped: an earlier example failed, RUNDOWN_FAIL_FAST"), and so is every spec that starts later; what started ends, its `afterEach` and `afterAll` hooks included. |
/// | `RUNDOWN_JUNIT` | a file path, or a directory path (one that exists, or ends in `/`) | Write a JUnit XML report of every example to the file, which keeps the examples of every process of one run (`swift test`), or to `rundown-<pid>.xml` in the directory. Missing folders are made; a path that cannot be written fails the spec that tried. |
/// | `RUNDOWN_EVENTS` | a file path | Append the run as JSON Lines to the file: each spec's, group's and example's start and end (with its outcome and duration), each failure, skip and warning, one object a line, by the schema `Schemas/rundown-events.schema.json`. The file keeps the records of every process of one run (`swift test`), and replaces an earlier run's. Missing folders are made; a path that cannot be written fails the spec that tried. |
/// | `RUNDOWN_TIME_LIMIT` | a duration: a number above 0 with `ms`, `s` or `m` (`500ms`, `90s`, `5m`, `1.5s`) | The time limit of every example and hook of an asynchronous spec that no `.timeLimit` covers; a synchronous spec's element that ends past it fails saying by how much. |
/// | `RUNDOWN_GRACE_PERIOD` | a duration, as `RUNDOWN_TIME_LIMIT` | How long a closure cancelled by a time limit may take to stop before the spec goes on without it; by default the limit, at most one second. |
/// | `RUNDOWN_PROGRESS_AFTER` | a duration, as `RUNDOWN_TIME_LIMIT`, or `off` | Print a progress report on standard error for every example or hook that has run longer than this (what runs, for how long, the toolkit's waits it is in, and a line for every other spec running), then again every `RUNDOWN_PROGRESS_EVERY` while it still runs. Off by default; `120s` when `CI` is set; `off` turns it off. |
/// | `RUNDOWN_PROGRESS_EVERY` | a duration, as `RUNDOWN_TIME_LIMIT` | How often a closure still running is reported again; `30s` by default. |
/// | `RUNDOWN_PROFILE` | a whole number from 1 (`10`) | When the process ends, print this many of the slowest examples and of the slowest groups (a group from its `beforeAll` to its `afterAll`) of every spec of the process, each with its time, path and file:line, as one block on standard output. |
/// | `RUNDOWN_TIMEOUT_SCALE` | a number from 0.01 to 1000 (`3`, `2.5`) | Multiply every default deadline of the concurrency toolkit. |
/// | `RUNDOWN_PROGRESS_SIGNAL` | `on` or `off` | `on`, the default: `SIGUSR1` (and `SIGINFO`, Ctrl-T, on Apple platforms) prints a progress report of everything running in the process, and the run goes on. `off`: Rundown leaves the signals alone, and their default action applies. |
/// | `RUNDOWN_SCHEDULE` | a replay token a failed `explore` printed (`v1.3fa2.0102.9c1e22ab`) | The `explore` call that printed it, in the test that printed it, runs that one interleaving instead of its strategy. |
/// | `RUNDOWN_LIST` | `1`, `json`, or `0` | A dry run: each spec prints its plan instead of running (no hook and no example runs, and the test passes): every group and example in the order a run with the same settings reaches it, with its path, file:line, labels and what the plan decided (`run`, `skipped: <reason>`, `left out: <reason>`), after the filter, labels, shard, focus, repetitions and seed. `1`: text, indented by depth and headed by the test; `json`: JSON Lines, one object per element, its path an array of steps. Each spec's listing is one write to standard output. Outermost spec of a task only; `0` runs as usual. |
///
/// It is a module of its own so that `Rundown` and the concurrency toolkit,
/// which does not depend on `Rundown`, read their settings from the same
/// place, and the engine reads none: `Rundown` hands it ``controls``.
///
/// A value Rundown does not understand is reported once, on standard error,
/// with the valid forms; the setting then keeps its default. An empty value
/// is the same as no value. A variable whose name starts with `RUNDOWN_` but
/// is none of these (`RUNDOWN_FILTRE`) is a warning naming it and the
/// settings. Where settings are strict (`CI`, `RUNDOWN_STRICT=1`), each such
/// warning is also a failure, ``settingFailures``, which the first spec of the
/// process takes (``forSpec()``). Every variable is read from one table, `table`.
package struct RunSettings: Sendable {
    /// Whether to print each spec's tree (`RUNDOWN_REPORT=tree`).
    package var treeReport = false
    /// The patterns and places of `RUNDOWN_FILTER`, as given; its `@file`
    /// entries are read into ``exactPaths``.
    package var filter: [String] = []
    /// The shard of `RUNDOWN_SHARD`.
    package var shard: Shard?
    /// The expression of `RUNDOWN_LABELS`.
    package var labels: LabelExpression?
    /// The limit of `RUNDOWN_PARALLEL`, or `nil` for one per core.
    package var parallelism: Int?
    /// The seed of `RUNDOWN_SEED`, or the one picked for `random`.
    package var seed: UInt64?
    /// Whether the seed was picked at random (it is then printed once).
    package var seedIsRandom = false
    /// Whether a focused element fails the run (`RUNDOWN_FORBID_FOCUS`, or `CI`).
    package var forbidFocus = false
    /// Where to write the JUnit report (`RUNDOWN_JUNIT`).
    package var junitPath: String?
    /// Whether the process stops running examples at its first failing one (`RUNDOWN_FAIL_FAST=1`).
    package var failFast = false
    /// The one example a run of a `Spec.Example` runs; not an environment setting.
    package var example: [String]?
    /// The focused elements of the whole spec, when a run of one example
    /// builds only its path; not an environment setting.
    package var knownFocus: [FocusedElementLeftIn]?
    /// Where every element and hook of the whole spec was declared, when a
    /// run of one example builds only its path and the filter has places;
    /// not an environment setting.
    package var knownDeclarations: [CodeLocation]?
    /// How many of the slowest examples and groups `RUNDOWN_PROFILE` prints, or `nil` for no profile.
    package var profileCount: Int?
    /// Whether `SIGUSR1` (and `SIGINFO` on Apple platforms) prints a progress report
    /// (`RUNDOWN_PROGRESS_SIGNAL`, on unless `off`).
    package var progressSignal = true
    /// The factor of `RUNDOWN_TIMEOUT_SCALE`; 1 when unset or not understood.
    package var timeoutScale: Double = 1
    /// The default time limit of `RUNDOWN_TIME_LIMIT`.
    package var timeLimit: Duration?
    /// The grace period of `RUNDOWN_GRACE_PERIOD`.
    package var gracePeriod: Duration?
    /// How long a closure runs before a progress report names it (`RUNDOWN_PROGRESS_AFTER`; 120 s on CI), or `nil`.
    package var progressAfter: Duration?
    /// How often a progress report names a closure again while it runs (`RUNDOWN_PROGRESS_EVERY`).
    package var progressEvery: Duration = .seconds(30)
    /// The repetitions of `RUNDOWN_REPEAT`.
    package var repetitions: RepeatSetting?
    /// The retries of `RUNDOWN_RETRIES`.
    package var retries: Int?
    /// Where to write the paths of failed examples (`RUNDOWN_FAILURES`).
    package var failuresPath: String?
    /// Where to append the run's events as JSON Lines (`RUNDOWN_EVENTS`).
    package var eventsPath: String?
    /// The paths listed in the file of `RUNDOWN_FILTER=@file`, and that file.
    package var exactPaths: Set<String>?
    package var exactPathsFile: String?
    /// The replay token of `RUNDOWN_SCHEDULE`, as given.
    package var schedule: String?
    /// How `RUNDOWN_LIST` lists each spec's plan instead of running it, or `nil` to run.
    package var list: ListFormat?
    /// Whether a setting not understood is a failure as well as a warning
    /// (`RUNDOWN_STRICT`, or `CI`).
    package var strict = false
    /// What made ``strict`` true, as it was set (`CI=true`, `RUNDOWN_STRICT=1`), for the failures' text.
    private var strictBecause = ""
    /// Every warning of the settings read, in the order given, for the
    /// events file (`RUNDOWN_EVENTS`), which records what Rundown warned.
    package private(set) var warnings: [String] = []
    /// Every warning of the settings read, as a failure, when ``strict``;
    /// otherwise none. A run given them fails its spec with each.
    package var settingFailures: [SettingNotUnderstood] = []
    /// The file of `RUNDOWN_FILTER=@file` when there was none as the run
    /// began, and the warning that said so: no failure when `RUNDOWN_FAILURES`
    /// names it too, the first run of a rerun loop.
    private var pathListNotYetWritten: (file: String, warning: String)?

    /// What the engine needs of these settings.
    package var controls: RunControls {
        var controls = RunControls(
            filter: filter, shard: shard, seed: seed, forbidFocus: forbidFocus, example: example,
            knownFocus: knownFocus,
            labels: labels, parallelism: parallelism, repetitions: repetitions, retries: retries,
            exactPaths: exactPaths, exactPathsFile: exactPathsFile, settingFailures: settingFailures,
            timeLimit: timeLimit, gracePeriod: gracePeriod, failFast: failFast ? Self.failFastLatch : nil)
        controls.progressAfter = progressAfter
        controls.progressEvery = progressEvery
        controls.knownDeclarations = knownDeclarations
        return controls
    }

    /// The one latch of `RUNDOWN_FAIL_FAST` that every spec of the process
    /// shares: a failure in one stops the examples of all.
    private static let failFastLatch = FailFastLatch()

    /// Settings that change nothing, for tests that run specs as a user
    /// with no setting would.
    package static let plain = RunSettings()

    package init() {}

    /// The settings of this process.
    package static let current: RunSettings = {
        let variables = ProcessEnvironment.variables(
            named: table.map(\.name).filter { !$0.hasPrefix(settingPrefix) }, orPrefixed: settingPrefix)
        let settings = RunSettings(variables: variables) { warning in
            FileHandle.standardError.write(Data(SettingsWarning.printed(warning).utf8))
        }
        if settings.seedIsRandom, let seed = settings.seed {
            FileHandle.standardError.write(Data("Rundown: \(SettingsWarning.seedPicked(seed).message)\n".utf8))
        }
        return settings
    }()

    /// Whether a spec of this process has taken the failures of ``current``.
    private static let failuresTaken = Protected(false)

    /// ``current``, for a spec about to run: the first spec of the process
    /// that asks gets its ``settingFailures``, every later one none, so that a
    /// setting not understood fails the run once, not every spec in it. (A
    /// process that runs no spec fails nothing: it has only the warnings.)
    package static func forSpec() -> RunSettings {
        var settings = current
        guard !settings.settingFailures.isEmpty else { return settings }
        let first = failuresTaken.withLock { taken in
            defer { taken = true }
            return !taken
        }
        if !first { settings.settingFailures = [] }
        return settings
    }

    /// Reads the settings from `environment`, passing each value it does not
    /// understand, and each `RUNDOWN_*` variable that is no setting, to `warn`.
    /// `random` draws a seed from `randomSeed`.
    package init(
        environment: [String: String], randomSeed: () -> UInt64 = { UInt64.random(in: 0...UInt64.max) },
        warn: (String) -> Void
    ) {
        self.init(variables: environment.map { (name: $0.key, value: $0.value) }, randomSeed: randomSeed, warn: warn)
    }

    /// Reads the settings from `variables`, as
    /// ``init(environment:randomSeed:warn:)`` does; where a name appears
    /// twice, the last value counts, as in `ProcessInfo`'s `environment`.
    /// When the settings are strict, every warning is kept as a failure too.
    /// Lists and linear searches, not a dictionary and a set: the table is
    /// short, and `current` is read by the first spec of a process, where
    /// the runtime's first look-up of `String: Hashable` is a cost of its own.
    package init(
        variables: [(name: String, value: String)],
        randomSeed: () -> UInt64 = { UInt64.random(in: 0...UInt64.max) }, warn: (String) -> Void
    ) {
        var problems: [String] = []
        func note(_ problem: String) {
            problems.append(problem)
            warn(problem)
        }
        for row in Self.table {
            guard let read = row.read, let value = variables.last(where: { $0.name == row.name })?.value,
                !value.isEmpty
            else { continue }
            read(value, &self, randomSeed, note)
        }
        var unknown = variables.map(\.name).filter { name in
            name.hasPrefix(Self.settingPrefix) && !Self.table.contains { $0.name == name }
        }
        unknown.sort()
        for (index, name) in unknown.enumerated() where index == 0 || unknown[index - 1] != name {
            let settings = Self.table.filter { $0.name.hasPrefix(Self.settingPrefix) && $0.read != nil }.map(\.name)
            note(SettingsWarning.unknownSetting(name: name, settings: settings).message)
        }
        warnings = problems
        if let unwritten = pathListNotYetWritten, let failuresPath, Self.sameFile(unwritten.file, failuresPath) {
            // `RUNDOWN_FAILURES=f RUNDOWN_FILTER=@f` before any run wrote f: everything runs, by design.
            problems.removeAll { $0 == unwritten.warning }
        }
        if strict {
            settingFailures = problems.map { SettingNotUnderstood(problem: $0, strictBecause: strictBecause) }
        }
    }

    /// How the name of every setting starts; a variable named so that is no
    /// setting is a warning.
    static let settingPrefix = "RUNDOWN_"

    /// One environment variable Rundown knows: a setting, with how its value
    /// is read (a value that is set and not empty), or a variable of
    /// Rundown's own scripts and tests, which no setting reads.
    package struct Row: Sendable {
        package typealias Read = @Sendable (String, inout RunSettings, () -> UInt64, (String) -> Void) -> Void
        package let name: String
        package let read: Read?
    }

    /// Every variable Rundown knows, settings in the order they are read
    /// (`CI` before `RUNDOWN_FORBID_FOCUS` and `RUNDOWN_STRICT`, which override it). A setting is
    /// read, and known, by having its row here: a `RUNDOWN_*` variable with
    /// no row is reported as a typo.
    package static let table: [Row] = [
        Row(name: "RUNDOWN_REPORT") { value, settings, _, warn in
            switch value {
            case "tree": settings.treeReport = true
            default: warn(SettingsWarning.reportNotKnown(value).message)
            }
        },
        Row(name: "RUNDOWN_FILTER") { value, settings, _, warn in
            // Spaces around a `|` belong to the list, not the entry: "a | b" is "a" and "b".
            let entries = value.split(separator: "|").map { $0.trimmingCharacters(in: .whitespaces) }
                .filter { !$0.isEmpty }
            guard !entries.isEmpty else { return warn(SettingsWarning.filterWithoutPattern(value).message) }
            // Patterns and places (`Stack.swift:42`, told apart by RunControls) stay as given; each
            // `@file` adds the paths it lists: one entry selecting an example is enough.
            settings.filter = entries.filter { !$0.hasPrefix("@") }
            for file in entries where file.hasPrefix("@") {
                readPathList(String(file.dropFirst()), inList: entries.count > 1, into: &settings, warn: warn)
            }
        },
        Row(name: "RUNDOWN_SHARD") { value, settings, _, warn in
            let parts = value.split(separator: "/", omittingEmptySubsequences: false)
            if parts.count == 2, let index = Int(parts[0]), let count = Int(parts[1]),
                let valid = Shard(index: index, count: count)
            {
                settings.shard = valid
            } else {
                warn(SettingsWarning.shardNotKnown(value).message)
            }
        },
        Row(name: "RUNDOWN_LABELS") { value, settings, _, warn in
            guard !value.trimmingCharacters(in: .whitespaces).isEmpty else { return }
            do throws(LabelExpressionError) {
                settings.labels = try LabelExpression(parsing: value)
            } catch {
                warn(SettingsWarning.labelsNotUnderstood(value, problem: error).message)
            }
        },
        Row(name: "RUNDOWN_PARALLEL") { value, settings, _, warn in
            if let limit = Int(value.trimmingCharacters(in: .whitespaces)), limit >= 1 {
                settings.parallelism = limit
            } else {
                warn(SettingsWarning.parallelNotKnown(value, cores: RunControls.cores).message)
            }
        },
        Row(name: "RUNDOWN_REPEAT") { value, settings, _, warn in
            if let repetitions = repeatSetting(value) {
                settings.repetitions = repetitions
            } else {
                warn(SettingsWarning.repeatNotKnown(value).message)
            }
        },
        Row(name: "RUNDOWN_RETRIES") { value, settings, _, warn in
            if let count = Int(value.trimmingCharacters(in: .whitespaces)), count >= 0 {
                settings.retries = count
            } else {
                warn(SettingsWarning.retriesNotKnown(value).message)
            }
        },
        Row(name: "RUNDOWN_FAILURES") { value, settings, _, _ in
            settings.failuresPath = value
        },
        Row(name: "RUNDOWN_SEED") { value, settings, randomSeed, warn in
            if value == "random" {
                settings.seed = randomSeed()
                settings.seedIsRandom = true
            } else if let number = UInt64(value) {
                settings.seed = number
            } else {
                warn(SettingsWarning.seedNotKnown(value).message)
            }
        },
        Row(name: "CI") { value, settings, _, _ in
            if !saysNo(value) {
                settings.forbidFocus = true
                settings.strict = true
                settings.strictBecause = "CI=\(value)"
                // A job that hangs says where, long before the CI's own limit kills it.
                settings.progressAfter = .seconds(120)
            }
        },
        Row(name: "RUNDOWN_STRICT") { value, settings, _, warn in
            switch value {
            case "1":
                settings.strict = true
                settings.strictBecause = "RUNDOWN_STRICT=1"
            case "0": settings.strict = false
            default: warn(SettingsWarning.strictNotKnown(value).message)
            }
        },
        Row(name: "RUNDOWN_FORBID_FOCUS") { value, settings, _, warn in
            switch value {
            case "1": settings.forbidFocus = true
            case "0": settings.forbidFocus = false
            default:
                warn(SettingsWarning.forbidFocusNotKnown(value).message)
            }
        },
        Row(name: "RUNDOWN_FAIL_FAST") { value, settings, _, warn in
            switch value {
            case "1": settings.failFast = true
            case "0": settings.failFast = false
            default: warn(SettingsWarning.failFastNotKnown(value).message)
            }
        },
        Row(name: "RUNDOWN_JUNIT") { value, settings, _, _ in
            settings.junitPath = value
        },
        Row(name: "RUNDOWN_EVENTS") { value, settings, _, _ in
            settings.eventsPath = value
        },
        Row(name: "RUNDOWN_PROFILE") { value, settings, _, warn in
            if let count = Int(value.trimmingCharacters(in: .whitespaces)), count >= 1 {
                settings.profileCount = count
            } else {
                warn(SettingsWarning.profileNotKnown(value).message)
            }
        },
        Row(name: "RUNDOWN_TIMEOUT_SCALE") { value, settings, _, warn in
            let (scale, warning) = timeoutScale(value)
            settings.timeoutScale = scale
            if let warning { warn(warning) }
        },
        Row(name: "RUNDOWN_TIME_LIMIT") { value, settings, _, warn in
            if let limit = duration(value) {
                settings.timeLimit = limit
            } else {
                warn(SettingsWarning.durationNotKnown(name: "RUNDOWN_TIME_LIMIT", value: value).message)
            }
        },
        Row(name: "RUNDOWN_GRACE_PERIOD") { value, settings, _, warn in
            if let grace = duration(value) {
                settings.gracePeriod = grace
            } else {
                warn(SettingsWarning.durationNotKnown(name: "RUNDOWN_GRACE_PERIOD", value: value).message)
            }
        },
        Row(name: "RUNDOWN_PROGRESS_AFTER") { value, settings, _, warn in
            if value == "off" {
                settings.progressAfter = nil
            } else if let after = duration(value) {
                settings.progressAfter = after
            } else {
                warn(SettingsWarning.progressAfterNotKnown(value).message)
            }
        },
        Row(name: "RUNDOWN_PROGRESS_EVERY") { value, settings, _, warn in
            if let every = duration(value) {
                settings.progressEvery = every
            } else {
                warn(SettingsWarning.progressEveryNotKnown(value).message)
            }
        },
        Row(name: "RUNDOWN_SCHEDULE") { value, settings, _, warn in
            // The explorer reads the token by the same grammar, so that a typo is a warning rather
            // than an exploration that silently runs its own strategy.
            if ReplayTokenText(value) != nil {
                settings.schedule = value
            } else {
                warn(SettingsWarning.scheduleNotKnown(value).message)
            }
        },
        Row(name: "RUNDOWN_PROGRESS_SIGNAL") { value, settings, _, warn in
            switch value {
            case "on": settings.progressSignal = true
            case "off": settings.progressSignal = false
            default: warn(SettingsWarning.progressSignalNotKnown(value).message)
            }
        },
        Row(name: "RUNDOWN_LIST") { value, settings, _, warn in
            switch value {
            case "1": settings.list = .text
            case "json": settings.list = .json
            case "0": settings.list = nil
            default: warn(SettingsWarning.listNotKnown(value).message)
            }
        },
        // Rundown's own: the switch of its failing test fixtures, and the
        // variables of its CI script and benchmarks, which run tests too.
        Row(name: "RUNDOWN_FIXTURES", read: nil),
        Row(name: "RUNDOWN_CRASH_GUARD_CHILD", read: nil),
        Row(name: "RUNDOWN_LINT", read: nil),
        Row(name: "RUNDOWN_DOCS", read: nil),
        Row(name: "RUNDOWN_ONLY", read: nil),
        Row(name: "RUNDOWN_ROOT", read: nil),
    ]

    /// `RUNDOWN_REPEAT`'s value, or `nil` if it is none of its forms.
    static func repeatSetting(_ raw: String) -> RepeatSetting? {
        let value = raw.trimmingCharacters(in: .whitespaces)
        if value == "until-failure" {
            return .untilFailure(max: RepeatSetting.untilFailureDefaultMax, limit: RepeatSetting.untilFailureLimit)
        }
        if value.hasPrefix("until-failure:") {
            guard let max = Int(value.dropFirst("until-failure:".count)), max >= 1 else { return nil }
            return .untilFailure(max: max, limit: RepeatSetting.untilFailureLimit)
        }
        guard let times = Int(value), times >= 1 else { return nil }
        return .times(times)
    }

    /// A duration setting's value (`500ms`, `90s`, `5m`, `1.5s`): a number
    /// above 0 and a unit, `ms`, `s` or `m`, spaces ignored; `nil` if it is
    /// none, or too long for a `Duration` to hold in milliseconds.
    package static func duration(_ raw: String) -> Duration? {
        let value = String(raw.filter { !$0.isWhitespace })
        let units: [(suffix: String, milliseconds: Double)] = [("ms", 1), ("s", 1000), ("m", 60_000)]
        // `ms` before `m` and `s`, so that `500ms` is not read as `500m` followed by an `s`.
        guard let unit = units.first(where: { value.hasSuffix($0.suffix) }),
            let number = Double(value.dropLast(unit.suffix.count)), number.isFinite, number > 0,
            value.first.map({ $0.isNumber || $0 == "." }) == true
        else { return nil }
        let milliseconds = number * unit.milliseconds
        guard milliseconds >= 1, milliseconds < Double(Int64.max / 1000) else { return nil }
        return .milliseconds(Int64(milliseconds.rounded()))
    }

    /// Reads the paths of `RUNDOWN_FILTER=@file`, one a line, as this run of
    /// the tests reads them (``FailuresList``): a file that `RUNDOWN_FAILURES`
    /// rewrote in this run is read as it was before, so that every process of
    /// the run selects the same list. A file that cannot be read is a
    /// warning, and the filter selects by no list (`inList`: by the other
    /// entries of the value, when it has some).
    private static func readPathList(
        _ file: String, inList: Bool, into settings: inout RunSettings, warn: (String) -> Void
    ) {
        guard !file.isEmpty else {
            return warn(SettingsWarning.filterFileUnnamed(inList: inList).message)
        }
        let read: [UInt8]?
        do throws(SystemError) {
            read = try LockedFile.read(file)
        } catch {
            if error.code == EISDIR { return warn(SettingsWarning.filterFileIsFolder(file, inList: inList).message) }
            return warn(
                SettingsWarning.filterFileUnreadable(file: file, reason: error.description, inList: inList).message)
        }
        guard let read else {
            let warning = SettingsWarning.filterFileUnreadable(file: file, reason: "no such file", inList: inList)
                .message
            settings.pathListNotYetWritten = (file, warning)
            return warn(warning)
        }
        guard let text = String(bytes: read, encoding: .utf8) else {
            return warn(
                SettingsWarning.filterFileUnreadable(file: file, reason: "not UTF-8 text", inList: inList).message)
        }
        guard let paths = FailuresList.selection(in: text, forRun: TestRunKey.current) else {
            let warning = SettingsWarning.filterFileMadeInThisRun(file, inList: inList).message
            settings.pathListNotYetWritten = (file, warning)
            return warn(warning)
        }
        settings.exactPaths = (settings.exactPaths ?? []).union(paths)
        settings.exactPathsFile = settings.exactPathsFile.map { $0 + "|@" + file } ?? file
    }

    /// Whether two settings name one file, written alike or not (`./failed.txt`, `failed.txt`).
    private static func sameFile(_ one: String, _ other: String) -> Bool {
        one == other
            || URL(fileURLWithPath: one).standardizedFileURL.path
                == URL(fileURLWithPath: other).standardizedFileURL.path
    }

    /// Whether a value of `CI` says there is no CI: empty, `0`, `false` or `no` (any case). Some
    /// setups export `CI=false` on developer machines, and that must not forbid focus there.
    static func saysNo(_ value: String) -> Bool {
        ["", "0", "false", "no"].contains(value.trimmingCharacters(in: .whitespaces).lowercased())
    }

    /// The factors `RUNDOWN_TIMEOUT_SCALE` accepts. Beyond them a deadline
    /// stops meaning anything: a huge factor overflows `Duration`, a tiny one
    /// makes every default wait fail at once.
    package static let timeoutScaleRange: ClosedRange<Double> = 0.01...1000

    /// Reads `RUNDOWN_TIMEOUT_SCALE`; a value that is not a number in
    /// ``timeoutScaleRange`` gives a warning and factor 1, so a typo never
    /// silently shortens or removes a deadline.
    package static func timeoutScale(_ raw: String?) -> (factor: Double, warning: String?) {
        guard let raw else { return (1, nil) }
        let trimmed = String(raw.filter { !$0.isWhitespace })
        let range = timeoutScaleRange
        guard let factor = Double(trimmed), factor.isFinite, factor > 0 else {
            return (1, SettingsWarning.timeoutScaleNotUnderstood(raw, range: range).message)
        }
        guard range.contains(factor) else {
            return (1, SettingsWarning.timeoutScaleOutOfRange(raw, range: range).message)
        }
        return (factor, nil)
    }

    /// The line a failure's message ends with while the run is shuffled,
    /// so that its order can be replayed: ` (seed 1234)`.
    package var seedNote: String? {
        seed.map { " (seed \($0))" }
    }

    /// What the filter and the shard are, for the line that says how many
    /// examples they left out: `RUNDOWN_FILTER=push, RUNDOWN_SHARD=2/5`.
    package var selectionDescription: String {
        controls.selectionDescription
    }
}
