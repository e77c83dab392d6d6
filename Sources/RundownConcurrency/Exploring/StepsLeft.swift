import RundownCore

/// How many steps each option of a choice has left, learned from earlier runs: the weights of a
/// uniform random walk (`.random`) and of the probes that estimate how many orders there are.
///
/// A task is known by its place in start order. What it has left is the most steps it took in
/// an earlier run, less those it has taken in this one, and at least 1 (a task taking more steps
/// than ever before, or never seen, has one more as far as anyone knows). The clock leads to the
/// steps of every task asleep on it, and weighs their sum plus one for itself.
struct StepsLeft: Sendable {
    /// The most steps each task took in a run that ended.
    private var most: [Int] = []
    /// The steps each task has taken in this run so far.
    private var taken: [Int] = []
    /// How many of this run's steps `taken` counts.
    private var counted = 0

    mutating func beginRun() {
        for task in taken.indices { taken[task] = 0 }
        counted = 0
    }

    /// Counts the steps taken since the previous choice.
    mutating func count(_ steps: some Collection<Step>) {
        counted += steps.count
        for step in steps {
            guard let task = step.taskIndex else { continue }
            while taken.count <= task { taken.append(0) }
            taken[task] += 1
        }
    }

    /// Learns from a run that ended, having taken `steps`: those after its last choice are
    /// counted now, and each task's count is kept if it is the most so far.
    mutating func learn(from steps: [Step]) {
        count(steps.dropFirst(counted))
        while most.count < taken.count { most.append(0) }
        for task in taken.indices { most[task] = max(most[task], taken[task]) }
    }

    /// The steps task `task` has left, as far as is known.
    func left(_ task: Int) -> Int {
        let most = task < most.count ? most[task] : 0
        let taken = task < taken.count ? taken[task] : 0
        return max(1, most - taken)
    }

    /// The weight of `option` of `choice`.
    func weight(of option: ChoiceOption, in choice: Choice) -> Int {
        if let task = option.task { return left(task) }
        return choice.sleeping.reduce(1) { $0 + left($1) }
    }

    /// Draws one of `candidates` (indices of `choice.options`), each with the probability of its
    /// weight; returns it with the probability it had. Weighs each twice rather than keep an
    /// array of weights: a draw is made at every choice of a run.
    func draw(
        among candidates: some Collection<Int>, of choice: Choice, with generator: inout SplitMix64
    ) -> (option: Int, probability: Double) {
        var total = 0
        for candidate in candidates { total += weight(of: choice.options[candidate], in: choice) }
        var ticket = generator.next(below: total)
        for candidate in candidates {
            let weight = weight(of: choice.options[candidate], in: choice)
            if ticket < weight { return (candidate, Double(weight) / Double(total)) }
            ticket -= weight
        }
        return (candidates.first ?? 0, 1)
    }
}
