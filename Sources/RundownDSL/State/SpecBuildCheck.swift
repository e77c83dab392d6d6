import Foundation
import RundownEngine

/// Collects the misuses found while a spec's tree is built, where no walk
/// runs to record them (a fresh value read in a group's builder closure),
/// and, once the spec runs, takes those found where no element of it runs
/// (a fresh value used from a detached task) to its run.
///
/// The spec's root binds one around the call of its content; the run
/// records what it collected as failures of the root, before anything runs.
/// A fresh value keeps the check of the build it was declared in: a task
/// that no element started knows no example, but the value knows its spec.
///
/// `@unchecked Sendable` is safe because ``misuses``, `run`, `waiting` and
/// `reported` are only read or written with ``lock`` held (a builder
/// closure, or a detached task, may use a fresh value from another thread).
package final class SpecBuildCheck: @unchecked Sendable {
    /// The check of the spec being built in this task, if one is.
    @TaskLocal package static var current: SpecBuildCheck?

    /// A misuse noted, with the key it is noted once for.
    private struct Misuse {
        var error: any Error
        var location: CodeLocation
        var key: String
    }

    /// Guards ``misuses``. A lock and a list of a concrete type, not a
    /// `Protected` of a tuple holding a set: every spec makes a check, and
    /// the run-time metadata of that generic state (and the runtime's
    /// look-up of `String: Hashable` for the set) was most of what the
    /// check cost the first spec of a process. Misuses are rare: the keys
    /// are searched one by one.
    private let lock = NSLock()
    private var misuses: [Misuse] = []
    /// The run of the spec built, once it runs, and the path of its root.
    private var run: (inbox: FailureInbox, root: [String])?
    /// The misuses found where no element runs before the spec ran.
    private var waiting: [Misuse] = []
    /// The keys of those found where no element runs, each reported once.
    private var reported: [String] = []

    package init() {}

    /// Notes `error`, found at `location`, once per `key`.
    func record(_ error: any Error, at location: CodeLocation, once key: String) {
        lock.lock()
        defer { lock.unlock() }
        guard !misuses.contains(where: { $0.key == key }) else { return }
        misuses.append(Misuse(error: error, location: location, key: key))
    }

    /// Reports `error`, found at `location` where no element of the spec
    /// runs, once per `key`: a failure of the spec's run, with the root's
    /// path (late, if the run has ended); kept until the spec runs, if it
    /// has not yet.
    func recordWhereNoElementRuns(_ error: any Error, at location: CodeLocation, once key: String) {
        lock.lock()
        guard !reported.contains(key) else { return lock.unlock() }
        reported.append(key)
        guard let run else {
            waiting.append(Misuse(error: error, location: location, key: key))
            return lock.unlock()
        }
        lock.unlock()
        run.inbox.postToNoElement(SpecFailure(path: run.root, error: error, location: location))
    }

    /// The spec built runs, with `inbox`, its root's path being `root`: what
    /// was found where no element runs goes there from now on.
    package func runs(in inbox: FailureInbox, root: [String]) {
        lock.lock()
        run = (inbox, root)
        let found = waiting
        waiting = []
        lock.unlock()
        for misuse in found {
            inbox.postToNoElement(SpecFailure(path: root, error: misuse.error, location: misuse.location))
        }
    }

    /// Runs `build` with a check bound, and returns the check, which holds
    /// the misuses found (``misusesFound``).
    ///
    /// `build` stores what it built where its caller reads it: a closure
    /// returning the built tree would make this function generic over the
    /// tree's type, whose metadata a caller in another module then makes at
    /// run time, looking up its generic requirements (`AsyncCall: CallKind`)
    /// among every conformance of the process, which the first spec of a
    /// process pays for.
    package static func building(_ build: () -> Void) -> SpecBuildCheck {
        let check = SpecBuildCheck()
        $current.withValue(check) { build() }
        return check
    }

    /// The misuses found while the spec was built, and where.
    package var misusesFound: [(any Error, CodeLocation)] {
        lock.lock()
        defer { lock.unlock() }
        guard !misuses.isEmpty else { return [] }
        return misuses.map { ($0.error, $0.location) }
    }
}
