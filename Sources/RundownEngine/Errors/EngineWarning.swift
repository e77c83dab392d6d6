/// What a run says that is neither a failure nor a skip: an example that passed
/// on a retry, and where `until-failure` stopped. The one place these texts are
/// written; the hosts only pass them on, with the example's path in front.
///
/// Retries and repetitions are in <doc:FlakyExamples>. What Rundown warns about
/// a setting it does not understand is `SettingsWarning`, in the module that
/// reads the settings; the engine's errors are in `EngineErrors.swift`.
package enum EngineWarning: Sendable, Hashable {
    /// An example passed on a retry (the host puts its path in front, and its earlier failures after).
    case passedOnRetry(passedOn: Int, attempts: Int)
    /// `until-failure` repeated an example this many times without a failure.
    case untilFailureCapReached(repetitions: Int)
    /// `until-failure` ran out of time after this many repetitions without a failure.
    case untilFailureTimeLimitReached(limit: Duration, repetitions: Int)

    /// The warning's text, without the prefix it is printed with.
    package var message: String {
        switch self {
        case .passedOnRetry(let passedOn, let attempts):
            "flaky: passed on attempt \(passedOn) of \(attempts)"
        case .untilFailureCapReached(let repetitions):
            "until-failure reached its cap of \(repetitions) repetitions without a failure"
        case .untilFailureTimeLimitReached(let limit, let repetitions):
            "until-failure reached its time limit of \(limit) after \(repetitions) repetitions without a failure"
        }
    }
}
