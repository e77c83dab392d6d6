extension ExplorationStrategy {
    /// Exactly the one order that `token` records, as a failed exploration printed it.
    public static func replay(_ token: String) -> ExplorationStrategy {
        ExplorationStrategy(description: ".replay(\"\(token)\")") { _ in
            guard let parsed = ReplayToken(token) else {
                throw InvalidArgumentError(
                    call: "explore(.replay(_:))", argument: "token", value: "\"\(token)\"",
                    requirement: "a token a failed exploration printed, such as \"v1.3fa2.0102.9c1e22ab\"")
            }
            return ReplayStrategy(token: parsed, name: ".replay(\"\(token)\")")
        }
    }
}

/// One recorded order, once: the picks of a token (`.replay`, `RUNDOWN_SCHEDULE`), or of a run
/// that just failed, repeated to see whether it fails again.
///
/// A token records only the picks and a check of the options they were made among; a run repeated
/// from the same exploration also knows the steps taken between its choices and after the last,
/// and a repeat that took other steps did not repeat it.
struct ReplayStrategy: SchedulingStrategy {
    let name: String
    var seed: UInt64? { nil }
    /// The token replayed: the one given, or the failing run's.
    let token: ReplayToken
    /// The recorded run's choices and steps, when the run being repeated is known in full.
    private let recorded: (decisions: [Decision], steps: [Step])?
    private var position = 0

    init(token: ReplayToken, name: String) {
        self.token = token
        self.name = name
        recorded = nil
    }

    /// Repeats a run of this exploration, which made `decisions` and took `steps`.
    init(repeating decisions: [Decision], steps: [Step], token: ReplayToken, name: String) {
        self.token = token
        self.name = name
        recorded = (decisions, steps)
    }

    mutating func beginRun(number: Int) {
        position = 0
    }

    mutating func choose(_ choice: Choice) throws(ScheduleDivergence) -> Int {
        defer { position += 1 }
        if let recorded, position < recorded.decisions.count {
            try recorded.decisions[position].check(against: choice)
        }
        guard position < token.choices.count else {
            throw ScheduleDivergence(decision: position + 1, recordedCount: token.choices.count, offered: choice.names)
        }
        let pick = token.choices[position]
        guard pick < choice.options.count else {
            throw ScheduleDivergence(decision: position + 1, recordedPick: pick, offered: choice.names)
        }
        return pick
    }

    mutating func endRun(decisions: [Decision], steps: [Step]) throws(ScheduleDivergence) {
        if position < token.choices.count {
            throw ScheduleDivergence(endedAfter: position, recordedCount: token.choices.count)
        }
        if let recorded, recorded.steps != steps {
            throw ScheduleDivergence(
                afterLastChoice: Array(recorded.steps.dropFirst(Self.stepCount(recorded.decisions))),
                took: Array(steps.dropFirst(Self.stepCount(decisions))))
        }
        if ReplayToken.check(of: decisions) != token.check {
            throw ScheduleDivergence(differentSteps: decisions.count)
        }
    }

    mutating func afterPassing(run number: Int) -> NextRun {
        .passed
    }

    /// The token it was given, for the run that repeated it: a replay prints the token it replays.
    func token(for decisions: [Decision], site: String) -> ReplayToken {
        ReplayToken(site: token.site, decisions: decisions)
    }

    /// How many steps were taken up to the last of `decisions`.
    private static func stepCount(_ decisions: [Decision]) -> Int {
        decisions.reduce(0) { $0 + $1.stepsBefore.count }
    }
}
