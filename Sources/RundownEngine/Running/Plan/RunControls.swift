import Foundation

/// What a run selects, in which order it runs it, and what it forbids, beyond
/// the focus and exclusion marks of the spec itself.
///
/// The engine takes these as a value for each run; it reads no environment.
/// `Rundown` builds them from the `RUNDOWN_*` settings.
///
/// Selection comes first: an example that the filter or the shard does not
/// select is not part of the run at all. It is counted in
/// ``SpecReport/filteredOutCount``, is not reported one by one, and a group
/// with no selected example is left out with its hooks. A spec of which
/// nothing is selected is skipped as a whole (one skip of its root, naming
/// the selection), so that a run that checked nothing cannot pass. Focus and
/// exclusion then apply to the selected examples as usual.
///
/// The filter and the shard select in the outermost spec of a task: a spec
/// run inside an element of another (a runner is current) runs whole, in
/// the seed's order (``nested``). Its element was selected already, and
/// selecting again by the inner paths would drop examples that no shard runs.
package struct RunControls: Sendable, Hashable {
    /// The patterns and places of the filter, as given, or empty to select
    /// every example. An example is selected if its path contains one of the
    /// patterns (ignoring case), matched as its description, the steps joined
    /// with ", " (`Stack, when empty, pops`); or if a place (``SourcePlace``,
    /// `Stack.swift:42`) names it or a group it is in; or if ``exactPaths``
    /// lists it.
    package var filter: [String] {
        didSet { (lowercasedPatterns, places) = Self.read(filter) }
    }
    /// The path patterns of ``filter`` as they are matched.
    private var lowercasedPatterns: [String]
    /// The places of ``filter``.
    package private(set) var places: [SourcePlace]
    /// Where every element and hook of the whole spec was declared, when the
    /// tree given to the run holds only part of it (a run of one example that
    /// built only its path): the places of the filter name what they name in
    /// the whole spec, not the nearest element that happens to be built.
    package var knownDeclarations: [CodeLocation]?
    /// The one shard of the examples that runs, if the run is sharded.
    package var shard: Shard?
    /// Shuffles the elements of every group with this seed, if set.
    package var seed: UInt64?
    /// Whether a focused element is a failure of the run.
    package var forbidFocus: Bool
    /// The path of the one example to run, if the run is of one example
    /// (an argument of a parameterized test, `Spec.Example`); every example with exactly this path runs.
    package var example: [String]?
    /// The focused elements of the whole spec, in declaration order, when the
    /// tree given to the run holds only part of it (a run of one example that
    /// built only its path). Where focus is forbidden, these are the run's
    /// focus failures instead of those found in the tree.
    package var knownFocus: [FocusedElementLeftIn]?
    /// The expression an example's labels (its own and its groups') must
    /// match, or `nil` to select by labels nothing out.
    package var labels: LabelExpression?
    /// How many elements of a `.concurrent` group run at once, at least 1:
    /// ``parallelismLimit``, or as many as the machine has cores. Reading it
    /// without a limit counts the cores, which a process does once, and which
    /// costs its first spec more than running a small one: read it where a
    /// concurrent group starts, not where every run does.
    package var parallelism: Int {
        max(1, parallelismLimit ?? Self.cores)
    }
    /// The limit a setting gave (`RUNDOWN_PARALLEL`), or `nil` for one per core.
    package var parallelismLimit: Int?
    /// How many times every example repeats (`RUNDOWN_REPEAT`), unless its
    /// own traits or its groups' say; `nil` is once.
    package var repetitions: RepeatSetting?
    /// How many more attempts a failing example gets (`RUNDOWN_RETRIES`),
    /// unless its traits or its groups' say; `nil` is none.
    package var retries: Int?
    /// The exact paths, their steps joined with ", ", that `RUNDOWN_FILTER=@file`
    /// lists, or `nil` to select by no list: an example is selected if its
    /// path, or one of its groups', is listed.
    package var exactPaths: Set<String>?
    /// The file that ``exactPaths`` came from, as the setting names it (files
    /// joined with `|@`, when the filter names several).
    package var exactPathsFile: String?
    /// The settings this run could not read, where that is a failure (`CI`,
    /// `RUNDOWN_STRICT=1`): each is a failure of the spec, at its `spec` call,
    /// recorded before anything runs, as a forbidden focus is. Only the first
    /// spec of a process is given them.
    package var settingFailures: [SettingNotUnderstood]
    /// The time limit (`RUNDOWN_TIME_LIMIT`) of every closure of an
    /// asynchronous spec that no `.timeLimit` covers, or `nil` for none. A
    /// synchronous spec cannot be interrupted: there a closure that ends past
    /// it fails with ``TimeLimitOverrun``.
    package var timeLimit: Duration?
    /// How long a closure cancelled by a time limit may take to stop
    /// (`RUNDOWN_GRACE_PERIOD`), or `nil` for the limit's own default (``TimeLimit/grace``).
    package var gracePeriod: Duration?
    /// The latch of `RUNDOWN_FAIL_FAST=1`, which every spec of the process
    /// shares, or `nil` to run every example whatever failed before it.
    package var failFast: FailFastLatch?
    /// Whether every walk puts each closure it runs on the progress board
    /// even without ``progressAfter`` (which does so too): for tests of the
    /// board.
    package var tracksClosures = false
    /// How long a closure runs before the progress ticker reports it
    /// (`RUNDOWN_PROGRESS_AFTER`), or `nil` for no ticker. The first spec
    /// of the process that has it starts the process's one ticker.
    package var progressAfter: Duration?
    /// How often the ticker reports a closure again while it still runs (`RUNDOWN_PROGRESS_EVERY`).
    package var progressEvery: Duration = .seconds(30)

    /// Creates controls; the defaults change nothing.
    package init(
        filter: [String] = [], shard: Shard? = nil, seed: UInt64? = nil, forbidFocus: Bool = false,
        example: [String]? = nil, knownFocus: [FocusedElementLeftIn]? = nil, labels: LabelExpression? = nil,
        parallelism: Int? = nil, repetitions: RepeatSetting? = nil, retries: Int? = nil,
        exactPaths: Set<String>? = nil, exactPathsFile: String? = nil, settingFailures: [SettingNotUnderstood] = [],
        timeLimit: Duration? = nil, gracePeriod: Duration? = nil, failFast: FailFastLatch? = nil
    ) {
        self.timeLimit = timeLimit
        self.gracePeriod = gracePeriod
        self.failFast = failFast
        self.repetitions = repetitions
        self.retries = retries
        self.exactPaths = exactPaths
        self.exactPathsFile = exactPathsFile
        self.settingFailures = settingFailures
        self.filter = filter.filter { !$0.isEmpty }
        (lowercasedPatterns, places) = Self.read(self.filter)
        self.parallelismLimit = parallelism
        self.shard = shard
        self.seed = seed
        self.forbidFocus = forbidFocus
        self.example = example
        self.knownFocus = knownFocus
        self.labels = labels
    }

    /// Controls that change nothing: every example, in declaration order.
    package static let none = RunControls()

    /// How many elements of a concurrent group run at once unless a setting
    /// says otherwise: as many as the machine has cores.
    package static let cores = ProcessInfo.processInfo.activeProcessorCount

    /// Whether the filter, the shard and the labels select every example.
    var selectsAll: Bool { filter.isEmpty && shard == nil && example == nil && labels == nil && exactPaths == nil }

    /// The path patterns and the places of a filter's entries.
    private static func read(_ filter: [String]) -> (patterns: [String], places: [SourcePlace]) {
        var patterns: [String] = []
        var places: [SourcePlace] = []
        for entry in filter {
            if let place = SourcePlace(pattern: entry) {
                places.append(place)
            } else {
                patterns.append(entry.lowercased())
            }
        }
        return (patterns, places)
    }

    /// Whether the example at `path`, carrying `labels` (its own and its
    /// groups'), belongs to this run; `placed` when a place of the filter
    /// names it or a group it is in.
    package func selects(_ path: [String], labels: Set<String> = [], placed: Bool = false) -> Bool {
        leftOutCause(path, labels: labels, placed: placed) == nil
    }

    /// Which control does not select the example at `path`, carrying `labels`
    /// (its own and its groups'): the first in the order of
    /// ``PlanDecision/LeftOutCause``; `nil` if it belongs to this run. The
    /// entries of the filter (patterns, places, the path list of `@file`)
    /// are one list: one of them selecting the example is enough; `placed`
    /// says whether a place of the filter names it or a group it is in.
    package func leftOutCause(
        _ path: [String], labels: Set<String> = [], placed: Bool = false
    ) -> PlanDecision.LeftOutCause? {
        if let example, example != path { return .example }
        if let shard, !shard.contains(path) { return .shard }
        if let expression = self.labels, !expression.matches(labels) { return .labels }
        guard !filter.isEmpty || exactPaths != nil else { return nil }
        if placed { return nil }
        if let exactPaths, Self.lists(exactPaths, path) { return nil }
        if !lowercasedPatterns.isEmpty {
            let description = PathText.joined(path).lowercased()
            if lowercasedPatterns.contains(where: { description.contains($0) }) { return nil }
        }
        return filter.isEmpty ? .pathList : .filter
    }

    /// Whether `paths` lists the example at `path` or one of its groups: a
    /// failing `beforeAll` or `afterAll` hook lists its group, whose every
    /// example then reruns, with the hook.
    private static func lists(_ paths: Set<String>, _ path: [String]) -> Bool {
        guard var joined = path.first.map(PathText.step) else { return false }
        if paths.contains(joined) { return true }
        for step in path.dropFirst() {
            joined += PathText.separator + PathText.step(step)
            if paths.contains(joined) { return true }
        }
        return false
    }

    /// These controls for a spec run inside an element of another spec: the
    /// seed, the focus guard, the settings' failures (which only the first
    /// spec of a process is given), the parallelism, the fail-fast latch
    /// (an inner failure stops the process too), the one example a
    /// `Spec.Example` run asked for by name, the time limit and the grace
    /// period, the progress ticker's settings, as they are; no selection (filter,
    /// path list, shard, labels), and no repetitions or retries, since its
    /// element repeats or retries already and the inner examples do not
    /// multiply that.
    package var nested: RunControls {
        var nested = RunControls(
            seed: seed, forbidFocus: forbidFocus, example: example, knownFocus: knownFocus,
            parallelism: parallelismLimit, settingFailures: settingFailures, timeLimit: timeLimit,
            gracePeriod: gracePeriod, failFast: failFast)
        nested.progressAfter = progressAfter
        nested.tracksClosures = tracksClosures
        nested.progressEvery = progressEvery
        return nested
    }

    /// What the filter, the shard and the labels are, as the settings that
    /// give them: `RUNDOWN_FILTER=push, RUNDOWN_SHARD=2/5`, or empty when they select all.
    package var selectionDescription: String {
        var parts: [String] = []
        let entries = filter + (exactPathsFile.map { ["@" + $0] } ?? [])
        if !entries.isEmpty { parts.append("RUNDOWN_FILTER=\(entries.joined(separator: "|"))") }
        if let shard { parts.append("RUNDOWN_SHARD=\(shard)") }
        if let labels { parts.append("RUNDOWN_LABELS=\(labels)") }
        return parts.joined(separator: ", ")
    }

    /// Why a spec of which nothing was selected is skipped:
    /// `no example selected by RUNDOWN_FILTER=zzz`.
    var nothingSelected: String {
        let selection = selectionDescription
        if let example, selection.isEmpty {
            return "no example at the path '\(PathText.joined(example))'"
        }
        return "no example selected by \(selection)"
    }
}

