// The engine's catalogue of errors: every error the engine makes for a user to
// read, in the one shape of `ExplainedError` (what happened, how to fix it).
// Most are misuses, mistakes in how a spec, a hook or a host uses the engine
// that the type system cannot catch; each is reported as a failure of the
// element or hook concerned, never a crash. The DSL's errors are in
// Sources/RundownDSL/Errors, `Rundown`'s in Sources/Rundown/Errors, the
// toolkit's in Sources/RundownConcurrency/Errors; the engine's warnings are
// `EngineWarning`, beside this file.
//
// An error here is always reported inside a ``SpecFailure``, which supplies the
// where: the failure's path names the element and the hook
// ("Cart, totals, transaction: …"), and its location is the hook's or the
// element's declaration. So each `what` below leaves the path out.
//
// Not here, because they are no message of their own: `Skip` (a user's), and
// the wrappers that add to another error (`SpecFailure`, `LateFailure`,
// `AttemptFailure`, `ReportedFailure`).

/// A misuse of `aroundEach`: a hook must call the body it wraps exactly once,
/// before it returns. See <doc:WritingSpecs#Wrapping-with-aroundEach>.
package struct AroundEachMisuse: ExplainedError {
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

    package var what: String {
        switch problem {
        case .bodyNeverCalled: "\(hook) returned without calling its body, so the element it wraps did not run"
        case .bodyCalledAgain: "\(hook) called its body more than once; the body runs only the first time."
        case .bodyCalledAfterReturn: "\(hook) called its body after the hook had returned, so the body did not run"
        }
    }

    package var fix: String {
        switch problem {
        case .bodyNeverCalled:
            "call the body once on every path through the hook, or throw Skip(\"why\") to skip the element on purpose"
        case .bodyCalledAgain:
            "Call it exactly once, from the hook itself: not in a loop, and not from 'async let', a task group or a task that outlives the hook"
        case .bodyCalledAfterReturn:
            "call the body before the hook returns, from the hook itself, not from a task or thread that outlives it"
        }
    }
}

/// A host's ``ClosureScope`` returned without running the closure it was
/// given, so the element or hook did not run. A host's mistake, not a spec's:
/// see ``SpecHost`` and <doc:WhereFailuresAppear>.
struct ClosureScopeDidNotRun: ExplainedError {
    var what: String { "the host's closure scope returned without running the closure" }
    var fix: String {
        "a ClosureScope must call the body it is given exactly once, on the calling thread, before it returns"
    }
}

/// An element with a scope (such as `.exclusive`) was declared in a synchronous
/// spec. See <doc:WritingSpecs#Call-kinds-and-async-specs>.
package struct ElementScopeNeedsAsynchronousSpec: ExplainedError {
    /// The scope's name.
    package var scope: String

    /// Creates the error.
    package init(scope: String) {
        self.scope = scope
    }

    package var what: String {
        "'\(scope)' needs an asynchronous spec, because waiting for it may suspend, so the element did not run"
    }
    package var fix: String { "use 'try await spec { … }' in an async test, or remove the trait" }
}

/// A group marked `.concurrent` in a synchronous spec, which cannot run two
/// closures at once. See <doc:WritingSpecs#Concurrent-groups>.
package struct ConcurrentGroupNeedsAsynchronousSpec: ExplainedError {
    /// The group's description.
    package var group: String

    package var what: String {
        "'\(group)' is marked '.concurrent', but a synchronous spec runs one closure at a time, so its elements ran one after another"
    }
    package var fix: String { "use 'try await spec { … }' in an async test, or remove the trait" }
}

/// A hand-built ``HookNode`` whose body does not fit its kind: an `aroundEach`
/// hook must have an ``HookNode/Body/around(_:)`` body, every other kind a
/// ``HookNode/Body/plain(_:)`` one. The DSL always builds matching nodes; see
/// <doc:WritingSpecs#Wrapping-with-aroundEach>.
package struct HookBodyMismatch: ExplainedError {
    /// The hook's name, as it appears in paths.
    package var hook: String
    /// The hook's kind.
    package var kind: HookKind

    package var what: String {
        if kind == .aroundEach {
            "\(hook) is an aroundEach hook, but its body does not take the body it wraps, so the element it wraps did not run"
        } else {
            "\(hook) is \(kind == .beforeAll || kind == .beforeEach ? "a" : "an") \(kind) hook, but its body is an aroundEach body, which takes the body it wraps, so the hook did not run"
        }
    }

    package var fix: String {
        kind == .aroundEach
            ? "build the HookNode with a '.around' body, or give it the kind its body was written for"
            : "build the HookNode with a '.plain' body, or give it the kind '.aroundEach'"
    }
}

