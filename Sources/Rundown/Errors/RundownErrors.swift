import RundownEngine

// `Rundown`'s catalogue of errors: what its `spec` entry points and its reports
// tell a user, in the one shape of `ExplainedError` (what happened, how to fix
// it). A report that cannot be written fails the spec that tried, in a
// `SpecFailure` whose path and location say where. `Rundown`'s warnings are
// `RundownWarning`, beside this file; the engine's, the DSL's and the toolkit's
// errors are in the Errors folder of each.
//
// Not here: `SystemError` (RundownSettings' LockedFile.swift), the system's reason in words,
// which is a part of these messages, not one of its own.

/// Thrown by the synchronous `run()` of an example, or `spec(_:)`, whose
/// spec may have `async` closures. See
/// <doc:WritingSpecs#One-test-per-example-Spec>.
public struct AsyncSpecNeedsAwait: ExplainedError {
    /// The spec's name.
    public var specName: String

    /// Says what to write instead.
    public var description: String { explanation }

    package var what: String { "the spec '\(specName)' may have async closures:" }
    package var fix: String { "run it with 'try await', or make it with 'Spec.synchronous'" }
}

/// `RUNDOWN_FAILURES` names a file that cannot be written: the spec that
/// tried fails, so that a rerun never silently misses what failed. See
/// <doc:RunControls#Repeating-retrying-and-rerunning>.
struct FailuresNotWritten: ExplainedError {
    var file: String
    var reason: String

    var what: String { "cannot write the failed examples to \(file) (RUNDOWN_FAILURES): \(reason)" }
    var fix: String { "make RUNDOWN_FAILURES name a file this process can write" }
}

/// `RUNDOWN_EVENTS` names a file that cannot be written: the spec that
/// tried fails, so that a tool reading the events never takes a file that
/// misses a spec for the whole run. See <doc:EventStream>.
struct EventsNotWritten: ExplainedError {
    var file: String
    /// Why not, as the system says it: `Permission denied`.
    var reason: String

    var what: String { "cannot write the events to \(file) (RUNDOWN_EVENTS): \(reason)" }
    var fix: String { "make RUNDOWN_EVENTS name a file this process can write" }
}

/// A report that `RUNDOWN_JUNIT` asked for and that could not be written:
/// a failure of the spec that tried, saying where and why in words. See
/// <doc:RunControls#JUnit-reports>.
struct JUnitReportNotWritten: ExplainedError {
    /// The file it was to be written to.
    var file: String
    /// The value of `RUNDOWN_JUNIT`.
    var setting: String
    /// Why not, as the system says it: `Permission denied`.
    var reason: String

    /// `cannot write the JUnit report to build/junit.xml: Permission denied`; the setting
    /// follows the file when they differ (`… rundown-812.xml (RUNDOWN_JUNIT=build/junit/): …`).
    var what: String {
        let setting = setting == file ? "" : " (RUNDOWN_JUNIT=\(setting))"
        return "cannot write the JUnit report to \(file)\(setting): \(reason)"
    }
    var fix: String { "make RUNDOWN_JUNIT name a file, or a folder, this process can write" }
}
