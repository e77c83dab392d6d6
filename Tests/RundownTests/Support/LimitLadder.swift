import RundownEngine

/// The time limits a test of an expiring `.timeLimit` tries, shortest first.
///
/// Such a test needs the machine to keep up with the limit: what runs before the limit must end
/// within it, and a cancelled sleep must return within the grace period after it, or the engine
/// rightly reports something else (the spec went on without the closure). A loaded machine can be
/// slower than a short limit, which says nothing about the rule. So the test runs its scenario on
/// the next rung when a run shows the machine did not keep up, and checks everything of the first
/// run where it did, or of the last rung's run. On an idle machine the first rung is the only one.
struct LimitRung: Sendable {
    /// The limit.
    let limit: Duration
    /// The limit as the engine's messages write it.
    let written: String
    /// The grace period after it (the limit, at most one second), as the messages write it.
    let grace: String

    static let ladder = [
        LimitRung(limit: .milliseconds(200), written: "0.2 seconds", grace: "0.2 seconds"),
        LimitRung(limit: .seconds(2), written: "2 seconds", grace: "1 second"),
        LimitRung(limit: .seconds(20), written: "20 seconds", grace: "1 second"),
    ]

    /// Runs `scenario` on each rung until `keptUp` says the machine kept up with it, and returns that
    /// run, or the last.
    static func climb<Outcome>(
        isolation: isolated (any Actor)? = #isolation,
        _ scenario: (LimitRung) async -> Outcome,
        keptUp: (Outcome) -> Bool
    ) async -> (rung: LimitRung, outcome: Outcome) {
        for rung in ladder.dropLast() {
            let outcome = await scenario(rung)
            if keptUp(outcome) { return (rung, outcome) }
        }
        let last = ladder[ladder.count - 1]
        return (last, await scenario(last))
    }

    /// Whether the engine went on without a cancelled closure that had not returned within the grace
    /// period: on an idle machine a cancelled sleep returns at once.
    static func leftSomethingBehind(_ report: SpecReport) -> Bool {
        report.failures.contains { $0.description.contains("so the spec went on without it") }
    }
}
