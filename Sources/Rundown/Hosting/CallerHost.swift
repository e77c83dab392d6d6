import Foundation
import RundownEngine

/// The host where no test framework runs (a command-line tool, a task that
/// outlived its test): the caller of `spec` sees the first failure, thrown,
/// once everything has run, and the others are printed, each with its path.
final class CallerHost: SpecHost, Sendable {
    /// Failures may arrive from other tasks (a check in a task an element
    /// started), so they are kept under a lock.
    private let failures = Protected<[HostFailure]>([])

    func record(_ failure: HostFailure) {
        failures.withLock { $0.append(failure) }
    }

    func deliver(_ run: FinishedRun) throws {
        let failures = self.failures.withLock { $0 }
        guard let first = failures.first else {
            if run.report.everythingSkipped {
                print("Rundown: \(run.skippedWhat): \(run.skipSummary)")
            }
            return
        }
        for other in failures.dropFirst() {
            let location = other.location
            FileHandle.standardError.write(
                Data("\(location.filePath):\(location.line): error: \(other.description)\n".utf8))
        }
        throw SpecFailure(first, moreFailures: failures.count - 1)
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

    func record(_ failure: HostFailure) {
        count.withLock { $0 += 1 }
        outer.record(failure)
    }

    /// The framework recorded it already: it only makes the element that ran the spec fail.
    func noteFailureRecordedByFramework(_ failure: HostFailure) {
        count.withLock { $0 += 1 }
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
