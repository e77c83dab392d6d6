import RundownEngine

// The DSL's catalogue of errors: the mistakes that building a spec finds, or
// that a DSL value (`fresh`, a main-actor call kind) finds as it runs, in the
// one shape of `ExplainedError` (what happened, how to fix it). They are
// public, because a user may meet them as thrown errors. Each is reported in a
// `SpecFailure`, whose path and location say where. The engine's errors are in
// Sources/RundownEngine/Errors; the DSL prints no warning.

/// A group is nested deeper than ``limit`` groups below its spec.
///
/// Building a spec calls each group's closure from inside its parent's, and
/// running it wraps each level's hooks around the next, so every level of
/// nesting costs stack space. Rundown stops at a fixed depth, before a spec
/// could overflow the stack and crash the test process: the group at that depth
/// is reported as a failure of its own path, at the line of its `describe` or
/// `context`, and its content is not built. The rest of the spec runs.
///
/// The limit has a wide margin on the smallest stacks a test runs on: 512 KB,
/// the stack of a secondary thread on Apple platforms, which is where Swift
/// Testing runs tests. There 64 levels of a debug build, with an `aroundEach`
/// at every level, used about 290 KB; without the limit it overflowed at about
/// 120 such levels (190 without the hooks), Linux's 8 MB stacks at about 2,160
/// (3,200), and release builds went about four times deeper.
///
/// See <doc:WritingSpecs#Groups-nest-at-most-64-deep>.
public struct GroupNestedTooDeep: ExplainedError {
    /// The deepest nesting of groups a spec may have: `describe` inside
    /// `describe`, this many times, below the spec itself.
    public static let limit = 64

    /// The description of the group that is one level too deep.
    public var group: String

    /// Creates the error.
    public init(group: String) {
        self.group = group
    }

    /// Says what is wrong and what to change.
    public var description: String { explanation }

    package var what: String {
        "the group '\(group)' is nested \(Self.limit + 1) groups deep, deeper than the \(Self.limit) Rundown allows "
            + "(every level costs stack space, and a much deeper spec would overflow the stack and crash the test "
            + "process), so its content was not built:"
    }
    package var fix: String {
        "nest fewer groups, for instance by putting levels side by side or by moving the deepest ones into a spec of their own"
    }
}

/// A group holds no example and no nested group, so its hooks would never run
/// and it would pass without checking anything: `describe("x") {}`, a group of
/// hooks only, or a group whose loops and conditionals added no element.
///
/// Such a group is reported as a failure of its own path, at the line of its
/// `describe` or `context`; its hooks do not run. See
/// <doc:WritingSpecs#A-group-needs-an-element>.
public struct EmptyGroup: ExplainedError {
    /// The group's description.
    public var group: String

    /// Creates the error.
    public init(group: String) {
        self.group = group
    }

    /// Says what is wrong and what to change.
    public var description: String { explanation }

    package var what: String {
        "the group '\(group)' holds no example and no group, so its hooks never run and it checks nothing:"
    }
    package var fix: String { "add an 'it' or a nested group, or remove the group" }
}

/// A synchronous main-actor spec, or one of its closures, was started off the
/// main actor, where it cannot run without waiting for the main thread.
///
/// See <doc:IsolationAndTheMainActor#Main-actor-specs>.
public struct MainActorSpecOffMainThread: ExplainedError {
    /// Where the spec was started, when known.
    public var location: CodeLocation?

    /// Creates the error.
    public init(location: CodeLocation?) {
        self.location = location
    }

    /// Says what to change.
    public var description: String { explanation }

    package var what: String { "A synchronous main-actor spec must start on the main thread:" }
    package var fix: String { "mark the test '@MainActor', or make it 'async' and use 'try await spec'." }
}

/// A value made by `fresh { … }` was used where no example runs: in a
/// `beforeAll` or `afterAll` hook, in an each-hook that runs once around a
/// nested group, while the spec was being built, after its example ended, or
/// from a task that no element of the spec started.
///
/// It is a failure of the hook concerned (a late failure of the example,
/// after it ended; of the spec, when it was built or no example is known);
/// the use itself got a new value, which nothing keeps. See
/// <doc:WritingSpecs#State-per-example-fresh>.
public struct FreshValueMisuse: ExplainedError, Hashable {
    /// Where the value was used.
    public enum Place: Sendable, Hashable {
        /// In a `beforeAll` or `afterAll` hook, or a cleanup one registered.
        case groupHook(String)
        /// In an each-hook (or its cleanup) that runs once around the nested group `group`: a hook
        /// of `hookGroup` (the group it is declared in, the nested group's parent) declared at
        /// `hookLocation`.
        case aroundNestedGroup(hook: String, group: String, hookGroup: String, hookLocation: CodeLocation)
        /// While the spec was being built, or outside any spec.
        case whileBuilding
        /// After the example it was made for had ended, from a task that outlived it.
        case afterItsExample
        /// From a task that no element of the spec started (a detached task),
        /// which knows no example.
        case fromDetachedTask
    }

    /// Where `fresh` was called.
    public var declaredAt: CodeLocation
    /// Where the value was used.
    public var place: Place

    /// Creates the error.
    public init(declaredAt: CodeLocation, place: Place) {
        self.declaredAt = declaredAt
        self.place = place
    }

    /// Says what went wrong and what to change.
    public var description: String { explanation }

    package var what: String {
        let value = "the fresh value declared at \(declaredAt)"
        return switch place {
        case .groupHook(let hook): "\(value) was used in \(hook), which runs once for its group, not for one example"
        case .aroundNestedGroup(let hook, let group, _, _):
            "\(value) was used in \(hook), which runs once around the nested group '\(group)', not for each of its examples"
        case .whileBuilding: "\(value) was used while the spec was being built, where no example runs"
        case .afterItsExample: "\(value) was used after its example had ended, from a task that outlived the example"
        case .fromDetachedTask:
            "\(value) was used from a task that no element of the spec started (a detached task), so which example's value it is cannot be known: a read got a new value that nothing keeps, and a value set was lost"
        }
    }

    package var fix: String {
        let advice = "read it in an example, its beforeEach, aroundEach or afterEach hooks, or a cleanup they register"
        return switch place {
        case .groupHook:
            "keep group state in a plain variable declared in the group ('var connection: Connection?'), or \(advice)"
        case .aroundNestedGroup(_, let group, let hookGroup, let hookLocation):
            "give the hook at \(hookLocation), or its group '\(hookGroup)' (the group it is declared in, not '\(group)'), "
                + "the '.everyExample' trait, or keep group state in a plain variable"
        case .whileBuilding: advice
        case .afterItsExample: "await such tasks before the example ends"
        case .fromDetachedTask:
            "read it in the example, or in a task it starts with Task { }, and hand a detached task what it needs"
        }
    }
}

/// An example was given the `.everyExample` trait, which only a group takes:
/// an example's each-hooks are those of its groups. See
/// <doc:WritingSpecs#Every-example-at-any-depth>.
struct EveryExampleOnAnExample: ExplainedError {
    /// The example's description.
    var example: String

    var what: String {
        "'.everyExample' is a trait of 'describe', 'context' and 'spec', not of the example '\(example)', so the example did not run"
    }
    var fix: String {
        "put it on the group whose each-hooks should run around every example, or on one hook: 'beforeEach(.everyExample)'"
    }
}