/// A label that no `RUNDOWN_LABELS` expression can name, given to an
/// example or group with `.labels(…)`. See <doc:RunControls#Labels>.
package struct InvalidLabel: ExplainedError {
    /// The label as given.
    package var label: String

    package var what: String {
        "the label '\(label)' cannot be selected by RUNDOWN_LABELS: a label is one or more letters, digits, '-', '_' or '.'"
    }
    package var fix: String {
        "rename it (for example '\(label.map { LabelExpression.isNameCharacter($0) ? $0 : "-" }.map(String.init).joined())')"
    }
}

/// `deferCleanup` was called where it cannot register a cleanup.
///
/// See <doc:ErrorsAndSkips#Cleanups-and-fresh-values>.
public struct DeferCleanupMisuse: ExplainedError, Hashable {
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
    public var description: String { explanation }

    package var what: String {
        switch problem {
        case .outsideSpec:
            "deferCleanup was called outside a spec, where no example or hook runs, so there is nothing to clean up after"
        case .afterItsElement(let path):
            "deferCleanup was called for '\(path)' after it had ended, from a task that outlived it, so the cleanup would never run"
        case .asyncInSynchronousSpec(let path):
            "deferCleanup was given an 'async' cleanup in '\(path)', but a synchronous spec cannot await it"
        }
    }

    package var fix: String {
        switch problem {
        case .outsideSpec: "call it in an example or a hook"
        case .afterItsElement: "register cleanups before the example or hook returns"
        case .asyncInSynchronousSpec: "use 'try await spec { … }' in an async test, or make the cleanup synchronous"
        }
    }
}

/// Thrown by a spec run inside an element of another spec when some of its
/// elements failed. Each of those failures went to the host already, so this
/// only makes the enclosing element fail, and says where to look. See
/// <doc:RunControls#Nested-specs>.
package struct NestedSpecFailed: ExplainedError {
    package var specName: String
    package var failureCount: Int

    package init(specName: String, failureCount: Int) {
        self.specName = specName
        self.failureCount = failureCount
    }

    package var what: String {
        "the nested spec '\(specName)' had \(failureCount) \(failureCount == 1 ? "failure" : "failures"), reported with their own paths"
    }
    package var fix: String { "fix \(failureCount == 1 ? "it" : "them") there, and this element passes too" }
}

/// Why a label expression could not be read, and where: a part of the
/// warning `SettingsWarning.labelsNotUnderstood(_:problem:)`, which says how to
/// fix it, not a message of its own. See <doc:RunControls#Labels>.
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
/// fails, and runs once. See <doc:FlakyExamples>.
package struct InvalidAttemptTrait: ExplainedError {
    /// `.repeated(0)`.
    package var trait: String

    package var what: String { "\(trait) is not a value Rundown accepts, and the element runs once" }
    package var fix: String { "valid forms: .repeated(n) with n >= 1, .retries(n) with n >= 0" }

    /// The failure `marks` make, if any.
    static func check(_ marks: (repetitions: Int?, retries: Int?)) -> InvalidAttemptTrait? {
        if let times = marks.repetitions, times < 1 { return InvalidAttemptTrait(trait: ".repeated(\(times))") }
        if let count = marks.retries, count < 0 { return InvalidAttemptTrait(trait: ".retries(\(count))") }
        return nil
    }
}

/// A focused element found in a run that forbids focus
/// (`RUNDOWN_FORBID_FOCUS`, or `CI`). See <doc:RunControls#Focus-guard>.
package struct FocusedElementLeftIn: ExplainedError, Hashable {
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
    package var what: String {
        "focused element left in: \(PathText.joined(path)) (\(location)); focus is forbidden in this run,"
    }
    package var fix: String { "remove the focus before committing" }
}

/// A `RUNDOWN_*` setting Rundown does not know or cannot read, in a run whose
/// settings are strict (`CI` is set, or `RUNDOWN_STRICT=1`): a failure of the
/// first spec of the process, at its `spec` call, so that a misconfigured CI
/// run cannot pass. See <doc:RunControls#Settings-not-understood-on-CI>.
package struct SettingNotUnderstood: ExplainedError, Hashable {
    /// What the setting's warning says: the variable, its value and the valid forms.
    package var problem: String
    /// What makes this run's settings strict, as it was set: `CI=true` or `RUNDOWN_STRICT=1`.
    package var strictBecause: String

    /// Creates the failure.
    package init(problem: String, strictBecause: String) {
        self.problem = problem
        self.strictBecause = strictBecause
    }

    package var what: String { problem }
    package var fix: String {
        "correct or unset it: with \(strictBecause), a setting Rundown cannot read fails the first spec of the process (RUNDOWN_STRICT=0 makes it a warning)"
    }
}

