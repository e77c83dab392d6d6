import Foundation
import RundownConcurrency
import RundownEngine

/// The host where no test framework runs (a command-line tool, a task that
/// outlived its test): the caller of `spec` sees the first failure, thrown,
/// once everything has run, and the others are printed, each with its path.
///
/// For `#expect` and `XCTAssert…` to reach the run at all where no framework
/// drives the process, its scope installs Rundown's Swift Testing fallback
/// handler and, on Linux, XCTest's assertion forwarding.
final class CallerHost: SpecHost, Sendable {
    private struct State {
        var failures: [SpecFailure] = []
        /// Whether the run was delivered: a failure after that is late, and printed.
        var delivered = false
    }

    /// Failures may arrive from other tasks (a check in a task that outlived
    /// the run), so they are kept under a lock.
    private let state = Protected(State())

    func scope<Result>(_ run: () -> Result) -> Result {
        FrameworkFailures.catchEverywhere()
        return run()
    }

    func scope<Result>(isolation: isolated (any Actor)?, _ run: () async -> Result) async -> Result {
        FrameworkFailures.catchEverywhere()
        return await run()
    }

    func record(_ failure: SpecFailure) {
        let late = state.withLock { state in
            if !state.delivered { state.failures.append(failure) }
            return state.delivered
        }
        if late { Self.printFailure(failure) }
    }

    func deliver(_ run: FinishedRun) throws {
        let failures = state.withLock { state in
            state.delivered = true
            return state.failures
        }
        guard let first = failures.first else {
            if run.report.everythingSkipped {
                print(
                    "Rundown: "
                        + RundownWarning.everythingSkipped(what: run.skippedWhat, summary: run.skipSummary).message)
            }
            return
        }
        for other in failures.dropFirst() {
            Self.printFailure(other)
        }
        var thrown = first
        thrown.moreFailures = failures.count - 1
        throw thrown
    }

    private static func printFailure(_ failure: SpecFailure) {
        FileHandle.standardError.write(
            Data(RundownWarning.failure(failure.description, at: failure.location).message.utf8))
    }
}

/// The host of a spec run inside an element of another spec: its failures
/// go to the enclosing spec's host, with their own paths, and the element
/// that ran it fails if any did, or is skipped if every example was.
struct NestedSpecHost: SpecHost {
    let outer: any SpecHost
    /// How many failures the nested spec had; they may arrive from other tasks.
    private let count = Protected(0)

    init(outer: any SpecHost) {
        self.outer = outer
    }

    var testName: String? {
        outer.testName
    }

    /// Counts every failure, those the framework recorded too: each makes the
    /// element that ran the spec fail. The outer host records what it records.
    func record(_ failure: SpecFailure) {
        count.withLock { $0 += 1 }
        outer.record(failure)
    }

    func deliver(_ run: FinishedRun) throws {
        let failures = count.withLock { $0 }
        if failures > 0 {
            throw NestedSpecFailed(specName: run.specName, failureCount: failures)
        }
        if run.report.everythingSkipped {
            throw Skip(
                run.skipSummary, fileID: run.location.fileID, filePath: run.location.filePath, line: run.location.line,
                column: run.location.column)
        }
    }
}
