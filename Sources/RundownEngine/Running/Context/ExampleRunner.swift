/// The element or hook that is running now, and where it sits in its spec.
///
/// While a spec runs, ``current`` is the runner of the example or hook whose
/// closure is executing. It is kept per task, so code that runs
/// concurrently (a `Task {}` started inside an example, or several specs
/// running at once in a task group) sees its own element or hook. Outside a
/// spec it is `nil`.
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
        if let givenPath = given?.path { return givenPath }
        // A runner is either given its path or made by the walk for a frame.
        guard let frame else { preconditionFailure("a runner with neither a path nor a frame") }
        return frame.steps(appending: hook?.pathComponent)
    }
    /// Whether this runs an example or a hook.
    public let role: Role
    /// Where the element or hook was declared.
    public var location: CodeLocation {
        if let given { return given.location }
        if let hook { return hook.location }
        guard let frame else { preconditionFailure("a runner with neither a location nor a frame") }
        return frame.location
    }

    /// Where the hook this runner runs was declared, also for a cleanup the hook registered; `nil`
    /// for the closure of an element itself.
    package var hookLocation: CodeLocation? {
        hook?.location
    }

    /// The runner of the element or hook running in this task, or `nil` outside a spec.
    ///
    /// A task started inside a closure sees that closure's runner for as
    /// long as it lives: the example, or the hook of the element, that
    /// started it, even after the element has ended (a failure it records
    /// then is that element's late failure).
    public static var current: ExampleRunner? {
        RunContext.current?.runner
    }

    /// Creates a runner. The engine makes one for each closure it runs.
    @_documentation(visibility: internal)
    public init(path: [String], role: Role, location: CodeLocation) {
        self.role = role
        frame = nil
        hook = nil
        attempt = nil
        given = Given(path: path, location: location)
    }

    /// The walk's runner of one closure of `frame`: of `hook`, or of the
    /// frame's element itself when `hook` is `nil`. It copies nothing: its
    /// path and location are read from the frame and the hook when asked.
    /// `location` is given for a cleanup, which answers where it was registered.
    init(
        frame: any RunnerFrame, role: Role, hook: (any RunnerHook)?, attempt: AttemptNote?,
        location: CodeLocation? = nil
    ) {
        self.role = role
        self.frame = frame
        self.hook = hook
        self.attempt = attempt
        given = location.map { Given(path: nil, location: $0) }
    }

    /// What the closures of this runner's element share: its fresh values
    /// and cleanups; `nil` for a runner the engine did not make.
    package var state: ElementState? {
        frame
    }

    /// Which repetition or attempt of its example this closure runs for, if
    /// the example repeats or retries; `nil` otherwise.
    package let attempt: AttemptNote?

    /// The inbox of the run this runner's closure belongs to; `nil` for a runner made by hand.
    package var inbox: FailureInbox? {
        frame?.inbox
    }

    /// The path a failure this runner posts once its element has ended is
    /// reported under: for an example's closure, the example's own, whichever
    /// of its closures this is (Behaviour#The-running-element); for any
    /// other, its path.
    var latePath: [String] {
        guard given?.path == nil, let frame, case .example = frame.kind else { return path }
        return frame.steps(appending: nil)
    }

    /// The frame of the walk this runner's closure runs in, which answers
    /// its path, its location (unless a hook does) and its state; `nil` for
    /// a runner made by hand.
    private let frame: (any RunnerFrame)?

    /// The hook this runner runs, which adds its step to the frame's path
    /// and answers the location; `nil` for the closure of the element itself.
    /// A cleanup's runner names the hook of the closure that registered it.
    let hook: (any RunnerHook)?

    /// The path and place of a runner made by hand, or the place of a
    /// cleanup's; `nil` for the walk's runners of hooks and elements, which
    /// read them from the hook or the frame. One optional reference, so that
    /// the runner the walk makes for every closure stays small.
    private let given: Given?

    /// What a runner was told rather than reads from the walk.
    private final class Given: Sendable {
        /// The path of a runner made by hand; `nil` for a cleanup's.
        let path: [String]?
        /// Where the runner says it runs.
        let location: CodeLocation

        init(path: [String]?, location: CodeLocation) {
            self.path = path
            self.location = location
        }
    }

    /// The path of the element or group whose closure this is, without the
    /// step a hook adds (`Cache, evicts` while its `beforeEach` runs), for
    /// progress reports.
    package var elementDescription: String {
        guard given?.path == nil, let frame else { return description }
        return PathText.joined(frame.steps(appending: nil))
    }

    /// What of the element runs, with where it was declared, for progress
    /// reports: `its body (CacheSpec.swift:12)`, `its beforeEach hook
    /// (CacheSpec.swift:9)`, `a cleanup (CacheSpec.swift:14)`.
    package var runningPart: String {
        // A cleanup's runner is the one the walk makes with a location given.
        if frame != nil, given != nil { return "a cleanup (\(location))" }
        switch role {
        case .example: return "its body (\(location))"
        case .hook(let kind): return "its \(kind) hook (\(location))"
        }
    }

    /// The path as one string, its steps joined with ", " (a step that holds
    /// it quoted, as `PathText` writes it): `"Spec, in a context, does a thing"`.
    public var description: String {
        PathText.joined(path)
    }
}

/// The walk's frame that a runner runs in, seen from the runner: the state
/// its closure shares with the element's other closures, and the element's
/// (or group's) path and location.
///
/// Its path (``PathSource``) and location must be immutable: a runner's are read from any task.
package protocol RunnerFrame: ElementState, PathSource {
    /// Where the frame's element or group was declared.
    var location: CodeLocation { get }
}

/// A hook the walk runs, seen from its runners, which read its step and its
/// location only when asked instead of copying them.
///
/// Both must be immutable: a runner's path and location are read from any task.
package protocol RunnerHook: AnyObject, Sendable {
    /// The step the hook adds to its frame's path.
    var pathComponent: String { get }
    /// Where the hook was declared.
    var location: CodeLocation { get }
}
