import RundownEngine

/// A trait of an example or group, written after its description:
/// `it("parses", .focused)`, `describe("legacy", .excluded)`.
///
/// `.focused` and `.excluded` are for use while developing. Within one spec,
/// excluded elements never run; if any element is focused, only focused
/// elements (and the hooks of the groups they are in) run. Exclusion wins over
/// focus. `.labels("db", "slow")` names what an element needs or is, so that
/// `RUNDOWN_LABELS` can select by it. Other traits wrap the element's whole
/// run in a scope, such as `.exclusive(.hostWindow)`, which holds a shared
/// resource while it runs.
public struct ExampleTrait: Sendable {
    private var focus = false
    private var exclusion = false
    private var scope: ElementScope?
    private var labelNames: [String] = []
    private var concurrency = false
    private var repetitions: Int?
    private var retries: Int?
    private var everyExample = false

    /// Runs only this element and other focused ones. The shortcuts `fIt`,
    /// `fDescribe` and `fContext` add it.
    public static let focused = ExampleTrait(focus: true, exclusion: false)
    /// Leaves this element out. The shortcuts `xIt`, `xDescribe` and
    /// `xContext` add it.
    public static let excluded = ExampleTrait(focus: false, exclusion: true)

    /// Wraps the element's whole run (an example with its `each` hooks, or a
    /// group with everything in it) in `around`, which must call its body once.
    /// It needs an asynchronous spec; in a synchronous one the element fails
    /// with `ElementScopeNeedsAsynchronousSpec` instead of running.
    ///
    /// - Parameters:
    ///   - name: How the scope appears in paths and failures.
    ///   - around: Runs the element inside the scope.
    public static func scoped(
        _ name: String,
        _ around: @escaping @Sendable (_ body: () async throws -> Void) async throws -> Void
    ) -> ExampleTrait {
        ExampleTrait(scope: ElementScope(name: name, around: around))
    }

    /// Gives the element labels, which `RUNDOWN_LABELS` selects by: an
    /// example has its own labels and those of every group it is in.
    ///
    /// ```swift
    /// describe("Orders", .labels("db")) {
    ///     it("saves") {}
    ///     it("exports a year", .labels("slow")) {}
    /// }
    /// ```
    ///
    /// With `RUNDOWN_LABELS='db && !slow'`, only `Orders, saves` runs. A label
    /// is one or more letters, digits, `-`, `_` or `.`; any other label is a
    /// failure of its element, since no expression could name it.
    ///
    /// - Parameter names: The labels.
    public static func labels(_ names: String...) -> ExampleTrait {
        ExampleTrait(labelNames: names)
    }

    /// Runs the group's elements concurrently, at most `RUNDOWN_PARALLEL` at a
    /// time (by default as many as the machine has cores), each with its own
    /// `aroundEach`, `beforeEach` and `afterEach` hooks; the group's
    /// `beforeAll` hooks run once before all of them and its `afterAll` hooks
    /// once after the last has finished.
    ///
    /// ```swift
    /// describe("Downloads", .concurrent) {
    ///     it("fetches the catalogue") { try await fetch("catalogue") }
    ///     it("fetches the prices") { try await fetch("prices") }
    /// }
    /// ```
    ///
    /// Every rule of a spec holds for each element as if it ran alone: its
    /// errors, skips, teardown and time limit; and the reports show the
    /// elements in declaration order, each with its own lines together. The
    /// examples of a concurrent group must not share mutable state: give each
    /// its own, or guard it with an actor. It needs an asynchronous spec; in a
    /// synchronous one the group fails, naming it, and its elements run one
    /// after another. On an example it changes nothing.
    public static let concurrent = ExampleTrait(concurrency: true)

    /// Runs each example `times` times in a row, with its `aroundEach`,
    /// `beforeEach` and `afterEach` hooks each time; every repetition must
    /// pass. The example stops at its first failing repetition, and the
    /// failure says which: `(repetition 7 of 100)`. A group's `beforeAll` and
    /// `afterAll` hooks run once, around all repetitions of its examples.
    ///
    /// ```swift
    /// describe("Cache", .repeated(100)) {
    ///     it("evicts the oldest entry") { try evictsOldest() }
    /// }
    /// ```
    ///
    /// An example takes it from its innermost group that has it, unless it
    /// has it itself; it overrides `RUNDOWN_REPEAT`. `times` must be at least
    /// 1: `.repeated(0)` fails the element, which then runs once.
    ///
    /// - Parameter times: How many times each example runs.
    public static func repeated(_ times: Int) -> ExampleTrait {
        ExampleTrait(repetitions: times)
    }

    /// Runs a failing example again, with its each-hooks, up to `count` more
    /// times. If a later attempt passes, the example passed but is *flaky*:
    /// the failures of its earlier attempts are reported as warnings, the
    /// tree shows `⚠ flaky: passed on attempt 2 of 3`, the JUnit report has
    /// them as `<flakyFailure>` elements of a passing test case, and the spec
    /// ends with a line naming the flaky examples. If every attempt fails,
    /// the example fails with the failures of each attempt.
    ///
    /// ```swift
    /// it("reaches the staging server", .retries(2)) { try await ping(staging) }
    /// ```
    ///
    /// A skip is never retried, and an example left out by a failing
    /// `beforeAll` is not retried either (its group did not run). An example
    /// takes it from its innermost group that has it, unless it has it
    /// itself; it overrides `RUNDOWN_RETRIES`. `count` must be at least 0:
    /// `.retries(-1)` fails the element, which then runs once.
    ///
    /// - Parameter count: How many more attempts a failing example gets.
    public static func retries(_ count: Int) -> ExampleTrait {
        ExampleTrait(retries: count)
    }

