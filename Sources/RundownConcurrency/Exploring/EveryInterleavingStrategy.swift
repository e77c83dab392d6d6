import RundownCore

extension ExplorationStrategy {
    /// Every distinct order of the steps, depth first; with `preemptions`, every order that
    /// preempts a task at most that many times, and no other.
    ///
    /// A preemption is a choice, at a point, of another task (or of moving the clock) while the
    /// task that reached the point could take its next step. Passing to another task once a task
    /// has ended, or while it sleeps, is not one. Most races need one or two preemptions, and
    /// bounding them shrinks the space from exponential in the steps to polynomial: two tasks of
    /// four steps each have 70 orders, 2 of them without a preemption (`preemptions: 0` runs each
    /// task to its end before another starts) and 8 with at most one.
    ///
    /// - Parameters:
    ///   - limit: The most orders to run. When there are more, the exploration fails after
    ///     running `limit` of them, saying about how many there are: it runs 32 more orders,
    ///     drawn at random, to estimate it (a failure in one of them is reported like any
    ///     other). Then bound the preemptions, sample the space with ``pct(runs:depth:seed:)`` or
    ///     ``random(runs:seed:)``, or take fewer steps.
    ///   - preemptions: The most preemptions an order may make; `nil` for no bound.
    public static func everyInterleaving(limit: Int = 10_000, preemptions: Int? = nil) -> ExplorationStrategy {
        var arguments: [String] = []
        if limit != 10_000 { arguments.append("limit: \(limit)") }
        if let preemptions { arguments.append("preemptions: \(preemptions)") }
        let name = ".everyInterleaving(\(arguments.joined(separator: ", ")))"
        return ExplorationStrategy(description: name) { _ in
            guard limit >= 1 else {
                throw InvalidArgumentError(
                    call: "explore(\(name))", argument: "limit", value: "\(limit)", requirement: "at least 1")
            }
            if let preemptions, preemptions < 0 {
                throw InvalidArgumentError(
                    call: "explore(\(name))", argument: "preemptions", value: "\(preemptions)",
                    requirement: "at least 0")
            }
            return EveryInterleavingStrategy(name: name, limit: limit, preemptions: preemptions)
        }
    }
}

/// Every order, depth first: each run repeats the choices of the path to the deepest choice that
/// has an option not yet taken, takes that option, then the first option of every choice after.
///
/// With a bound on preemptions, an option is open at a choice only while the preemptions the
/// path made before it, plus the one this option would make, stay within the bound: the search
/// then visits exactly the orders within the bound, each once, as it prunes whole subtrees and
/// never an order inside one it keeps.
///
/// Past its limit, it runs ``probes`` more orders, drawn at random down the tree of choices
/// (open options only), to say about how many orders there are (``OrderCountEstimate``).
///
/// A run that repeats a recorded choice must have taken the same steps since the choice before
/// and be offered the same options there, or the body is not deterministic: a run that differs
/// only after its last choice is never repeated, so it cannot be seen.
struct EveryInterleavingStrategy: SchedulingStrategy {
    let name: String
    let limit: Int
    let preemptions: Int?
    var seed: UInt64? { nil }
    var exhaustive: Bool { true }
    /// How many random orders estimate the size of a space past the limit.
    static let probes = 32
    /// The choices of the run being made, each with the options it had.
    private var path: [PathChoice] = []
    /// How many of `path`'s choices this run has made.
    private var position = 0
    /// The steps of the last run, to learn the tasks' lengths from when probing begins.
    private var lastSteps: [Step] = []
    /// Past the limit: the probes that estimate the size of the space.
    private var estimate: OrderCountEstimate?

    /// One choice of the path, with what decides which of its options are open.
    private struct PathChoice {
        var decision: Decision
        /// Which option continues the task that reached the point, if one does.
        let continuing: Int?
        /// How many preemptions the path made before this choice.
        let preemptedBefore: Int

        /// The preemptions the path has made once it takes `option` here.
        func preempted(taking option: Int) -> Int {
            preemptedBefore + Self.cost(of: option, continuing: continuing)
        }

        /// 1 when taking `option` preempts the task that could go on, else 0.
        static func cost(of option: Int, continuing: Int?) -> Int {
            continuing.map { $0 != option } == true ? 1 : 0
        }
    }

    init(name: String, limit: Int, preemptions: Int? = nil) {
        self.name = name
        self.limit = limit
        self.preemptions = preemptions
    }

    mutating func beginRun(number: Int) {
        position = 0
        estimate?.beginProbe()
    }

    mutating func choose(_ choice: Choice) throws(ScheduleDivergence) -> Int {
        if var probing = estimate {
            // Moved out and back, so that the probe's arrays are not copied at every choice.
            estimate = nil
            defer { estimate = probing }
            let bound = preemptions ?? .max
            return probing.choose(choice) {
                PathChoice.cost(of: $0, continuing: choice.continuing)
            } within: {
                bound
            }
        }
        defer { position += 1 }
        if position < path.count {
            try path[position].decision.check(against: choice)
            return path[position].decision.chosen
        }
        var next = PathChoice(
            decision: Decision(options: choice.names, chosen: 0, stepsBefore: choice.stepsSinceLastChoice),
            continuing: choice.continuing,
            preemptedBefore: path.last.map { $0.preempted(taking: $0.decision.chosen) } ?? 0)
        next.decision = Decision(
            options: choice.names, chosen: firstOpen(in: next, after: -1) ?? 0,
            stepsBefore: choice.stepsSinceLastChoice)
        path.append(next)
        return next.decision.chosen
    }

    mutating func endRun(decisions: [Decision], steps: [Step]) throws(ScheduleDivergence) {
        if estimate != nil {
            estimate?.endProbe(steps: steps)
            return
        }
        if position < path.count {
            throw ScheduleDivergence(endedAfter: position, recordedCount: path.count)
        }
        lastSteps = steps
    }

    mutating func afterPassing(run number: Int) -> NextRun {
        if let estimate {
            guard estimate.probesMade >= Self.probes else { return .another }
            return .overLimit(
                .tooManyInterleavings(
                    strategy: name, limit: limit, ran: limit, estimate: estimate.count, probes: estimate.probesMade,
                    preemptions: preemptions),
                ran: limit, estimate: estimate.count)
        }
        while let last = path.popLast() {
            guard let open = firstOpen(in: last, after: last.decision.chosen) else { continue }
            var next = last
            next.decision = Decision(
                options: last.decision.options, chosen: open, stepsBefore: last.decision.stepsBefore)
            path.append(next)
            guard number < limit else {
                // More orders remain: probe the tree for how many, then fail saying so.
                estimate = OrderCountEstimate(learningFrom: lastSteps)
                path = []
                return .another
            }
            return .another
        }
        return .passed
    }

    /// The first option after `option` that keeps the path within the bound; with no bound, the
    /// next option. The task that could go on is always open, so a choice has at least one.
    private func firstOpen(in choice: PathChoice, after option: Int) -> Int? {
        let count = choice.decision.options.count
        guard option + 1 < count else { return nil }
        guard let preemptions else { return option + 1 }
        return (option + 1..<count).first { choice.preempted(taking: $0) <= preemptions }
    }
}
