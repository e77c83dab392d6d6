import Foundation

/// Which run of the tests this process belongs to, for the files that
/// every process of one run adds to (`RUNDOWN_JUNIT`, `RUNDOWN_FAILURES`)
/// and replaces when they are another run's.
///
/// The processes that one `swift test` starts (XCTest's, Swift Testing's,
/// one per test under `--parallel`) share their parent. On Linux the
/// parent's start time is part of the key, so that a later parent with a
/// reused process ID is another run.
package enum TestRunKey {
    /// This process's run: `parent 4242 started 918273`.
    package static let current: String = {
        let parent = getppid()
        var key = "parent \(parent)"
        #if os(Linux)
        // /proc/<pid>/stat: "pid (name) state …", the start time its 22nd field.
        if let stat = try? String(contentsOfFile: "/proc/\(parent)/stat", encoding: .utf8),
            let close = stat.lastIndex(of: ")")
        {
            let fields = stat[stat.index(after: close)...].split(separator: " ")
            if fields.count > 19 { key += " started \(fields[19])" }
        }
        #endif
        return key
    }()
}
