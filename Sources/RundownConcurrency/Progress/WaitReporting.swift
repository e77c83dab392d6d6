import RundownCore

// How the toolkit's waits show on the progress board (`ProgressBoard`, in the
// core): each wait notes itself while it waits, with a closure that describes
// it as it is when a report is made (which is why those closures read the
// wait's state under its lock, and never while holding it), and a wait that
// gives up attaches the report of the closure it runs for to its error.

/// Who the code running now is, as a wait's line names it: the spec element whose closure runs
/// in this task (or started it) and the task's name, when it has one. The element's path is made
/// only when a report reads it.
struct WaitingParty: Sendable, CustomStringConvertible {
    /// The closure of the spec's element or hook that runs in this task or started it.
    let closure: (any RunningClosure)?
    /// The name the task was started with.
    let taskName: String?

    /// The code running in the current task.
    static var current: WaitingParty {
        WaitingParty(closure: RunContext.current?.closure, taskName: currentTaskName)
    }

    private static var currentTaskName: String? {
        if #available(macOS 26.0, iOS 26.0, watchOS 26.0, tvOS 26.0, visionOS 26.0, *) {
            return Task.name
        }
        return nil
    }

    /// `"Cache, evicts" (task "loader")`, `"Cache, evicts"`, `task "loader"`, or `a task outside any spec`.
    var description: String {
        switch (closure?.description, taskName) {
        case (let path?, let task?): "\"\(path)\" (task \"\(task)\")"
        case (let path?, nil): "\"\(path)\""
        case (nil, let task?): "task \"\(task)\""
        case (nil, nil): "a task outside any spec"
        }
    }

    /// How many parties a line names before it counts the rest: a line of thousands of waiters,
    /// each of whom has a line of its own in a report, must not make the report quadratic.
    static let namedInLine = 5

    /// The first parties of a line of `total` as a report lists them, in order: `1. "Cache, evicts",
    /// 2. task "loader"`, at most ``namedInLine`` of them, then `and 3 more`.
    static func numbered(_ first: [WaitingParty], of total: Int? = nil) -> String {
        let named = first.prefix(namedInLine).enumerated().map { "\($0.offset + 1). \($0.element)" }
        let rest = (total ?? first.count) - named.count
        return (named + (rest > 0 ? ["and \(rest) more"] : [])).joined(separator: ", ")
    }
}

/// Waits noted on the progress board, and the reports their give-ups attach.
enum WaitReporting {
    /// Notes a wait of the code running now on the process's board; `describe` is called only when a
    /// report is made, from any thread.
    static func note(_ describe: @escaping @Sendable () -> String) -> ProgressBoard.WaitNote {
        ProgressBoard.noteWait(describe)
    }

    /// The report of the closure the current task runs for, to attach to a wait that gives up; `nil`
    /// outside a spec.
    static var reportOfCurrentClosure: String? {
        ProgressBoard.reportOfCurrentClosure()
    }

    /// `duration` as reports write it: seconds with one decimal, `1.2 s`.
    static func seconds(_ duration: Duration) -> String {
        let (seconds, attoseconds) = duration.components
        let tenths = (Double(seconds) + Double(attoseconds) / 1e18) * 10
        let rounded = max(0, tenths.rounded())
        return "\(Int(rounded) / 10).\(Int(rounded) % 10) s"
    }

    /// `error` with the report of the current closure attached, when it is an error of the toolkit
    /// that carries one, has none yet, and a spec runs here.
    static func attachingReport(to error: any Error) -> any Error {
        guard let carrier = error as? any CarriesProgressReport, carrier.progressReport == nil,
            let report = reportOfCurrentClosure
        else {
            return error
        }
        return carrier.attaching(progressReport: report)
    }
}

/// An error of a toolkit wait that gave up, which carries the progress report of the closure that
/// waited: what else it was waiting for, and since when.
protocol CarriesProgressReport: Error {
    /// The report attached, if one is.
    var progressReport: String? { get }
    /// The same error, with `progressReport` attached.
    func attaching(progressReport: String) -> Self
}

extension CarriesProgressReport {
    /// What the error's description adds for `report`: the report on the lines after the message.
    static func attached(_ report: String?) -> String {
        report.map { "\n" + $0 } ?? ""
    }
}
