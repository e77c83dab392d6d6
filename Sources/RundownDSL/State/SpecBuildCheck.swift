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
/// A builder closure, or a detached task, may use a fresh value from another
/// thread, so the state is kept under a lock.
package final class SpecBuildCheck: Sendable {
    /// The check of the spec being built in this task, if one is.
    @TaskLocal package static var current: SpecBuildCheck?

    /// A misuse noted, with the key it is noted once for.
    private struct Misuse {
        var error: any Error
        var location: CodeLocation
        var key: String
    }

    /// What the check holds. Lists, not sets: every spec makes a check, and
    /// the runtime's look-up of `String: Hashable` for a set was most of what
    /// the check cost the first spec of a process. Misuses are rare: the keys
    /// are searched one by one.
    private struct State {
        /// The misuses found while the spec was built, each once.
        var misuses: [Misuse] = []
        /// The run of the spec built, once it runs, and the path of its root.
        var run: (inbox: FailureInbox, root: [String])?
        /// The misuses found where no element runs before the spec ran.
        var waiting: [Misuse] = []
        /// The keys of those found where no element runs, each reported once.
        var reported: [String] = []
    }

    private let state = Protected(State())

    package init() {}

    /// Notes `error`, found at `location`, once per `key`.
    func record(_ error: any Error, at location: CodeLocation, once key: String) {
        state.withLock { state in
            guard !state.misuses.contains(where: { $0.key == key }) else { return }
            state.misuses.append(Misuse(error: error, location: location, key: key))
        }
    }

    /// Reports `error`, found at `location` where no element of the spec
    /// runs, once per `key`: a failure of the spec's run, with the root's
    /// path (late, if the run has ended); kept until the spec runs, if it
    /// has not yet.
    func recordWhereNoElementRuns(_ error: any Error, at location: CodeLocation, once key: String) {
        let run: (inbox: FailureInbox, root: [String])? = state.withLock { state in
            guard !state.reported.contains(key) else { return nil }
            state.reported.append(key)
            guard let run = state.run else {
                state.waiting.append(Misuse(error: error, location: location, key: key))
                return nil
            }
            return run
        }
        // Posted after the lock: the inbox takes a lock of its own.
        guard let run else { return }
        run.inbox.postToNoElement(SpecFailure(path: run.root, error: error, location: location))
    }

    /// The spec built runs, with `inbox`, its root's path being `root`: what
    /// was found where no element runs goes there from now on.
    package func runs(in inbox: FailureInbox, root: [String]) {
        let found = state.withLock { state in
            state.run = (inbox, root)
            defer { state.waiting = [] }
            return state.waiting
        }
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
        state.withLock { state in state.misuses.map { ($0.error, $0.location) } }
    }
}
