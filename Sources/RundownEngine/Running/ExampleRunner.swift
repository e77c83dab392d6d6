/// The element or hook that is running now, and where it sits in its spec.
///
/// While a spec runs, ``current`` is the runner of the example or hook whose
/// closure is executing. It is kept per task, so code that runs
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
        if let steps = given?.path { return steps }
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

    /// The runner of the element or hook running in this task, or `nil` outside a spec.
    ///
    /// A task started inside a closure sees the closure's element: while the
    /// element runs, the closure of it running now; once an example has
    /// ended, the example itself.
    public static var current: ExampleRunner? {
        source?.runningRunner
    }

    /// Creates a runner. The engine makes one for each closure it runs that
    /// somebody asks ``current`` about.
    @_documentation(visibility: internal)
    public init(path: [String], role: Role, location: CodeLocation) {
        self.role = role
        frame = nil
        hook = nil
        attempt = nil
        given = Given(path: path, location: location)
    }

    /// The walk's runner of the closure of `frame` that `closure` names: of
    /// its hook, or of the frame's element itself. It copies nothing: its
    /// path and location are read from the frame and the hook when asked.
    init(frame: any RunnerFrame, parts closure: ClosureParts) {
        role = closure.role
        self.frame = frame
        hook = closure.hook
        attempt = closure.attempt
        given = closure.given
    }

    /// What the closures of this runner's element share: its fresh values
    /// and cleanups; `nil` for a runner the engine did not make.
    package var scope: RunScope? {
        frame
    }

    /// Which repetition or attempt of its example this closure runs for, if
    /// the example repeats or retries; `nil` otherwise.
    package let attempt: AttemptNote?

    /// What the walk attributes a failure this runner posts to: the element
    /// or group it runs for (its scope is that frame), which knows its run's inbox.
    var owner: FailureOwner? {
        frame
    }

    /// The inbox of the run this runner's closure belongs to; `nil` for a runner made by hand.
    package var inbox: FailureInbox? {
        frame?.inbox
    }

    /// The path a failure this runner posts once its element has ended is
    /// reported under: for an example's closure, the example's own, whichever
    /// of its closures this is (Behaviour#The-running-element), as a task of
    /// a closure bound to its own runner (an `aroundEach` hook, a closure
    /// under a time limit) would otherwise name the hook; for any other, its path.
    var latePath: [String] {
        guard given?.path == nil, let frame, case .example = frame.kind else { return path }
        return frame.steps(appending: nil)
    }

    /// The frame of the walk this runner's closure runs in, which answers
    /// its path, its location (unless a hook does) and its scope; `nil` for
    /// a runner made by hand.
    private let frame: (any RunnerFrame)?

    /// The hook this runner runs, which adds its step to the frame's path
    /// and answers the location; `nil` for the closure of the element itself.
    /// A cleanup's runner names the hook of the closure that registered it.
    let hook: RunnerHook?

    /// What was given instead of read from the frame and the hook: the path
    /// and location of a runner made by hand, the location (and the path, if
    /// given) of a cleanup's. `nil` for the walk's runners of hooks and
    /// elements, which so carry two references (and a note, if any) only.
    private let given: Given?

    /// A class, so that a runner, and the walk's note of which closure
    /// runs (``ClosureParts``), stay one reference wide for it.
    final class Given: Sendable {
        let path: [String]?
        let location: CodeLocation

        init(path: [String]?, location: CodeLocation) {
            self.path = path
            self.location = location
        }
    }

    /// The path as one string, its steps joined with ", ": `"Spec, in a context, does a thing"`.
    public var description: String {
        path.joined(separator: ", ")
    }
}

/// The walk's frame that a runner runs in, seen from the runner: the scope
/// its closure shares with the element's other closures, and the element's
/// (or group's) path and location.
///
/// Its path (``PathSource``) and location must be immutable: a runner's are read from any task.
package protocol RunnerFrame: RunScope, PathSource {
    /// Where the frame's element or group was declared.
    var location: CodeLocation { get }
}

/// A hook the walk runs, seen from its runners, which read its step and its
/// location only when asked instead of copying them.
///
/// Both must be immutable: a runner's path and location are read from any
/// task. A class to subclass rather than a protocol: the walk tells a frame
/// which hook runs at every closure, and turning a hook into an existential
/// to pass it costs a retain and a release each time.
///
/// `@unchecked Sendable`: it has no state, and a subclass must keep what
/// these answer immutable.
package class RunnerHook: @unchecked Sendable {
    /// The step the hook adds to its frame's path.
    var pathComponent: String { preconditionFailure("a RunnerHook subclass answers its path component") }
    /// Where the hook was declared.
    var location: CodeLocation { preconditionFailure("a RunnerHook subclass answers its location") }
}
