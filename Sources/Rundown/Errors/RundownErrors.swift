/// Thrown by the synchronous `run()` of an example, or `spec(_:)`, whose
/// spec may have `async` closures.
public struct AsyncSpecNeedsAwait: Error, CustomStringConvertible {
    /// The spec's name.
    public var specName: String

    /// Says what to write instead.
    public var description: String {
        "the spec '\(specName)' may have async closures: run it with 'try await', or make it with 'Spec.synchronous'"
    }
}

/// `RUNDOWN_FAILURES` names a file that cannot be written: the spec that
/// tried fails, so that a rerun never silently misses what failed.
struct FailuresNotWritten: Error, CustomStringConvertible {
    var file: String
    var reason: String

    var description: String {
        "cannot write the failed examples to \(file) (RUNDOWN_FAILURES): \(reason)"
    }
}

/// A report that `RUNDOWN_JUNIT` asked for and that could not be written:
/// a failure of the spec that tried, saying where and why in words.
struct JUnitReportNotWritten: Error, CustomStringConvertible {
    /// The file it was to be written to.
    var file: String
    /// The value of `RUNDOWN_JUNIT`.
    var setting: String
    /// Why not, as the system says it: `Permission denied`.
    var reason: String

    /// `cannot write the JUnit report to build/junit.xml: Permission denied`; the setting
    /// follows the file when they differ (`… rundown-812.xml (RUNDOWN_JUNIT=build/junit/): …`).
    var description: String {
        let setting = setting == file ? "" : " (RUNDOWN_JUNIT=\(setting))"
        return "cannot write the JUnit report to \(file)\(setting): \(reason)"
    }
}
