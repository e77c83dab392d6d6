/// How the examples below a group run beyond once, as its traits and the
/// run's settings say; the innermost element that says wins, for each of the two.
struct AttemptPlan: Hashable {
    /// The repetitions of each example; `nil` is once.
    var repetitions: RepeatSetting?
    /// How many more attempts a failing run gets; `nil` is none.
    var retries: Int?

    /// The plan of the run's settings, or `nil` if they ask for nothing.
    init?(_ controls: RunControls) {
        guard controls.repetitions != nil || controls.retries != nil else { return nil }
        repetitions = controls.repetitions
        retries = controls.retries
    }

    private init(repetitions: RepeatSetting?, retries: Int?) {
        self.repetitions = repetitions
        self.retries = retries
    }

    /// `plan`, with what `marks` say instead where they say it (a value
    /// out of range is left out: its element fails, see ``InvalidAttemptTrait``).
    static func merging(_ plan: AttemptPlan?, _ marks: (repetitions: Int?, retries: Int?)) -> AttemptPlan? {
        guard marks.repetitions != nil || marks.retries != nil else { return plan }
        var merged = plan ?? AttemptPlan(repetitions: nil, retries: nil)
        if let times = marks.repetitions, times >= 1 { merged.repetitions = .times(times) }
        if let count = marks.retries, count >= 0 { merged.retries = count }
        return merged
    }

    /// Whether an example with this plan may run more than once.
    var runsMoreThanOnce: Bool {
        switch repetitions {
        case .times(let times) where times > 1: return true
        case .untilFailure: return true
        default: return (retries ?? 0) > 0
        }
    }
}
