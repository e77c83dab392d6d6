/// How many times each example of a run repeats (`RUNDOWN_REPEAT`).
package enum RepeatSetting: Sendable, Hashable {
    /// Exactly this many times, each of which must pass.
    case times(Int)
    /// Until the first failure, at most `max` repetitions and for at most `limit`.
    case untilFailure(max: Int, limit: Duration)

    /// The cap of `until-failure` without `:MAX`.
    package static let untilFailureDefaultMax = 10_000
    /// How long `until-failure` repeats one example at most.
    package static let untilFailureLimit = Duration.seconds(600)
}
