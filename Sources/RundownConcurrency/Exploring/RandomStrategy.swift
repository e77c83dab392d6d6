import RundownCore

extension ExplorationStrategy {
    /// A sample of `runs` orders, each step's pick drawn from a generator seeded with `seed`.
    ///
    /// The same seed gives the same orders, on any machine. Without one, a seed is picked and
    /// printed, and a failure names it too.
    public static func random(runs: Int, seed: UInt64? = nil) -> ExplorationStrategy {
        let written = seed.map { ".random(runs: \(runs), seed: \($0))" } ?? ".random(runs: \(runs))"
        return ExplorationStrategy(description: written) { site in
            guard runs >= 1 else {
                throw InvalidArgumentError(
                    call: "explore(\(written))", argument: "runs", value: "\(runs)", requirement: "at least 1")
            }
            let picked = seed ?? UInt64.random(in: 0...UInt64.max)
            if seed == nil {
                print(ToolkitWarning.seedPicked(at: site, runs: runs, seed: picked).message)
            }
            return RandomStrategy(runs: runs, seed: picked)
        }
    }
}

/// A seeded sample: every pick drawn uniformly among the step's options, from one generator that
/// runs on from one run to the next, for `runs` runs.
struct RandomStrategy: SchedulingStrategy {
    let runs: Int
    let seed: UInt64?
    private var generator: SplitMix64

    init(runs: Int, seed: UInt64) {
        self.runs = runs
        self.seed = seed
        generator = SplitMix64(seed: seed)
    }

    var name: String { ".random(runs: \(runs), seed: \(seed ?? 0))" }

    mutating func beginRun(number: Int) {}

    mutating func choose(_ choice: Choice) throws(ScheduleDivergence) -> Int {
        generator.next(below: choice.options.count)
    }

    mutating func endRun(decisions: [Decision], steps: [Step]) throws(ScheduleDivergence) {}

    mutating func afterPassing(run number: Int) -> NextRun {
        number < runs ? .another : .passed
    }
}
