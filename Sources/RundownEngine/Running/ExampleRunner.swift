/// The element or hook that is running now, and where it sits in its spec.
///
/// While a spec runs, ``current`` is the runner of the example or hook whose
/// closure is executing. It is a task-local value, so code that runs
/// concurrently (a `Task {}` started inside an example, or several specs
/// running at once in a task group) sees its own element. Outside a spec it is `nil`.
///
/// ```swift
/// it("logs with its path") {
///     seen = ExampleRunner.current?.description ?? "?"   // "Logger, when full, logs with its path"
/// }
/// ```
public final class ExampleRunner: Sendable, CustomStringConvertible {
    /// What kind of closure a runner runs.
    public enum Role: Sendable, Hashable {
        /// An example (`it`).
        case example
        /// A hook of the given kind.
        case hook(HookKind)
    }

    /// The descriptions from the outermost group to the element or hook itself.
    ///
    /// A hook appears under its name, or its kind if it has none. A `beforeEach`,
    /// `aroundEach` or `afterEach` hook appears after the element it runs for:
    /// `["Parser", "parses numbers", "beforeEach"]`; a `beforeAll` or `afterAll`
    /// hook directly after its group: `["Parser", "beforeAll"]`.
    public var path: [String] {
        switch trail {
        case .steps(let steps): steps
        case .node(let node, let extra): node.steps(appending: extra)
        }
    }
    /// Whether this runs an example or a hook.
    public let role: Role
    /// Where the element or hook was declared.
    public var location: CodeLocation {
        switch place {
        case .given(let location): location
        case .declared(let site): site.location
        }
    }

    /// The runner of the element or hook running in this task, or `nil` outside a spec.
    @TaskLocal public static var current: ExampleRunner?

    /// Creates a runner. The engine makes one for each closure it runs.
    @_documentation(visibility: internal)
    public init(path: [String], role: Role, location: CodeLocation) {
        trail = .steps(path)
        self.role = role
        place = .given(location)
        scope = nil
        attempt = nil
    }

    /// A runner whose path is `node`'s, followed by `extra` if given: the
    /// engine's, which gathers the steps only when ``path`` is read.
    ///
    /// `scope` is what the closures of its element share (fresh values,
    /// cleanups), if the walk runs it; `attempt` is which run of its example
    /// it is, if the example repeats or retries.
    package init(
        node: any PathSource, extra: String?, role: Role, location: CodeLocation, scope: RunScope? = nil,
        attempt: AttemptNote? = nil
    ) {
        trail = .node(node, extra)
        self.role = role
        place = .given(location)
        self.scope = scope
        self.attempt = attempt
    }

    /// A runner like the one above whose location is `site`'s, read when
    /// asked: the walk's, which so copies no location for every closure.
    package init(
        node: any PathSource, extra: String?, role: Role, site: any DeclarationSite, scope: RunScope,
        attempt: AttemptNote?
    ) {
        trail = .node(node, extra)
        self.role = role
        place = .declared(site)
        self.scope = scope
        self.attempt = attempt
    }

    /// What the closures of this runner's element share: its fresh values
    /// and cleanups; `nil` for a runner the engine did not make. One
    /// reference, so that a runner, made for every closure, costs one retain more.
    package let scope: RunScope?

    /// Which repetition or attempt of its example this closure runs for, if
    /// the example repeats or retries; `nil` otherwise.
    package let attempt: AttemptNote?

    /// What the walk attributes a failure this runner posts to: the element
    /// or group it runs for (its scope is that frame), which knows its run's inbox.
    var owner: FailureOwner? {
        scope
    }

    /// The inbox of the run this runner's closure belongs to; `nil` for a runner made by hand.
    package var inbox: FailureInbox? {
        scope?.inbox
    }

    /// The runner of a cleanup that `registrant` registered: its path and
    /// scope, with the role of the teardown it belongs to (`afterEach` for an
    /// element's, `afterAll` for a group's), which runs even after a time
    /// limit expired.
    package init(cleanupOf registrant: ExampleRunner, role: Role, location: CodeLocation) {
        trail = registrant.trail
        self.role = role
        place = .given(location)
        scope = registrant.scope
        attempt = registrant.attempt
    }

    /// Where the path comes from: the steps given, or the walk's chain.
    private enum Trail: Sendable {
        case steps([String])
        case node(any PathSource, String?)
    }

    private let trail: Trail

    /// Where the location comes from: the one given, or the declaration the walk runs.
    private enum Place: Sendable {
        case given(CodeLocation)
        case declared(any DeclarationSite)
    }

    private let place: Place

    /// The path as one string, its steps joined with ", ": `"Spec, in a context, does a thing"`.
    public var description: String {
        path.joined(separator: ", ")
    }
}

/// Where an element or hook the walk runs was declared, kept by the walk's own
/// objects (its frame of an element, its reference to a hook), so that a
/// runner points at it instead of copying it.
///
/// The location must be immutable: a runner's location is read from any task.
package protocol DeclarationSite: AnyObject, Sendable {
    /// Where the element or hook was declared.
    var location: CodeLocation { get }
}
