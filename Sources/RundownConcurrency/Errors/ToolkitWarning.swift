import RundownCore

/// Everything the toolkit prints rather than records: the notes an
/// exploration prints so that its orders can be had again, and a check's
/// failure where no framework and no spec takes it. The one place these texts
/// are written; each starts with where, the call's file and line. See
/// <doc:ExploringInterleavings>.
enum ToolkitWarning {
    /// A seeded strategy written without a seed (`strategy`, `.random(runs: 200)`) picked
    /// `seed`; `again` is the strategy written with it.
    case seedPicked(at: CodeLocation, strategy: String, seed: UInt64, again: String)
    /// `RUNDOWN_SCHEDULE` names this `explore` call's token: it replays that
    /// interleaving instead of running its strategy.
    case scheduleReplays(at: CodeLocation, token: String, strategy: String)
    /// A check's failure that nothing records (no spec, no test framework).
    case unrecordedFailure(ConcurrencyFailure)

    /// The text as printed; a line for standard error ends in a newline.
    var message: String {
        switch self {
        case .seedPicked(let location, let strategy, let seed, let again):
            "Rundown: \(location): explore(\(strategy)) picked seed \(seed); these orders again: \(again)"
        case .scheduleReplays(let location, let token, let strategy):
            "Rundown: \(location): RUNDOWN_SCHEDULE replays interleaving \(token) instead of \(strategy)\n"
        case .unrecordedFailure(let failure):
            "error: \(failure)\n"
        }
    }
}
