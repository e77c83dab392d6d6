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

/// Thrown by a spec run inside an element of another spec when some of its
/// elements failed. Each of those failures went to the host already, so this
/// only makes the enclosing element fail; it is never reported itself.
package struct NestedSpecFailed: Error, CustomStringConvertible {
    package var specName: String
    package var failureCount: Int

    package init(specName: String, failureCount: Int) {
        self.specName = specName
        self.failureCount = failureCount
    }

    package var description: String {
        "the nested spec '\(specName)' had \(failureCount) \(failureCount == 1 ? "failure" : "failures"), reported with their own paths"
    }
}

/// Why a label expression could not be read, and where.
package struct LabelExpressionError: Error, Hashable, CustomStringConvertible {
    /// The expression as given.
    package var text: String
    /// The column, from 1, where reading failed.
    package var column: Int
    /// What was expected there.
    package var problem: String

    /// The problem and its column, then the expression with a caret under that column:
    ///
    ///     expected ')' at column 12
    ///       db && (slow
    ///                  ^
    package var description: String {
        let caret = String(repeating: " ", count: column - 1) + "^"
        return "\(problem) at column \(column)\n  \(text)\n  \(caret)"
    }
}

/// `.repeated(_:)` or `.retries(_:)` with a value out of range: the element
/// fails, and runs once.
package struct InvalidAttemptTrait: Error, CustomStringConvertible {
    /// `.repeated(0)`.
    package var trait: String

    package var description: String {
        "\(trait) is not a value Rundown accepts, and the element runs once; valid forms: .repeated(n) with n >= 1, .retries(n) with n >= 0"
    }

    /// The failure `marks` make, if any.
    static func check(_ marks: (repetitions: Int?, retries: Int?)) -> InvalidAttemptTrait? {
        if let times = marks.repetitions, times < 1 { return InvalidAttemptTrait(trait: ".repeated(\(times))") }
        if let count = marks.retries, count < 0 { return InvalidAttemptTrait(trait: ".retries(\(count))") }
        return nil
    }
}

/// A focused element found in a run that forbids focus.
package struct FocusedElementLeftIn: Error, CustomStringConvertible, Hashable {
    /// The focused element's path.
    package var path: [String]
    /// Where it was declared.
    package var location: CodeLocation

    /// Creates the failure.
    package init(path: [String], location: CodeLocation) {
        self.path = path
        self.location = location
    }

    /// `focused element left in: Cart, saves (CartTests.swift:12); …`.
    package var description: String {
        "focused element left in: \(path.joined(separator: ", ")) (\(location)); focus is forbidden in this run, remove the focus before committing"
    }
}

/// The failure of a closure that a time limit cut short, or did not start.
package struct TimeLimitExceeded: Error, CustomStringConvertible {
    /// What happened to the closure.
    package enum Ending: Sendable, Hashable {
        /// It ended after it was cancelled.
        case cancelled
        /// It was still running a grace period after it was cancelled; the spec went on without it.
        case stillRunning(grace: Duration)
        /// The limit had expired before it could start.
        case notStarted
    }

    /// The path of the element the limit belongs to.
    package var path: [String]
    /// The limit.
    package var limit: Duration
    /// What happened to the closure.
    package var ending: Ending

    /// Creates the failure.
    package init(path: [String], limit: Duration, ending: Ending) {
        self.path = path
        self.limit = limit
        self.ending = ending
    }

    /// `the time limit of 0.5 seconds of Cart, saves expired; it was cancelled`.
    package var description: String {
        let head = "the time limit of \(Self.seconds(limit)) of \(path.joined(separator: ", ")) expired"
        switch ending {
        case .cancelled: return "\(head); it was cancelled"
        case .stillRunning(let grace):
            return
                "\(head); it was cancelled and was still running \(Self.seconds(grace)) later, so the spec went on without it"
        case .notStarted: return "\(head) before this could start"
        }
    }

    static func seconds(_ duration: Duration) -> String {
        let (seconds, attoseconds) = duration.components
        let milliseconds = seconds * 1000 + attoseconds / 1_000_000_000_000_000
        if milliseconds % 1000 == 0 { return milliseconds == 1000 ? "1 second" : "\(milliseconds / 1000) seconds" }
        return "\(Double(milliseconds) / 1000) seconds"
    }
}
