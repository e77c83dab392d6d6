/// Everything of Rundown's that runs in the process now, as the progress
/// reports read it.
///
/// PLACEHOLDER of helper "signal" until helper "board"'s version lands (the
/// shared design of issue 30, /work/notes/task-30b.md): only the part the
/// signal's report calls, with no registration yet. Replace it whole with
/// board's file; nothing else of this branch depends on more than
/// ``fullReport(reason:)``.
package final class ProgressBoard: Sendable {
    /// The board of the process.
    package static let shared = ProgressBoard()

    /// The report of everything running, as one string, for one write.
    package func fullReport(reason: String) -> String {
        "Rundown: progress report (\(reason))\n  nothing of Rundown's is running\n"
    }
}
