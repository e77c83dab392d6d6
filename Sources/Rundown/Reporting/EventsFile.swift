import Foundation
import RundownEngine
import RundownSettings

/// The file of `RUNDOWN_EVENTS`: the run as JSON Lines, every spec's records
/// (``EventRecorder``) from every process of one run of the tests.
///
/// Invariants. As the JUnit file (``JUnitFile``) and the failures file: every
/// change is made under an exclusive `flock` of the file (``LockedFile``), so
/// the processes of one `swift test` add their records whole, a spec's
/// records together, and none is lost. The first line is a `runStarted`
/// record that names the run (``TestRunKey``); a file that starts otherwise
/// is another run's, or none, and is replaced. A spec adds its records at its
/// end, with one lock, reading no more of the file than its first line's
/// start. Missing folders are made; a file that cannot be written is an error
/// (``EventsNotWritten``), which fails the spec that tried.
enum EventsFile {
    /// The version of the records' schema, `Schemas/rundown-events.schema.json`:
    /// every record's `version`.
    static let schemaVersion = 1

    /// Serialises this process's writers (`flock` orders the processes), and
    /// says whether this process has written the settings' warnings yet.
    private static let writes = Protected(false)

    /// Adds `records` (JSON Lines) to the file at `path`; the first spec of
    /// the process to write adds the warnings of the process's settings first.
    static func add(_ records: String, at path: String, settingWarnings: [String]) throws(EventsNotWritten) {
        let written = writes.withLock { warned in
            let first = !warned
            warned = true
            return Result { () throws(SystemError) in
                try JUnitFile.makeFolders(of: path)
                let warnings = first ? settingWarnings.map(warningLine).joined() : ""
                try LockedFile.append(
                    warnings + records, to: path, ifStartingWith: prefix(TestRunKey.current),
                    elseStartingWith: header(TestRunKey.current))
            }
        }
        if case .failure(let error) = written {
            throw EventsNotWritten(file: path, reason: error.description)
        }
    }

    /// How the first line of a run's file starts: the run it names, the
    /// part of the `runStarted` record every process of the run writes alike.
    static func prefix(_ runKey: String) -> String {
        #"{"version":\#(schemaVersion),"kind":"runStarted","testRun":"# + JSONText.string(runKey) + ","
    }

    /// The first line of a run's file, written by the process that starts it.
    static func header(_ runKey: String) -> String {
        prefix(runKey) + #""instant":\#(EventRecorder.Instant.now.json),"processID":\#(getpid())}"# + "\n"
    }

    /// A record of a warning the process's settings gave (a value not
    /// understood, a `RUNDOWN_*` variable that is no setting): it belongs to
    /// no spec or test, so its path is empty.
    private static func warningLine(_ text: String) -> String {
        #"{"version":\#(schemaVersion),"kind":"warning","instant":\#(EventRecorder.Instant.now.json),"#
            + #""processID":\#(getpid()),"testID":null,"path":[],"sourceLocation":null,"tags":[],"#
            + #""messages":[{"symbol":"warning","text":"# + JSONText.string(text) + "}]}\n"
    }
}