/// The failure of a closure of a synchronous spec that ended past the time
/// limit of `RUNDOWN_TIME_LIMIT`: it could not be interrupted, only timed.
/// See <doc:ErrorsAndSkips#Time-limits>.
package struct TimeLimitOverrun: ExplainedError {
    /// The path of the element or hook.
    package var path: [String]
    /// The limit.
    package var limit: Duration
    /// How long the closure ran.
    package var ran: Duration

    package init(path: [String], limit: Duration, ran: Duration) {
        self.path = path
        self.limit = limit
        self.ran = ran
    }

    /// `Cart, saves ran 2.01 seconds, 1.01 seconds past the time limit of 1 second (RUNDOWN_TIME_LIMIT); …`.
    package var what: String {
        "\(PathText.joined(path)) ran \(TimeLimitExceeded.seconds(ran)), "
            + "\(TimeLimitExceeded.seconds(ran - limit)) past the time limit of \(TimeLimitExceeded.seconds(limit)) "
            + "(RUNDOWN_TIME_LIMIT); a synchronous spec cannot be interrupted, so it failed when it ended"
    }
    package var fix: String {
        "find what takes so long, or raise RUNDOWN_TIME_LIMIT; an asynchronous spec ('try await spec') can cancel it at the limit"
    }
}

/// The failure of a closure that a time limit cut short, or did not start.
/// See <doc:ErrorsAndSkips#Time-limits>.
package struct TimeLimitExceeded: ExplainedError {
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
    /// Whether the limit is `RUNDOWN_TIME_LIMIT`'s rather than a `.timeLimit`'s.
    package var fromSetting = false
    /// The progress report of the closure when the limit expired: what ran,
    /// for how long, and the toolkit's waits it was in; `nil` if none was made.
    package var report: String?

    package init(
        path: [String], limit: Duration, ending: Ending, fromSetting: Bool = false, report: String? = nil
    ) {
        self.path = path
        self.limit = limit
        self.ending = ending
        self.fromSetting = fromSetting
        self.report = report
    }

    /// The failure of a closure under `limit`, with the progress report made when it expired.
    init(_ limit: TimeLimit, ending: Ending, report: String? = nil) {
        self.init(
            path: limit.path, limit: limit.duration, ending: ending, fromSetting: limit.fromSetting, report: report)
    }

    /// The ``explanation``, then the report: `when the limit expired: Cart, saves: its body (CartSpec.swift:8),
    /// running for 1.0 s`, and a line for each wait.
    package var description: String {
        guard let report else { return explanation }
        return explanation + "\nwhen the limit expired: " + report
    }

    /// `the time limit of 0.5 seconds of Cart, saves expired; it was cancelled`;
    /// `the time limit of 1 second (RUNDOWN_TIME_LIMIT) of …` for the setting's.
    package var what: String {
        let source = fromSetting ? " (RUNDOWN_TIME_LIMIT)" : ""
        let head = "the time limit of \(Self.seconds(limit))\(source) of \(PathText.joined(path)) expired"
        switch ending {
        case .cancelled: return "\(head); it was cancelled"
        case .stillRunning(let grace):
            return
                "\(head); it was cancelled and was still running \(Self.seconds(grace)) later, so the spec went on without it"
        case .notStarted: return "\(head) before this could start"
        }
    }
    package var fix: String {
        if fromSetting {
            return "find what takes so long, or give it a '.timeLimit(_:)' of its own, or raise RUNDOWN_TIME_LIMIT"
        }
        return "find what takes so long, or give it a longer '.timeLimit(_:)'"
    }

    static func seconds(_ duration: Duration) -> String {
        let (seconds, attoseconds) = duration.components
        let milliseconds = seconds * 1000 + attoseconds / 1_000_000_000_000_000
        if milliseconds % 1000 == 0 { return milliseconds == 1000 ? "1 second" : "\(milliseconds / 1000) seconds" }
        return "\(Double(milliseconds) / 1000) seconds"
    }
}
