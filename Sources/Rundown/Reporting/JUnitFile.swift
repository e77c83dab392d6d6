import Foundation
import RundownEngine
import RundownSettings

/// The JUnit file of a run: every spec's suite, from every process of the
/// run (`swift test` runs XCTest and Swift Testing in two, and XCTest's
/// `--parallel` one per test), added each time a spec ends.
///
/// Invariants. The file is only ever changed under an exclusive `flock` on
/// the file itself (and, within this process, under ``lock`` too): read it,
/// add one suite, write it back whole. So no writer loses another's suites,
/// and between writers the file is well formed. A file written by another
/// run is replaced, not added to: its second line names the run that wrote
/// it (``runKey``, the parent process that started the tests), and a file
/// that does not name this run, or is not Rundown's, counts as empty.
///
/// A path that is a directory, or ends with `/`, gets one file per process,
/// `rundown-<pid>.xml`. Missing folders are made. A file that cannot be
/// written is an error (``JUnitReportNotWritten``), which fails the spec that
/// tried, so that CI never goes on without its report unawares.
final class JUnitFile: Sendable {
    static let shared = JUnitFile()

    /// Serialises this process's writers, so that `flock` is only ever
    /// contended between processes; counts the suites written. (State of no
    /// size, `Void`, reads to Thread Sanitizer as accesses outside the lock.)
    private let writes = Protected(0)

    /// Adds `suite` to the file that `path` (the value of `RUNDOWN_JUNIT`) stands for.
    func add(_ suite: JUnitSuite, at path: String) throws(JUnitReportNotWritten) {
        let file = Self.file(for: path)
        let written = writes.withLock { writes in
            writes += 1
            return Result { () throws(SystemError) in
                try Self.makeFolders(of: file)
                try LockedFile.update(file) { existing in
                    Self.merged(existing ?? "", adding: suite, runKey: Self.runKey)
                }
            }
        }
        if case .failure(let error) = written {
            throw JUnitReportNotWritten(file: file, setting: path, reason: error.description)
        }
    }

    /// The file a `RUNDOWN_JUNIT` path stands for in this process.
    static func file(for path: String, processID: Int32 = ProcessInfo.processInfo.processIdentifier) -> String {
        var isDirectory: ObjCBool = false
        let exists = FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory)
        guard path.hasSuffix("/") || (exists && isDirectory.boolValue) else { return path }
        return (path.hasSuffix("/") ? path : path + "/") + "rundown-\(processID).xml"
    }

    /// Which run of the tests this process belongs to (``TestRunKey``).
    static var runKey: String { TestRunKey.current }

    private static let declaration = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>"
    private static let closing = "</testsuites>\n"

    private static func marker(_ runKey: String) -> String {
        "<!-- Rundown JUnit report of the run of \(XML.escape(runKey)) -->"
    }

    /// The whole file for `suites`, in a run named `runKey`.
    static func document(_ suites: [JUnitSuite], runKey: String = runKey) -> String {
        document(
            body: suites.map(\.xml).joined(), tests: suites.reduce(0) { $0 + $1.tests },
            failures: suites.reduce(0) { $0 + $1.failures }, skipped: suites.reduce(0) { $0 + $1.skipped },
            runKey: runKey)
    }

    private static func document(body: String, tests: Int, failures: Int, skipped: Int, runKey: String) -> String {
        "\(declaration)\n\(marker(runKey))\n<testsuites name=\"Rundown\" tests=\"\(tests)\" failures=\"\(failures)\" errors=\"0\" skipped=\"\(skipped)\">\n"
            + body + closing
    }

    /// `existing` (the file as it was) with `suite` added, if it is this
    /// run's; otherwise a file of `suite` alone.
    static func merged(_ existing: String, adding suite: JUnitSuite, runKey: String) -> String {
        let lines = existing.split(separator: "\n", maxSplits: 3, omittingEmptySubsequences: false)
        guard lines.count == 4, lines[0] == declaration, lines[1] == marker(runKey), existing.hasSuffix(closing) else {
            return document([suite], runKey: runKey)
        }
        // `<testsuites name="Rundown" tests="3" failures="1" errors="0" skipped="0">`: every other piece is a value.
        let values = lines[2].split(separator: "\"", omittingEmptySubsequences: false)
        guard values.count == 11, let tests = Int(values[3]), let failures = Int(values[5]),
            let skipped = Int(values[9])
        else {
            return document([suite], runKey: runKey)
        }
        return document(
            body: String(lines[3].dropLast(closing.count)) + suite.xml, tests: tests + suite.tests,
            failures: failures + suite.failures, skipped: skipped + suite.skipped, runKey: runKey)
    }

    /// Makes the folders on the way to `file` that do not exist yet.
    static func makeFolders(of file: String) throws(SystemError) {
        let folder = (file as NSString).deletingLastPathComponent
        guard !folder.isEmpty, !isFolder(folder) else { return }
        var prefix = folder.hasPrefix("/") ? "" : "."
        for step in folder.split(separator: "/") {
            prefix += "/" + step
            guard mkdir(prefix, 0o777) != 0 else { continue }
            let code = errno
            if code == EEXIST, isFolder(prefix) { continue }
            throw SystemError(code == EEXIST ? ENOTDIR : code, "cannot make the folder \(folder)")
        }
    }

    private static func isFolder(_ path: String) -> Bool {
        var info = stat()
        return stat(path, &info) == 0 && (info.st_mode & mode_t(S_IFMT)) == mode_t(S_IFDIR)
    }
}