    /// Makes every each-hook declared in the group and below it an
    /// every-example hook, as if each had the `.everyExample` trait: a
    /// `beforeEach`, `aroundEach` or `afterEach` hook then runs around every
    /// example at any depth below its group, as Quick's and RSpec's do,
    /// instead of once around each nested group. `describe("Cart", .everyExample) { … }`.
    ///
    /// A trait of `describe` and `context` (the spec's root takes it too,
    /// `spec("Cart", .everyExample) { … }`); an example's each-hooks are
    /// those of its groups, so on `it` it is a failure of that example.
    public static let everyExample: ExampleTrait = {
        var trait = ExampleTrait(focus: false, exclusion: false)
        trait.everyExample = true
        return trait
    }()

    static func isEveryExample(_ traits: [ExampleTrait]) -> Bool {
        traits.contains { $0.everyExample }
    }

    // Most elements have no trait: `marks` and `scopes` answer them where
    // they are called (inlined), and only elements with traits pay a call.
    @inline(__always)
    static func marks(_ traits: [ExampleTrait]) -> ElementMarks {
        traits.isEmpty ? ElementMarks() : marks(of: traits)
    }

    private static func marks(of traits: [ExampleTrait]) -> ElementMarks {
        ElementMarks(
            isFocused: traits.contains { $0.focus }, isExcluded: traits.contains { $0.exclusion },
            labels: traits.flatMap(\.labelNames), isConcurrent: traits.contains { $0.concurrency },
            repetitions: traits.last { $0.repetitions != nil }?.repetitions,
            retries: traits.last { $0.retries != nil }?.retries)
    }

    @inline(__always)
    static func scopes(_ traits: [ExampleTrait]) -> [ElementScope] {
        traits.isEmpty ? [] : traits.compactMap(\.scope)
    }
}

/// A trait of a `beforeAll` or `afterAll` hook, written after its name:
/// `beforeAll("seed data", .excluded)`.
public struct HookTrait: Sendable, Hashable {
    let isExcluded: Bool

    /// Leaves the hook out: it never runs.
    public static let excluded = HookTrait(isExcluded: true)

    /// Not for `beforeAll` and `afterAll`, which run once per group.
    @available(
        *, unavailable,
        message:
            "'.everyExample' is a trait of 'beforeEach', 'afterEach' and 'aroundEach'; 'beforeAll' and 'afterAll' run once per group"
    )
    public static var everyExample: HookTrait { HookTrait(isExcluded: false) }
}

/// A trait of a `beforeEach`, `afterEach` or `aroundEach` hook, written after
/// its name: `beforeEach("reset", .everyExample)`, `afterEach(.excluded)`.
public struct EachHookTrait: Sendable, Hashable {
    let isExcluded: Bool
    let isEveryExample: Bool

    /// Leaves the hook out: it never runs.
    public static let excluded = EachHookTrait(isExcluded: true, isEveryExample: false)

    /// Runs the hook around every example at any depth below its group, as
    /// Quick's and RSpec's each-hooks do, instead of once around each nested
    /// `describe` or `context`.
    ///
    /// For an example directly in the group, the hook runs in declaration
    /// order among the group's each-hooks, like any other. For an example
    /// deeper down, the every-example hooks of its ancestors run outermost
    /// first: after the each-hooks that wrap the nested groups on the way
    /// (and after those groups' `beforeAll` hooks), and before the example's
    /// own group's `aroundEach` and `beforeEach` hooks. Each group's
    /// every-example `aroundEach` hooks wrap its every-example `beforeEach`
    /// hooks, everything inside, and its every-example `afterEach` hooks,
    /// which run innermost group first, after the example's own group's
    /// `afterEach` hooks.
    ///
    /// Errors and skips are those of the example's own each-hooks: a
    /// failing every-example `beforeEach` skips the example and the
    /// `beforeEach` and `aroundEach` hooks not yet run, and every `afterEach`
    /// hook of the example still runs; a skip in one skips the example and
    /// its `afterEach` hooks. Where focus or exclusion leave no example to
    /// run, the hook does not run.
    public static let everyExample = EachHookTrait(isExcluded: false, isEveryExample: true)
}

/// The name of a hook, written first: a string literal or interpolation
/// (`beforeEach("seed \(count) users") { … }`), `nil` for no name, or
/// `.excluded` for an unnamed hook that is left out, `beforeEach(.excluded) { … }`.
/// A name held in a variable is passed as `HookName(name)`.
public struct HookName: ExpressibleByStringInterpolation, Sendable {
    let name: String?
    let traits: [HookTrait]

    /// A hook named by a string, or unnamed if it is `nil`.
    public init(_ name: String?) {
        self.name = name
        traits = []
    }

    /// A hook named by a string literal.
    public init(stringLiteral value: String) {
        self.init(value)
    }

    /// A hook named by an interpolated string.
    public init(stringInterpolation: DefaultStringInterpolation) {
        self.init(String(stringInterpolation: stringInterpolation))
    }

    private init(traits: [HookTrait]) {
        name = nil
        self.traits = traits
    }

    /// An unnamed hook that is left out: it never runs. The same as `nil, .excluded`.
    public static let excluded = HookName(traits: [.excluded])
}
