import RundownEngine

/// Collects the misuses found while a spec's tree is built, where no walk
/// runs to record them: a fresh value read in a group's builder closure.
///
/// The spec's root binds one around the call of its content; the run
/// records what it collected as failures of the root, before anything runs.
package final class SpecBuildCheck: Sendable {
    /// The check of the spec being built in this task, if one is.
    @TaskLocal package static var current: SpecBuildCheck?

    private let found = Protected<(errors: [(any Error, CodeLocation)], keys: Set<String>)>(([], []))

    package init() {}

    /// Notes `error`, found at `location`, once per `key`.
    func record(_ error: any Error, at location: CodeLocation, once key: String) {
        found.withLock { found in
            if found.keys.insert(key).inserted { found.errors.append((error, location)) }
        }
    }

    /// Builds with a check bound, and returns what was built with the
    /// misuses found as failures of `path`.
    package static func building<Built>(_ build: () -> Built) -> (Built, [(any Error, CodeLocation)]) {
        let check = SpecBuildCheck()
        let built = $current.withValue(check) { build() }
        return (built, check.found.withLock { $0.errors })
    }
}
