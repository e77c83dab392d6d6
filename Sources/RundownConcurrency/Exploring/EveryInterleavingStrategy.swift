import RundownCore

extension ExplorationStrategy {
    /// Every distinct order of the steps, depth first.
    ///
    /// - Parameter limit: The most orders to run. When there are more, the exploration fails,
    ///   saying so, after running `limit` of them: sample the space with
    ///   ``random(runs:seed:)`` instead, or take fewer steps.
    public static func everyInterleaving(limit: Int = 10_000) -> ExplorationStrategy {
        let name = limit == 10_000 ? ".everyInterleaving()" : ".everyInterleaving(limit: \(limit))"
        return ExplorationStrategy(description: name) { _ in
            guard limit >= 1 else {
                throw InvalidArgumentError(
                    call: "explore(\(name))", argument: "limit", value: "\(limit)", requirement: "at least 1")
            }
            return EveryInterleavingStrategy(name: name, limit: limit)
        }
    }
}

/// Every order, depth first: each run repeats the choices of the path to the deepest choice that
/// has an option not yet taken, takes that option, then the first option of every choice after.
///
/// A run that repeats a recorded choice must have taken the same steps since the choice before
/// and be offered the same options there, or the body is not deterministic: a run that differs
/// only after its last choice is never repeated, so it cannot be seen.
struct EveryInterleavingStrategy: SchedulingStrategy {
    let name: String
    let limit: Int
    var seed: UInt64? { nil }
    /// The choices of the run being made, each with the options it had.
    private var path: [Decision] = []
    /// How many of `path`'s choices this run has made.
    private var position = 0

    init(name: String, limit: Int) {
        self.name = name
        self.limit = limit
    }

    mutating func beginRun(number: Int) {
        position = 0
    }

    mutating func choose(_ choice: Choice) throws(ScheduleDivergence) -> Int {
        defer { position += 1 }
        if position < path.count {
            try path[position].check(against: choice)
            return path[position].chosen
        }
        path.append(Decision(options: choice.names, chosen: 0, stepsBefore: choice.stepsSinceLastChoice))
        return 0
    }

    mutating func endRun(decisions: [Decision], steps: [Step]) throws(ScheduleDivergence) {
        if position < path.count {
            throw ScheduleDivergence(endedAfter: position, recordedCount: path.count)
        }
    }

    mutating func afterPassing(run number: Int) -> NextRun {
        while let last = path.last, last.chosen + 1 >= last.options.count {
            path.removeLast()
        }
        guard let last = path.popLast() else { return .passed }
        path.append(Decision(options: last.options, chosen: last.chosen + 1, stepsBefore: last.stepsBefore))
        guard number < limit else {
            return .overLimit(.tooManyInterleavings(strategy: name, limit: limit, ran: number))
        }
        return .another
    }
}
