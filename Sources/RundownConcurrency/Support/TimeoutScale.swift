#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// The factor, read once from `RUNDOWN_TIMEOUT_SCALE`, that stretches every default deadline of the
/// toolkit (gates, `eventually`, `waitForAll`, lock queues) on machines slower than a developer's.
///
/// Deadlines a call passes explicitly are left alone: the test asked for exactly that.
enum TimeoutScale {
    /// The factor in effect for this process; 1 when the variable is unset or not understood.
    static let current: Double = {
        let (factor, warning) = parse(getenv("RUNDOWN_TIMEOUT_SCALE").map { String(cString: $0) })
        if let warning { FailureRouting.writeToStandardError("warning: \(warning)\n") }
        return factor
    }()

    /// `base` multiplied by the factor in effect.
    static func scaled(_ base: Duration) -> Duration {
        base * current
    }

    /// Reads a setting; a value that is not a positive, finite number gives a warning and factor 1,
    /// so a typo never silently shortens or removes a deadline.
    static func parse(_ raw: String?) -> (factor: Double, warning: String?) {
        guard let raw else { return (1, nil) }
        let trimmed = String(raw.filter { !$0.isWhitespace })
        if let factor = Double(trimmed), factor.isFinite, factor > 0 {
            return (factor, nil)
        }
        return (1, "RUNDOWN_TIMEOUT_SCALE='\(raw)' is not understood; valid forms are a positive number "
            + "such as 2 or 2.5 (every default deadline is multiplied by it). Using 1.")
    }
}
