/// The closure of a spec that runs in a context, as the core and the toolkit
/// see it: what they name in a message and where it was declared. The
/// engine's `ExampleRunner` is the one type that conforms; the engine reads
/// it back as one with a checked cast.
package protocol RunningClosure: AnyObject, Sendable, CustomStringConvertible {
    /// Where the element or hook whose closure runs was declared.
    var location: CodeLocation { get }

    /// The path of the element (or group) the closure belongs to, without
    /// the step a hook adds: `Cache, evicts`, also while its `beforeEach`
    /// hook runs. A progress report names it before ``runningPart``.
    var elementDescription: String { get }

    /// What of the element runs, with where it was declared:
    /// `its body (CacheSpec.swift:12)`, `its beforeEach hook (CacheSpec.swift:9)`.
    var runningPart: String { get }
}

extension RunningClosure {
    package var elementDescription: String {
        description
    }

    package var runningPart: String {
        "(\(location))"
    }
}
