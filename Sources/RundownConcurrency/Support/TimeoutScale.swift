import RundownCore
import RundownSettings

/// The factor, `RUNDOWN_TIMEOUT_SCALE` (read with Rundown's other settings),
/// that stretches every default deadline of the toolkit (gates, `eventually`,
/// `waitForAll`, lock queues) on machines slower than a developer's.
///
/// Deadlines a call passes explicitly are left alone: the test asked for exactly that.
enum TimeoutScale {
    /// The factor in effect for this process; 1 when the variable is unset or not understood.
    static var current: Double {
        RunSettings.current.timeoutScale
    }

    /// `base` multiplied by the factor in effect.
    static func scaled(_ base: Duration) -> Duration {
        base * current
    }

    /// Reads a setting (see `RunSettings.timeoutScale(_:)`).
    static func parse(_ raw: String?) -> (factor: Double, warning: String?) {
        RunSettings.timeoutScale(raw)
    }
}