/// One of `count` disjoint parts of a spec's examples.
///
/// Each example belongs to exactly one shard, chosen by a stable hash of its
/// path (``StablePathHash``): it does not depend on the process, the platform
/// or the other examples, so adding an example never moves another one.
package struct Shard: Sendable, Hashable, CustomStringConvertible {
    /// Which shard, from 1 to ``count``.
    package let index: Int
    /// How many shards there are.
    package let count: Int

    /// The shard `index` of `count`, or `nil` unless `1 <= index <= count`.
    package init?(index: Int, count: Int) {
        guard count >= 1, index >= 1, index <= count else { return nil }
        self.index = index
        self.count = count
    }

    /// Whether the example at `path` belongs to this shard.
    package func contains(_ path: [String]) -> Bool {
        Int(StablePathHash.of(path) % UInt64(count)) == index - 1
    }

    /// `2/5`.
    package var description: String { "\(index)/\(count)" }
}

/// A hash of a path that is the same in every process and on every platform:
/// 64-bit FNV-1a over the UTF-8 bytes of the steps, each followed by the byte
/// 0x1F (unit separator), so that `["a, b"]` and `["a", "b"]` differ.
///
/// Swift's `Hasher` is seeded per process, so it cannot decide shards.
package enum StablePathHash {
    /// The hash of `path`.
    package static func of(_ path: [String]) -> UInt64 {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for step in path {
            for byte in step.utf8 {
                hash = (hash ^ UInt64(byte)) &* 0x0000_0100_0000_01b3
            }
            hash = (hash ^ 0x1F) &* 0x0000_0100_0000_01b3
        }
        return hash
    }
}

/// The order in which a seeded run takes the elements of a group.
///
/// A SplitMix64 generator, started from the seed mixed with the group's
/// path hash, drives a Fisher–Yates shuffle written out here: the same seed
/// gives the same order on every platform and Swift version (the standard
/// library's `shuffle` does not promise its algorithm), and a group's order
/// does not depend on what else is in the spec.
package enum SeededOrder {
    /// `elements` in the order the seed gives the group at `path`.
    package static func shuffled<Element>(_ elements: [Element], seed: UInt64, path: [String]) -> [Element] {
        guard elements.count > 1 else { return elements }
        var generator = SplitMix64(seed: seed ^ StablePathHash.of(path))
        var result = elements
        var index = result.count - 1
        while index > 0 {
            let other = Int(generator.next() % UInt64(index + 1))
            result.swapAt(index, other)
            index -= 1
        }
        return result
    }
}
