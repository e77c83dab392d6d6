import Foundation
import RundownEngine
import RundownSettings

/// The file of `RUNDOWN_FAILURES`: the path of every example that failed in
/// one run of the tests, one a line, for `RUNDOWN_FILTER=@file` to rerun
/// (its text is ``FailuresList``).
///
/// Invariants. As the JUnit file (``JUnitFile``): every change is made under
/// an exclusive `flock` of the file (``LockedFile``), so the processes of one
/// `swift test` (XCTest's and Swift Testing's, and XCTest's under
/// `--parallel`) add their lines whole and none is lost. The first line names
/// the run; a file that names another run, or none, is replaced, and what it
/// listed is kept for the processes of this run that read it. Every spec run
/// with the setting updates it, failures or not, so that a run with no
/// failure leaves an empty list, not the last run's.
enum FailuresFile {
    /// Serialises this process's writers (`flock` orders the processes) and
    /// counts the updates. (State of no size, `Void`, reads to Thread
    /// Sanitizer as accesses outside the lock.)
    private static let updates = Protected(0)

    /// Adds `paths` (each joined with ", ") to the file at `path`, each once.
    static func add(_ paths: [[String]], at path: String) throws(FailuresNotWritten) {
        let written = updates.withLock { updates in
            updates += 1
            return Result { () throws(SystemError) in
                try LockedFile.update(path) { existing in
                    FailuresList.adding(
                        paths.map(PathText.joined), to: existing, inRun: TestRunKey.current)
                }
            }
        }
        if case .failure(let error) = written {
            throw FailuresNotWritten(file: path, reason: error.description)
        }
    }
}
