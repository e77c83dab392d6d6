import Foundation

/// The text of the file `RUNDOWN_FAILURES` writes and `RUNDOWN_FILTER=@file`
/// reads: the paths that failed in one run of the tests, one a line, for the
/// next run to rerun.
///
/// ```text
/// # Rundown: the examples that failed in the run of parent 4242 started 918273; rerun them with RUNDOWN_FILTER=@file
/// Cart, saves
/// Cart, when empty
/// # Rundown: before that run this file listed the paths below, which RUNDOWN_FILTER=@file reads in every process of that run:
/// #   Cart, saves
/// ```
///
/// Invariants. The first line names the run that wrote the file
/// (``TestRunKey``); every process of that run adds its paths, each once,
/// and a process of another run replaces the whole list. The lines that do
/// not start with `#` are the list, which a later run reads.
///
/// A run whose processes both read the file (`RUNDOWN_FILTER=@file`) and
/// write it (`RUNDOWN_FAILURES=file`) reads, in every process, the list as
/// it was before the run: `swift test` runs XCTest's process and then Swift
/// Testing's, and the first to end would otherwise leave the next only its
/// own failures to rerun. So the process that replaces another run's list
/// keeps that list at the end of the file, as comments, and a process of
/// the same run reads those (or that there was no file). The list itself
/// ends as what failed in this run.
package struct FailuresList: Equatable, Sendable {
    /// What the file was before the run that wrote it.
    package enum Before: Equatable, Sendable {
        /// There was no file.
        case noFile
        /// The file listed these paths.
        case listed([String])
    }

    /// The run that wrote the file; `nil` for a file that names none (one a user wrote).
    package var runKey: String?
    /// The paths that failed in that run: the list.
    package var failed: [String]
    /// What the file was before that run, if the file says.
    package var before: Before?

    package init(runKey: String?, failed: [String], before: Before?) {
        self.runKey = runKey
        self.failed = failed
        self.before = before
    }

    private static let headerStart = "# Rundown: the examples that failed in the run of "
    private static let headerEnd = "; rerun them with RUNDOWN_FILTER=@file"
    private static let beforeListed =
        "# Rundown: before that run this file listed the paths below, which RUNDOWN_FILTER=@file reads in every process of that run:"
    private static let beforeNone =
        "# Rundown: before that run there was no such file, and RUNDOWN_FILTER=@file finds none in any process of that run."
    private static let beforeItem = "#   "

    /// The first line of a file written by the run `runKey`.
    package static func header(_ runKey: String) -> String {
        headerStart + runKey + headerEnd
    }

    /// Reads a file's text.
    package init(parsing text: String) {
        let lines = text.split(omittingEmptySubsequences: false, whereSeparator: \.isNewline).map(String.init)
        if let first = lines.first, first.hasPrefix(Self.headerStart), first.hasSuffix(Self.headerEnd),
            first.count >= Self.headerStart.count + Self.headerEnd.count
        {
            runKey = String(first.dropFirst(Self.headerStart.count).dropLast(Self.headerEnd.count))
        }
        failed = lines.map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty && !$0.hasPrefix("#") }
        if lines.contains(Self.beforeNone) {
            before = .noFile
        } else if let start = lines.firstIndex(of: Self.beforeListed) {
            before = .listed(
                lines[(start + 1)...].prefix { $0.hasPrefix(Self.beforeItem) }
                    .map { $0.dropFirst(Self.beforeItem.count).trimmingCharacters(in: .whitespaces) }
                    .filter { !$0.isEmpty })
        }
    }

    /// The file's text.
    package var text: String {
        var lines = runKey.map { [Self.header($0)] } ?? []
        lines += failed
        switch before {
        case nil: break
        case .noFile: lines.append(Self.beforeNone)
        case .listed(let paths): lines += [Self.beforeListed] + paths.map { Self.beforeItem + $0 }
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// The paths `RUNDOWN_FILTER=@file` selects in the run `runKey`, given the
    /// file's text (`nil`: there is no file); `nil` where it finds no list.
    package static func selection(in text: String?, forRun runKey: String) -> [String]? {
        guard let text else { return nil }
        let list = FailuresList(parsing: text)
        guard list.runKey == runKey, let before = list.before else { return list.failed }
        switch before {
        case .noFile: return nil
        case .listed(let paths): return paths
        }
    }

    /// The file's text once a process of the run `runKey` has added `paths`
    /// to it (`text` is `nil` where there was no file): each path once, and a
    /// file of another run replaced, what it listed kept for this run to read.
    package static func adding(_ paths: [String], to text: String?, inRun runKey: String) -> String {
        var list = text.map(FailuresList.init(parsing:)) ?? FailuresList(runKey: nil, failed: [], before: nil)
        if list.runKey != runKey {
            let before = selection(in: text, forRun: runKey).map(Before.listed) ?? .noFile
            list = FailuresList(runKey: runKey, failed: [], before: before)
        }
        var present = Set(list.failed)
        for path in paths where present.insert(path).inserted { list.failed.append(path) }
        return list.text
    }
}
