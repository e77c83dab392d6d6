// The engine's catalogue of misuses: mistakes in how a spec, a hook or a host
// uses the engine that the type system cannot catch. Each is recorded as a
// failure of the element or hook concerned, never a crash (contract §9).
//
// A misuse is always reported inside a ``SpecFailure``, which supplies the
// where: the failure's path names the element and the hook
// ("Cart, totals, transaction: …"), and its location is the hook's or the
// element's declaration. So each description below leaves the path out and
// says the rest: what went wrong, and what to change.
//
// Two of them are thrown by the DSL's own values, but they live here too, so
// that every mistake a user can meet at run time is in one place:
// `EmptyGroup` and `MainActorSpecOffMainThread`. Unlike the others they are
// public, because a user may meet them as thrown errors.

/// A misuse of `aroundEach`: a hook must call the body it wraps exactly once,
/// before it returns.
package struct AroundEachMisuse: Error, CustomStringConvertible {
    /// What went wrong.
    package enum Problem: Sendable, Hashable {
        /// The hook returned without calling the body it wraps.
        case bodyNeverCalled
        /// The hook called its body a second time, one after the other or concurrently.
        case bodyCalledAgain
        /// The body was called after its hook had returned, from a task or
        /// thread that outlived the hook.
        case bodyCalledAfterReturn
    }

    /// The hook's name, as it appears in paths.
    package var hook: String
    /// What went wrong.
    package var problem: Problem

    /// Creates a misuse report.
    package init(hook: String, problem: Problem) {
        self.hook = hook
        self.problem = problem
    }

    /// Says what went wrong and what to change.
    package var description: String {
        switch problem {
        case .bodyNeverCalled:
            "\(hook) returned without calling its body, so the element it wraps did not run; "
                + "call the body once on every path through the hook, or throw Skip(\"why\") to skip the element on purpose"
        case .bodyCalledAgain:
            "\(hook) called its body more than once; the body runs only the first time. "
                + "Call it exactly once, from the hook itself: not in a loop, and not from 'async let', a task group or a task that outlives the hook"
        case .bodyCalledAfterReturn:
            "\(hook) called its body after the hook had returned, so the body did not run; "
                + "call the body before the hook returns, from the hook itself, not from a task or thread that outlives it"
        }
    }
}

/// A host's ``ClosureScope`` returned without running the closure it was
/// given, so the element or hook did not run.
struct ClosureScopeDidNotRun: Error, CustomStringConvertible {
    var description: String {
        "the host's closure scope returned without running the closure; "
            + "a ClosureScope must call the body it is given exactly once, on the calling thread, before it returns"
    }
}

/// An element with a scope (such as `.exclusive`) was declared in a synchronous spec.
package struct ElementScopeNeedsAsynchronousSpec: Error, CustomStringConvertible {
    /// The scope's name.
    package var scope: String

    /// Creates the error.
    package init(scope: String) {
        self.scope = scope
    }

    /// Says what to change.
    package var description: String {
        "'\(scope)' needs an asynchronous spec, because waiting for it may suspend, so the element did not run; "
            + "use 'try await spec { … }' in an async test, or remove the trait"
    }
}

/// A group marked `.concurrent` in a synchronous spec, which cannot run two
/// closures at once.
package struct ConcurrentGroupNeedsAsynchronousSpec: Error, CustomStringConvertible {
    /// The group's description.
    package var group: String

    /// Creates the error.
    package init(group: String) {
        self.group = group
    }

    /// Says what happened and what to change.
    package var description: String {
        "'\(group)' is marked '.concurrent', but a synchronous spec runs one closure at a time, so its elements ran one after another; "
            + "use 'try await spec { … }' in an async test, or remove the trait"
    }
}

/// A hand-built ``HookNode`` whose body does not fit its kind: an `aroundEach`
/// hook must have an ``HookNode/Body/around(_:)`` body, every other kind a
/// ``HookNode/Body/plain(_:)`` one. The DSL always builds matching nodes.
package struct HookBodyMismatch: Error, CustomStringConvertible {
    /// The hook's name, as it appears in paths.
    package var hook: String
    /// The hook's kind.
    package var kind: HookKind

    /// Creates the error.
    package init(hook: String, kind: HookKind) {
        self.hook = hook
        self.kind = kind
    }

    /// Says what went wrong and what to change.
    package var description: String {
        if kind == .aroundEach {
            "\(hook) is an aroundEach hook, but its body does not take the body it wraps, so the element it wraps did not run; "
                + "build the HookNode with a '.around' body, or give it the kind its body was written for"
        } else {
            "\(hook) is \(kind == .beforeAll || kind == .beforeEach ? "a" : "an") \(kind) hook, but its body is an aroundEach body, which takes the body it wraps, so the hook did not run; "
                + "build the HookNode with a '.plain' body, or give it the kind '.aroundEach'"
        }
    }
}

/// A group holds no example and no nested group, so its hooks would never run
/// and it would pass without checking anything: `describe("x") {}`, a group of
/// hooks only, or a group whose loops and conditionals added no element.
///
/// Such a group is reported as a failure of its own path, at the line of its
/// `describe` or `context`; its hooks do not run.
public struct EmptyGroup: Error, CustomStringConvertible {
    /// The group's description.
    public var group: String

