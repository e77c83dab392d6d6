/// How an exploration picks its orders: what the run loop and the driver of one run ask of a
/// strategy, so that a strategy is one file (`EveryInterleavingStrategy.swift`,
/// `RandomStrategy.swift`, `PCTStrategy.swift`, `ReplayStrategy.swift`) and nothing else switches
/// over them.
///
/// One value lives for the whole exploration, and every run moves it on: the driver asks it at each
/// step with more than one option (``choose(_:)``), the loop tells it when a run begins and ends,
/// and asks after each run that passed whether another follows.
///
/// A strategy decides nothing but picks: what the run does, what a failure means, how a token is
/// written, are the loop's. The picks it makes are what a replay token records, so any strategy's
/// failing order replays with ``ReplayStrategy``.
protocol SchedulingStrategy: Sendable {
    /// How messages name the exploration, as it would be written in code, with the seed that was
    /// picked: `.random(runs: 200, seed: 7)`.
    var name: String { get }

    /// The seed the strategy draws from, for ``Exploration/seed``; `nil` if it draws from none.
    var seed: UInt64? { get }

    /// Whether, when it says the exploration passed, it ran every order it covers.
    var exhaustive: Bool { get }

    /// A run begins; `number` counts from 1.
    mutating func beginRun(number: Int)

    /// The option to take at a step that has more than one, or why the run cannot go on (a run
    /// that offers other options, or took other steps, than the run it repeats).
    mutating func choose(_ choice: Choice) throws(ScheduleDivergence) -> Int

    /// The run has ended with every task at its end, having made `decisions` and taken `steps`;
    /// throws if it did not repeat what it was meant to.
    mutating func endRun(decisions: [Decision], steps: [Step]) throws(ScheduleDivergence)

    /// Run `number` passed: whether another run follows, or the exploration is over.
    mutating func afterPassing(run number: Int) -> NextRun

    /// The token that replays a run that made `decisions`, for an `explore` call whose tokens
    /// carry `site`.
    func token(for decisions: [Decision], site: String) -> ReplayToken
}

extension SchedulingStrategy {
    var exhaustive: Bool { false }

    func token(for decisions: [Decision], site: String) -> ReplayToken {
        ReplayToken(site: site, decisions: decisions)
    }
}

/// What a strategy sees at a step with more than one option.
struct Choice: Sendable {
    /// What may take the next step, in the order offered: the ready controlled tasks in start
    /// order, then the clock when some task sleeps and every ready task waits at a point.
    let options: [ChoiceOption]
    /// Which option is the task whose step just ended at a point, if it is one of them: taking
    /// another option there is a preemption.
    let continuing: Int?
    /// The tasks asleep on the clock, in start order: what moving the clock leads to.
    let sleeping: [Int]
    /// How many steps the run has taken so far.
    let step: Int
    /// How many choices the run has made so far; this one is the next.
    let decision: Int
    /// The steps taken since the run's previous choice (or its start), to compare with the run a
    /// replay repeats.
    let stepsSinceLastChoice: [Step]

    /// The options' names, as messages and tokens show them.
    var names: [String] { options.map(\.name) }
}

/// One option of a ``Choice``.
struct ChoiceOption: Equatable, Sendable {
    /// The controlled task, by its place in start order from 0; `nil` for the clock.
    let task: Int?
    /// The task's name, or ``RunState/clockOption``.
    let name: String
}

/// What follows a run that passed.
enum NextRun: Sendable {
    /// Another run, with the strategy as it is now.
    case another
    /// The exploration is over, every run having passed.
    case passed
    /// The exploration is over and fails: more orders remain than it may run. `ran` of them ran,
    /// of about `estimate`.
    case overLimit(ToolkitFailure, ran: Int, estimate: Double)
}

/// One step at which the explorer had more than one option: their names, in the order offered, the
/// index of the one it took, and the steps that led to it since the choice before.
struct Decision: Equatable, Sendable {
    let options: [String]
    let chosen: Int
    /// The steps between the previous choice and this one; a run that repeats this choice must
    /// have taken the same ones.
    var stepsBefore: [Step] = []

    /// Checks that a run repeating this choice offers the same options after the same steps.
    func check(against choice: Choice) throws(ScheduleDivergence) {
        guard stepsBefore == choice.stepsSinceLastChoice else {
            throw ScheduleDivergence(
                decision: choice.decision + 1, recordedSteps: stepsBefore, takenSteps: choice.stepsSinceLastChoice)
        }
        guard options == choice.names else {
            throw ScheduleDivergence(decision: choice.decision + 1, recorded: options, offered: choice.names)
        }
    }
}
