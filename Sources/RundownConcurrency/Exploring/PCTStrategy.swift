import RundownCore

extension ExplorationStrategy {
    /// Probabilistic Concurrency Testing: `runs` runs, each giving the tasks random distinct
    /// priorities and lowering the running task's priority at `depth − 1` random steps, and
    /// always running the highest-priority task that can go on.
    ///
    /// A bug's depth is how many orderings of steps it needs: an order violation (one step before
    /// another) has depth 1, an atomicity violation (a step between two steps of another task)
    /// depth 2. For `n` tasks taking `k` steps in all, one run finds a bug of depth at most `depth`
    /// with probability at least 1 / (n · k^(depth − 1)), whatever the bug and however many orders
    /// there are (Burckhardt, Kothari, Musuvathi and Nagarakatte, ASPLOS 2010). Four tasks of
    /// nine steps each have about 2 × 10^19 orders; a depth-3 bug among them is found in one run
    /// with probability at least 1 / (4 · 36²) = 1/5,184, so 3,000 runs find it with probability
    /// at least 1 − (1 − 1/5,184)^3,000, about 44%, and 15,000 runs with more than 94%; most bugs
    /// need far fewer, as the bound counts only the luckiest way to meet them.
    ///
    /// The first run learns how many steps a run takes (and runs with random priorities alone);
    /// later runs place their priority changes over the most steps a run has taken so far. The
    /// same seed gives the same orders, on any machine; without one, a seed is picked and printed,
    /// and a failure names it too. A failure's replay token replays it, like any other.
    ///
    /// - Parameters:
    ///   - runs: How many runs to make, at least 1.
    ///   - depth: The depth of the bugs to look for, at least 1: 1 gives random priorities alone.
    ///   - seed: The seed of the generator the priorities and change points are drawn from.
    public static func pct(runs: Int, depth: Int = 3, seed: UInt64? = nil) -> ExplorationStrategy {
        let written = PCTStrategy.written(runs: runs, depth: depth, seed: seed)
        return ExplorationStrategy(description: written) { site in
            guard runs >= 1 else {
                throw InvalidArgumentError(
                    call: "explore(\(written))", argument: "runs", value: "\(runs)", requirement: "at least 1")
            }
            guard depth >= 1 else {
                throw InvalidArgumentError(
                    call: "explore(\(written))", argument: "depth", value: "\(depth)", requirement: "at least 1")
            }
            let picked = seed ?? UInt64.random(in: 0...UInt64.max)
            if seed == nil {
                print(
                    ToolkitWarning.seedPicked(
                        at: site, strategy: written, seed: picked,
                        again: PCTStrategy.written(runs: runs, depth: depth, seed: picked)
                    ).message)
            }
            return PCTStrategy(runs: runs, depth: depth, seed: picked)
        }
    }
}

/// PCT: each run draws a priority for every task (and for the clock) as it first becomes an
/// option, and `depth − 1` change points among the steps a run takes; at a change point, the task
/// that took that step drops below every drawn priority, each change lower than the one before.
/// Every choice takes the option of highest priority.
///
/// Drawn priorities are at least `depth`, lowered ones below it, so a lowered task runs only when
/// nothing else can. Priorities are drawn lazily, in the order options are offered, so the same
/// body and the same seed draw the same numbers. One generator runs on from one run to the next.
struct PCTStrategy: SchedulingStrategy {
    let runs: Int
    let depth: Int
    let seed: UInt64?
    private var generator: SplitMix64
    /// The most steps a run has taken so far; `nil` before the first run ends.
    private var learnedSteps: Int?
    /// This run's priorities, by task in start order, and the clock's.
    private var priorities: [Int: UInt64] = [:]
    private var clockPriority: UInt64?
    /// This run's change points, as step numbers from 1, in ascending order.
    private var changePoints: [Int] = []
    /// How many of them this run has passed.
    private var changesMade = 0
    /// How many steps this run had taken at its previous choice.
    private var stepsSeen = 0

    init(runs: Int, depth: Int, seed: UInt64) {
        self.runs = runs
        self.depth = depth
        self.seed = seed
        generator = SplitMix64(seed: seed)
    }

    var name: String { Self.written(runs: runs, depth: depth, seed: seed) }

    /// The strategy as written in code: the depth only when it is not the default.
    static func written(runs: Int, depth: Int, seed: UInt64?) -> String {
        var arguments = ["runs: \(runs)"]
        if depth != 3 { arguments.append("depth: \(depth)") }
        if let seed { arguments.append("seed: \(seed)") }
        return ".pct(\(arguments.joined(separator: ", ")))"
    }

    mutating func beginRun(number: Int) {
        priorities = [:]
        clockPriority = nil
        changesMade = 0
        stepsSeen = 0
        changePoints = []
        guard let steps = learnedSteps, steps > 0 else { return }
        // Distinct points while there are enough steps for them; a point twice changes nothing more.
        var points = Set<Int>()
        let wanted = depth - 1
        while points.count < min(wanted, steps) {
            points.insert(1 + generator.next(below: steps))
        }
        changePoints = points.sorted()
    }

    mutating func choose(_ choice: Choice) throws(ScheduleDivergence) -> Int {
        for step in choice.stepsSinceLastChoice {
            stepsSeen += 1
            guard changesMade < changePoints.count, changePoints[changesMade] == stepsSeen else { continue }
            changesMade += 1
            let lowered = UInt64(depth - changesMade)
            if let task = step.taskIndex { priorities[task] = lowered } else { clockPriority = lowered }
        }
        var best = 0
        var bestPriority: UInt64 = 0
        for (index, option) in choice.options.enumerated() {
            let priority = priority(of: option.task)
            if index == 0 || priority > bestPriority {
                best = index
                bestPriority = priority
            }
        }
        return best
    }

    mutating func endRun(decisions: [Decision], steps: [Step]) throws(ScheduleDivergence) {
        learnedSteps = max(learnedSteps ?? 0, steps.count)
    }

    mutating func afterPassing(run number: Int) -> NextRun {
        number < runs ? .another : .passed
    }

    /// The priority of `task` (the clock when `nil`), drawn when it is first asked for.
    private mutating func priority(of task: Int?) -> UInt64 {
        let known = task == nil ? clockPriority : priorities[task ?? 0]
        if let known { return known }
        let drawn = UInt64(depth) + generator.next() % (UInt64.max - UInt64(depth))
        if let task { priorities[task] = drawn } else { clockPriority = drawn }
        return drawn
    }
}
