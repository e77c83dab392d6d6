import Foundation

/// The settings a user gives Rundown through the environment, read in one
/// place, once per process.
///
/// | Variable | Values | Effect |
/// |---|---|---|
/// | `RUNDOWN_REPORT` | `tree` | Print each spec's tree when it has run, in one piece, headed by its test. |
/// | `RUNDOWN_FILTER` | `pattern` or `pattern|pattern|…` | Run only the examples whose path (`Stack, when empty, pops`) contains one of the patterns, ignoring case; spaces around a `|` are ignored. |
/// | `RUNDOWN_SHARD` | `i/n`, `1 <= i <= n` (`2/5`) | Run only shard `i` of `n`; the `n` shards together run every example once. |
/// | `RUNDOWN_SEED` | a number from 0 to 2⁶⁴−1, or `random` | Shuffle the elements of every group with this seed; `random` picks one and prints it. |
/// | `RUNDOWN_FORBID_FOCUS` | `1` or `0` | `1`: a focused element is a failure naming it. On by default when `CI` is set (to anything but empty, `0`, `false` or `no`); `0` turns it off. |
/// | `RUNDOWN_JUNIT` | a file path, or a directory path | Write a JUnit XML report of every example to the file, or to `rundown-<pid>.xml` in the directory. |
/// | `RUNDOWN_TIMEOUT_SCALE` | a positive number (`3`, `2.5`) | Multiply every default deadline of the concurrency toolkit. |
/// | `RUNDOWN_SCHEDULE` | a replay token a failed `explore` printed (`v1.3fa2.0102.9c1e22ab`) | The `explore` call that printed it runs that one interleaving instead of its strategy. |
///
/// It lives in the engine so that the concurrency toolkit, which does not
/// depend on the DSL, reads its setting from the same place.
///
/// A value Rundown does not understand is reported once, on standard error,
/// with the valid forms; the setting then keeps its default. An empty value
/// is the same as no value.
package struct RunSettings: Sendable {
    /// Whether to print each spec's tree (`RUNDOWN_REPORT=tree`).
    package var treeReport = false
    /// The patterns of `RUNDOWN_FILTER`, as given.
    package var filter: [String] = []
    /// The shard of `RUNDOWN_SHARD`.
    package var shard: Shard?
    /// The seed of `RUNDOWN_SEED`, or the one picked for `random`.
    package var seed: UInt64?
    /// Whether the seed was picked at random (it is then printed once).
    package var seedIsRandom = false
    /// Whether a focused element fails the run (`RUNDOWN_FORBID_FOCUS`, or `CI`).
    package var forbidFocus = false
    /// Where to write the JUnit report (`RUNDOWN_JUNIT`).
    package var junitPath: String?
    /// The one example a run of a `Spec.Example` runs; not an environment setting.
    package var example: [String]?
    /// The focused elements of the whole spec, when a run of one example
    /// builds only its path; not an environment setting.
    package var knownFocus: [FocusedElementLeftIn]?
    /// The factor of `RUNDOWN_TIMEOUT_SCALE`; 1 when unset or not understood.
    package var timeoutScale: Double = 1
    /// The replay token of `RUNDOWN_SCHEDULE`, as given.
    package var schedule: String?

    /// What the engine needs of these settings.
    package var controls: RunControls {
        RunControls(
            filter: filter, shard: shard, seed: seed, forbidFocus: forbidFocus, example: example, knownFocus: knownFocus
        )
    }

    /// Settings that change nothing, for tests that run specs as a user
    /// with no setting would.
    package static let plain = RunSettings()

    package init() {}

    /// The settings of this process.
    package static let current: RunSettings = {
        let settings = RunSettings(environment: ProcessInfo.processInfo.environment) { warning in
            FileHandle.standardError.write(Data("warning: Rundown: \(warning)\n".utf8))
        }
        if settings.seedIsRandom, let seed = settings.seed {
            FileHandle.standardError.write(
                Data(
                    "Rundown: RUNDOWN_SEED=random picked seed \(seed); replay this order with RUNDOWN_SEED=\(seed)\n"
                        .utf8))
        }
        return settings
    }()

    /// Reads the settings from `environment`, passing each value it does not
    /// understand to `warn`. `random` draws a seed from `randomSeed`.
    package init(
        environment: [String: String], randomSeed: () -> UInt64 = { UInt64.random(in: 0...UInt64.max) },
        warn: (String) -> Void
    ) {
        if let report = environment["RUNDOWN_REPORT"], !report.isEmpty {
            switch report {
            case "tree": treeReport = true
            default: warn("RUNDOWN_REPORT=\(report) is not a report Rundown knows; valid forms: RUNDOWN_REPORT=tree")
            }
        }
        if let filter = environment["RUNDOWN_FILTER"], !filter.isEmpty {
            // Spaces around a `|` belong to the list, not the pattern: "a | b" is "a" and "b".
            let patterns = filter.split(separator: "|").map { $0.trimmingCharacters(in: .whitespaces) }
                .filter { !$0.isEmpty }
            if patterns.isEmpty {
                warn(
                    "RUNDOWN_FILTER=\(filter) has no pattern; valid forms: RUNDOWN_FILTER=pattern, RUNDOWN_FILTER=pattern|pattern|… (a part of an example's path, ignoring case)"
                )
            } else {
                self.filter = patterns
            }
        }
        if let shard = environment["RUNDOWN_SHARD"], !shard.isEmpty {
            let parts = shard.split(separator: "/", omittingEmptySubsequences: false)
            if parts.count == 2, let index = Int(parts[0]), let count = Int(parts[1]),
                let valid = Shard(index: index, count: count)
            {
                self.shard = valid
            } else {
                warn(
                    "RUNDOWN_SHARD=\(shard) is not a shard Rundown knows; valid forms: RUNDOWN_SHARD=i/n with 1 <= i <= n, such as RUNDOWN_SHARD=2/5"
                )
            }
        }
        if let seed = environment["RUNDOWN_SEED"], !seed.isEmpty {
            if seed == "random" {
                self.seed = randomSeed()
                seedIsRandom = true
            } else if let number = UInt64(seed) {
                self.seed = number
            } else {
                warn(
                    "RUNDOWN_SEED=\(seed) is not a seed Rundown knows; valid forms: RUNDOWN_SEED=<a whole number from 0 to \(UInt64.max)>, RUNDOWN_SEED=random"
                )
            }
        }
        if let ci = environment["CI"], !Self.saysNo(ci) {
            forbidFocus = true
        }
        if let forbid = environment["RUNDOWN_FORBID_FOCUS"], !forbid.isEmpty {
            switch forbid {
            case "1": forbidFocus = true
            case "0": forbidFocus = false
            default:
                warn(
                    "RUNDOWN_FORBID_FOCUS=\(forbid) is not a value Rundown knows; valid forms: RUNDOWN_FORBID_FOCUS=1, RUNDOWN_FORBID_FOCUS=0"
                )
            }
        }
        if let junit = environment["RUNDOWN_JUNIT"], !junit.isEmpty {
            junitPath = junit
        }
        if let schedule = environment["RUNDOWN_SCHEDULE"], !schedule.isEmpty {
            // The explorer reads the token; its grammar is checked here too, so that a typo is a
            // warning rather than an exploration that silently runs its own strategy.
            let parts = schedule.split(separator: ".", omittingEmptySubsequences: false)
            let hex = { (part: Substring, count: Int) in part.count == count && part.allSatisfy(\.isHexDigit) }
            let choices = parts.count == 4 ? parts[2] : ""
            if parts.count == 4, parts[0] == "v1", hex(parts[1], 4), hex(parts[3], 8),
                choices.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "_") }),
                choices.filter({ $0 == "_" }).count.isMultiple(of: 2)
            {
                self.schedule = schedule
            } else {
                warn(
                    "RUNDOWN_SCHEDULE=\(schedule) is not a replay token; valid form: RUNDOWN_SCHEDULE=<the token a failed explore printed, such as v1.3fa2.0102.9c1e22ab>"
                )
            }
        }
        let (scale, warning) = Self.timeoutScale(environment["RUNDOWN_TIMEOUT_SCALE"])
        timeoutScale = scale
        if let warning { warn(warning) }
    }

    /// Whether a value of `CI` says there is no CI: empty, `0`, `false` or `no` (any case). Some
    /// setups export `CI=false` on developer machines, and that must not forbid focus there.
    static func saysNo(_ value: String) -> Bool {
        ["", "0", "false", "no"].contains(value.trimmingCharacters(in: .whitespaces).lowercased())
    }

    /// Reads `RUNDOWN_TIMEOUT_SCALE`; a value that is not a positive, finite
    /// number gives a warning and factor 1, so a typo never silently shortens
    /// or removes a deadline.
    package static func timeoutScale(_ raw: String?) -> (factor: Double, warning: String?) {
        guard let raw else { return (1, nil) }
        let trimmed = String(raw.filter { !$0.isWhitespace })
        if let factor = Double(trimmed), factor.isFinite, factor > 0 {
            return (factor, nil)
        }
        return (
            1,
            "RUNDOWN_TIMEOUT_SCALE='\(raw)' is not understood; valid forms are a positive number "
                + "such as 2 or 2.5 (every default deadline is multiplied by it). Using 1."
        )
    }

    /// The line a failure's message ends with while the run is shuffled,
    /// so that its order can be replayed: ` (seed 1234)`.
    package var seedNote: String? {
        seed.map { " (seed \($0))" }
    }

    /// What the filter and the shard are, for the line that says how many
    /// examples they left out: `RUNDOWN_FILTER=push, RUNDOWN_SHARD=2/5`.
    package var selectionDescription: String {
        var parts: [String] = []
        if !filter.isEmpty { parts.append("RUNDOWN_FILTER=\(filter.joined(separator: "|"))") }
        if let shard { parts.append("RUNDOWN_SHARD=\(shard)") }
        return parts.joined(separator: ", ")
    }
}
