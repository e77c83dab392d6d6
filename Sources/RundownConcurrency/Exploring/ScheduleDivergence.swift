/// A run did other than the run it repeats: the body did not repeat itself. Its ``detail`` becomes
/// a part of the explorer's failure saying so (`ToolkitFailure.notDeterministic`).
struct ScheduleDivergence: Error, Sendable {
    let detail: String

    init(decision: Int, recorded: [String], offered: [String]) {
        detail =
            "at choice \(decision) the earlier run offered \(Self.list(recorded)) but this run offers \(Self.list(offered))"
    }

    init(decision: Int, recordedSteps: [Step], takenSteps: [Step]) {
        detail =
            "before choice \(decision) the earlier run took the steps '\(InterleavingDescription.describe(recordedSteps))' but this run took '\(InterleavingDescription.describe(takenSteps))'"
    }

    init(afterLastChoice recorded: [Step], took taken: [Step]) {
        detail =
            "after its last choice the earlier run took the steps '\(InterleavingDescription.describe(recorded))' but this run took '\(InterleavingDescription.describe(taken))'"
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
