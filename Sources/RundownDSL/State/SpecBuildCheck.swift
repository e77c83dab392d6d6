import Foundation
import RundownEngine

/// Collects the misuses found while a spec's tree is built, where no walk
/// runs to record them: a fresh value read in a group's builder closure.
///
/// The spec's root binds one around the call of its content; the run
/// records what it collected as failures of the root, before anything runs.
/// A builder closure may hand a fresh value to another thread, which reads it
/// while the tree is built, so the misuses are kept under a lock.
package final class SpecBuildCheck: Sendable {
    /// The check of the spec being built in this task, if one is.
    @TaskLocal package static var current: SpecBuildCheck?

    /// A misuse noted, with the key it is noted once for.
    private struct Misuse {
        var error: any Error
        var location: CodeLocation
        var key: String
    }

    /// The misuses found, each once. A list, not a set: every spec makes a
    /// check, and the runtime's look-up of `String: Hashable` for a set was
    /// most of what the check cost the first spec of a process. Misuses are
    /// rare: the keys are searched one by one.
    private let misuses = Protected<[Misuse]>([])

    package init() {}

    /// Notes `error`, found at `location`, once per `key`.
    func record(_ error: any Error, at location: CodeLocation, once key: String) {
        misuses.withLock { misuses in
            guard !misuses.contains(where: { $0.key == key }) else { return }
            misuses.append(Misuse(error: error, location: location, key: key))
        }
    }

    /// Runs `build` with a check bound, and returns the misuses found.
    ///
    /// `build` stores what it built where its caller reads it: a closure
    /// returning the built tree would make this function generic over the
    /// tree's type, whose metadata a caller in another module then makes at
    /// run time, looking up its generic requirements (`AsyncCall: CallKind`)
    /// among every conformance of the process, which the first spec of a
    /// process pays for.
    package static func building(_ build: () -> Void) -> [(any Error, CodeLocation)] {
        let check = SpecBuildCheck()
        $current.withValue(check) { build() }
        return check.misuses.withLock { misuses in misuses.map { ($0.error, $0.location) } }
    }
}
