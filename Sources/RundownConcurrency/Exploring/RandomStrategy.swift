import RundownCore

extension ExplorationStrategy {
    /// A sample of `runs` orders, each drawn close to uniformly among all the orders, from a
    /// generator seeded with `seed`.
    ///
    /// Each step picks a task with a weight of the steps it has left, as the earlier runs of the
    /// exploration showed them (the first run, which knows none, picks uniformly among the tasks);
    /// moving the clock weighs as much as the steps of the tasks asleep on it, plus one. Drawing
    /// so, when every run takes the same steps, picks every order with the same probability, so a
    /// task of few steps is not overtaken at every point by tasks of many, as a uniform pick among
    /// the tasks at each step would do.
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
                print(
                    ToolkitWarning.seedPicked(
                        at: site, strategy: written, seed: picked, again: ".random(runs: \(runs), seed: \(picked))"
                    ).message)
            }
            return RandomStrategy(runs: runs, seed: picked)
        }
    }
}

/// A seeded sample of orders, each pick weighted by the steps the options have left (a uniform
/// random walk): one generator runs on from one run to the next, for `runs` runs.
///
/// Picking a task with a probability proportional to the steps it has left picks an order of
/// chains of steps uniformly (of the orders that start with a task's step, there are as many, in
/// proportion, as it has steps left). The steps a task has left are guessed from the most it took
/// in an earlier run, so the sample gets close to uniform once every task has run once.
struct RandomStrategy: SchedulingStrategy {
    let runs: Int
    let seed: UInt64?
    private var generator: SplitMix64
    private var weights = StepsLeft()

    init(runs: Int, seed: UInt64) {
        self.runs = runs
        self.seed = seed
        generator = SplitMix64(seed: seed)
    }

    var name: String { ".random(runs: \(runs), seed: \(seed ?? 0))" }

    mutating func beginRun(number: Int) {
        weights.beginRun()
    }

    mutating func choose(_ choice: Choice) throws(ScheduleDivergence) -> Int {
        weights.count(choice.stepsSinceLastChoice)
        return weights.draw(among: choice.options.indices, of: choice, with: &generator).option
    }

    mutating func endRun(decisions: [Decision], steps: [Step]) throws(ScheduleDivergence) {
        weights.learn(from: steps)
    }

    mutating func afterPassing(run number: Int) -> NextRun {
        number < runs ? .another : .passed
    }
}
