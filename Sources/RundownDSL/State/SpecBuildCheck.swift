import RundownEngine

/// Collects the misuses found while a spec's tree is built, where no walk
/// runs to record them: a fresh value read in a group's builder closure.
///
/// The spec's root binds one around the call of its content; the run
/// records what it collected as failures of the root, before anything runs.
package final class SpecBuildCheck: Sendable {
    /// The check of the spec being built in this task, if one is.
    @TaskLocal package static var current: SpecBuildCheck?

    /// The misuses noted, and their keys. A list, not a set: misuses are
    /// rare, and a `Set<String>` made by every spec cost the first one of a
    /// process the runtime's look-up of `String: Hashable`.
    private let found = Protected<(errors: [(any Error, CodeLocation)], keys: [String])>(([], []))

    package init() {}

    /// Notes `error`, found at `location`, once per `key`.
    func record(_ error: any Error, at location: CodeLocation, once key: String) {
        found.withLock { found in
            guard !found.keys.contains(key) else { return }
            found.keys.append(key)
            found.errors.append((error, location))
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
        return check.found.withLock { $0.errors }
    }
}