    /// Creates the error.
    public init(group: String) {
        self.group = group
    }

    /// Says what is wrong and what to change.
    public var description: String {
        "the group '\(group)' holds no example and no group, so its hooks never run and it checks nothing: add an 'it' or a nested group, or remove the group"
    }
}

/// A synchronous main-actor spec, or one of its closures, was started off the
/// main actor, where it cannot run without waiting for the main thread.
public struct MainActorSpecOffMainThread: Error, CustomStringConvertible {
    /// Where the spec was started, when known.
    public var location: CodeLocation?

    /// Creates the error.
    public init(location: CodeLocation?) {
        self.location = location
    }

    /// Says what to change.
    public var description: String {
        "A synchronous main-actor spec must start on the main thread: mark the test '@MainActor', or make it 'async' and use 'try await spec'."
    }
}

/// A label that no `RUNDOWN_LABELS` expression can name, given to an
/// example or group with `.labels(…)`.
package struct InvalidLabel: Error, CustomStringConvertible {
    /// The label as given.
    package var label: String

    /// Creates the failure.
    package init(label: String) {
        self.label = label
    }

    /// Says what went wrong and what to change.
    package var description: String {
        "the label '\(label)' cannot be selected by RUNDOWN_LABELS: a label is one or more letters, digits, '-', '_' or '.'; rename it (for example '\(label.map { LabelExpression.isNameCharacter($0) ? $0 : "-" }.map(String.init).joined())')"
    }
}

/// A value made by `fresh { … }` was used where no example runs: in a
/// `beforeAll` or `afterAll` hook, in an each-hook that runs once around a
/// nested group, while the spec was being built, or after its example ended.
///
/// It is a failure of the hook concerned (of the spec, when it was built);
/// the use itself got a new value, which nothing keeps.
public struct FreshValueMisuse: Error, Hashable, CustomStringConvertible {
    /// Where the value was used.
    public enum Place: Sendable, Hashable {
        /// In a `beforeAll` or `afterAll` hook, or a cleanup one registered.
        case groupHook(String)
        /// In an each-hook (or its cleanup) that runs once around the nested group named.
        case aroundNestedGroup(hook: String, group: String)
        /// While the spec was being built, or outside any spec.
        case whileBuilding
        /// After the example it was made for had ended, from a task that outlived it.
        case afterItsExample
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
    public var description: String {
        let value = "the fresh value declared at \(declaredAt)"
        let advice = "read it in an example, its beforeEach, aroundEach or afterEach hooks, or a cleanup they register"
        switch place {
        case .groupHook(let hook):
            return "\(value) was used in \(hook), which runs once for its group, not for one example; "
                + "keep group state in a plain variable declared in the group ('var connection: Connection?'), or \(advice)"
        case .aroundNestedGroup(let hook, let group):
            return
                "\(value) was used in \(hook), which runs once around the nested group '\(group)', not for each of its examples; "
                + "give the hook or its group the '.everyExample' trait, or keep group state in a plain variable"
        case .whileBuilding:
            return "\(value) was used while the spec was being built, where no example runs; \(advice)"
        case .afterItsExample:
            return "\(value) was used after its example had ended, from a task that outlived the example; "
                + "await such tasks before the example ends"
        }
    }
}

/// `deferCleanup` was called where it cannot register a cleanup.
public struct DeferCleanupMisuse: Error, Hashable, CustomStringConvertible {
    /// What went wrong.
    public enum Problem: Sendable, Hashable {
        /// No spec element or hook is running in this task.
        case outsideSpec
        /// The element or hook that called it has ended.
        case afterItsElement(String)
        /// An `async` cleanup in a synchronous spec, which cannot await it.
        case asyncInSynchronousSpec(String)
    }

    /// What went wrong.
    public var problem: Problem

    /// Creates the error.
    public init(problem: Problem) {
        self.problem = problem
    }

    /// Says what went wrong and what to change.
    public var description: String {
        switch problem {
        case .outsideSpec:
            "deferCleanup was called outside a spec, where no example or hook runs, so there is nothing to clean up after; "
                + "call it in an example or a hook"
        case .afterItsElement(let path):
            "deferCleanup was called for '\(path)' after it had ended, from a task that outlived it, so the cleanup would never run; "
                + "register cleanups before the example or hook returns"
        case .asyncInSynchronousSpec(let path):
            "deferCleanup was given an 'async' cleanup in '\(path)', but a synchronous spec cannot await it; "
                + "use 'try await spec { … }' in an async test, or make the cleanup synchronous"
        }
    }
}

/// An example was given the `.everyExample` trait, which only a group takes:
/// an example's each-hooks are those of its groups.
package struct EveryExampleOnAnExample: Error, CustomStringConvertible {
    /// The example's description.
    package var example: String

    /// Creates the error.
    package init(example: String) {
        self.example = example
    }

    /// Says what to change.
    package var description: String {
        "'.everyExample' is a trait of 'describe', 'context' and 'spec', not of the example '\(example)', so the example did not run; "
            + "put it on the group whose each-hooks should run around every example, or on one hook: 'beforeEach(.everyExample)'"
    }
}
