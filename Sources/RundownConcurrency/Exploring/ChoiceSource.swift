import RundownCore

/// Where the explorer's picks come from, one run after another.
///
/// The scheduler asks only at steps with more than one option; a step with one option is taken
/// without asking, so tokens and the depth-first tree hold real choices only.
enum ChoiceSource: Sendable {
    /// Every order, depth first: the path of the run being made, each decision with the options it
    /// had (to catch a body that offers different ones when the prefix is replayed).
    case depthFirst(path: [Decision], position: Int)
    /// Uniform picks from a seeded generator.
    case random(SplitMix64)
    /// Exactly the recorded choices.
    case replay(ReplayToken, position: Int)

    /// The option to take among `options` (more than one), or why the run cannot go on.
    mutating func choose(among options: [String]) throws(ScheduleDivergence) -> Int {
        switch self {
        case .depthFirst(var path, let position):
            if position < path.count {
                let recorded = path[position]
                guard recorded.options == options else {
                    throw ScheduleDivergence(decision: position + 1, recorded: recorded.options, offered: options)
                }
                self = .depthFirst(path: path, position: position + 1)
                return recorded.chosen
            }
            path.append(Decision(options: options, chosen: 0))
            self = .depthFirst(path: path, position: position + 1)
            return 0
        case .random(var generator):
            let pick = generator.next(below: options.count)
            self = .random(generator)
            return pick
        case .replay(let token, let position):
            guard position < token.choices.count else {
                throw ScheduleDivergence(decision: position + 1, recordedCount: token.choices.count, offered: options)
            }
            let pick = token.choices[position]
            guard pick < options.count else {
                throw ScheduleDivergence(decision: position + 1, recordedPick: pick, offered: options)
            }
            self = .replay(token, position: position + 1)
            return pick
        }
    }

    /// Checks that the run used every recorded choice; called when a run has ended.
    func checkRunEnded(decisions: [Decision]) throws(ScheduleDivergence) {
        switch self {
        case .depthFirst(let path, let position):
            if position < path.count {
                throw ScheduleDivergence(endedAfter: position, recordedCount: path.count)
            }
        case .random:
            break
        case .replay(let token, let position):
            if position < token.choices.count {
                throw ScheduleDivergence(endedAfter: position, recordedCount: token.choices.count)
            }
            if ReplayToken.check(of: decisions) != token.check {
                throw ScheduleDivergence(differentSteps: decisions.count)
            }
        }
    }

    /// Moves a depth-first source to the next unexplored order, starting over at the first
    /// decision; `false` when every order has been run. The other sources have no end of their own.
    mutating func advanceToNextOrder() -> Bool {
        switch self {
        case .depthFirst(var path, _):
            while let last = path.last, last.chosen + 1 >= last.options.count {
                path.removeLast()
            }
            guard let last = path.popLast() else { return false }
            path.append(Decision(options: last.options, chosen: last.chosen + 1))
            self = .depthFirst(path: path, position: 0)
            return true
        case .random:
            return true
        case .replay(let token, _):
            self = .replay(token, position: 0)
            return true
        }
    }
}

/// A run offered other steps than the run it replays: the body did not repeat itself.
struct ScheduleDivergence: Error, Sendable {
    let detail: String

    init(decision: Int, recorded: [String], offered: [String]) {
        detail =
            "at choice \(decision) the earlier run offered \(Self.list(recorded)) but this run offers \(Self.list(offered))"
    }

    init(decision: Int, recordedCount: Int, offered: [String]) {
        detail =
            "the token records \(recordedCount) choice(s), but this run reached a choice \(decision) between \(Self.list(offered))"
    }

    init(decision: Int, recordedPick: Int, offered: [String]) {
        detail =
            "at choice \(decision) the token picks option \(recordedPick + 1), but this run offers only \(Self.list(offered))"
    }

    init(endedAfter made: Int, recordedCount: Int) {
        detail = "the recorded run made \(recordedCount) choice(s), but this run ended after \(made)"
    }

    init(differentSteps count: Int) {
        detail = "this run made as many choices (\(count)) as the token, but between other steps than the recorded run"
    }

    private static func list(_ options: [String]) -> String {
        "\(options.count) option(s) (" + options.map { "'\($0)'" }.joined(separator: ", ") + ")"
    }
}
