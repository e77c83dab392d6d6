import Foundation

/// The settings a user gives Rundown through the environment, read in one
/// place, once per process.
///
/// | Variable | Values | Effect |
/// |---|---|---|
/// | `RUNDOWN_REPORT` | `tree` | Print each spec's tree as it runs. |
///
/// A value Rundown does not understand is reported once, on standard error,
/// with the valid forms; the setting then keeps its default.
struct RunSettings: Sendable {
    /// Whether to print each spec's tree (`RUNDOWN_REPORT=tree`).
    var treeReport = false

    /// The settings of this process.
    static let current = RunSettings(environment: ProcessInfo.processInfo.environment) { warning in
        FileHandle.standardError.write(Data("warning: Rundown: \(warning)\n".utf8))
    }

    /// Reads the settings from `environment`, passing each value it does not
    /// understand to `warn`.
    init(environment: [String: String], warn: (String) -> Void) {
        if let report = environment["RUNDOWN_REPORT"] {
            switch report {
            case "tree": treeReport = true
            case "": break
            default: warn("RUNDOWN_REPORT=\(report) is not a report Rundown knows; valid forms: RUNDOWN_REPORT=tree")
            }
        }
    }
}
