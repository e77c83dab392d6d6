/// What a run says that is neither a failure nor a skip: an example that passed
/// on a retry, and where `until-failure` found a failure. The one place these texts are
/// written; the hosts only pass them on, with the example's path in front. How
/// many repetitions a run's examples ran, and where `until-failure` stopped
/// without a failure, is one line for the whole run (`RundownWarning.repeated`).
///
/// Retries and repetitions are in <doc:FlakyExamples>. What Rundown warns about
/// a setting it does not understand is `SettingsWarning`, in the module that
/// reads the settings; the engine's errors are in `EngineErrors.swift`.
package enum EngineWarning: Sendable, Hashable {
    /// An example passed on a retry (the host puts its path in front, and its earlier failures after).
    case passedOnRetry(passedOn: Int, attempts: Int)
    /// `until-failure` found a failure, on this repetition.
    case untilFailureStopped(repetition: Int)

    /// The warning's text, without the prefix it is printed with.
    package var message: String {
        switch self {
        case .passedOnRetry(let passedOn, let attempts):
            "flaky: passed on attempt \(passedOn) of \(attempts)"
        case .untilFailureStopped(let repetition):
            "until-failure stopped at the first failure, on repetition \(repetition)"
        }
    }
}
