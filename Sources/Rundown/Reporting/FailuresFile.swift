import Foundation
import RundownEngine

/// The file of `RUNDOWN_FAILURES`: the path of every example that failed in
/// one run of the tests, one a line, for `RUNDOWN_FILTER=@file` to rerun.
///
/// Invariants. As the JUnit file (``JUnitFile``): every change is made under
/// an exclusive `flock` of the file, so the processes of one `swift test`
/// (XCTest's and Swift Testing's) add their lines whole and none is lost.
/// The first line, a comment, names the run (``JUnitFile/runKey``); a file
/// that names another run, or none, is replaced. Every spec run with the
/// setting updates it, failures or not, so that a run with no failure
/// leaves an empty list, not the last run's.
enum FailuresFile {
    /// Serialises this process's writers; `flock` orders the processes.
    private static let lock = NSLock()

    /// Adds `paths` (each joined with ", ") to the file at `path`, each once.
    static func add(_ paths: [[String]], at path: String) throws(FailuresNotWritten) {
        lock.lock()
        defer { lock.unlock() }
        do throws(SystemError) {
            try LockedFile.update(path) { existing in
                merged(existing, adding: paths.map { $0.joined(separator: ", ") }, runKey: JUnitFile.runKey)
            }
        } catch {
            throw FailuresNotWritten(file: path, reason: error.description)
        }
    }

    /// The comment line that names the run.
    static func header(_ runKey: String) -> String {
        "# Rundown: the examples that failed in the run of \(runKey); rerun them with RUNDOWN_FILTER=@file"
    }

    /// `existing` with `lines` added that it lacks, or only `lines` if it is another run's.
    static func merged(_ existing: String, adding lines: [String], runKey: String) -> String {
        let header = header(runKey)
        var kept = existing.split(separator: "\n").map(String.init)
        if kept.first != header { kept = [header] }
        var present = Set(kept)
        for line in lines where present.insert(line).inserted { kept.append(line) }
        return kept.joined(separator: "\n") + "\n"
    }
}
