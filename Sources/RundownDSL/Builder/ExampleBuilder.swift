import RundownEngine

/// Builds the contents of a group, and checks at compile time that they come
/// in order: `beforeAll`, `aroundEach`, `beforeEach`, then examples and
/// groups, then `afterEach`, then `afterAll`. Each kind may repeat. A
/// misordered element fails to compile on its own line, with an error that
/// names the rule it breaks.
///
/// `for` loops, `if`/`else`, `switch`, `if let` and `if #available` may stand
/// anywhere among the examples. Hooks declared inside them belong to the
/// enclosing group, wherever the loop or conditional stands; each loop
/// iteration that declares a hook adds one. For the order check, a loop or
/// conditional counts as its last element: one whose body ends with an
/// `afterEach` may only be followed by `afterEach` and `afterAll` hooks, and
/// the branches of an `if`/`else` or `switch` must end with the same kind of element.
///
/// Use the attribute on a function to build part of a spec that several specs share:
///
/// ```swift
/// @ExampleBuilder<SyncCall>
/// func emptyStackExamples() -> ExampleGroup<SyncCall> {
///     it("has no top") { #expect(Stack<Int>().top == nil) }
///     it("has a count of zero") { #expect(Stack<Int>().count == 0) }
/// }
/// ```
///
/// and call it where its examples belong:
///
/// ```swift
/// context("an empty stack") { emptyStackExamples() }
/// ```
///
/// What such a function returns composes like the same code written inline:
/// its hooks join the enclosing group, it adds no step to any path, and the
/// group it is used in checks its first and last phase as it would check its
/// content written there. The return type says what it holds:
///
/// - ``ExampleGroup``: anything a group holds. It must come first in its
///   group (after `beforeAll` hooks only), and only `afterAll` hooks may
///   follow it: it is a group's whole content, as above.
/// - ``Examples``: examples and groups only; it stands wherever an example may.
/// - ``Steps``, such as `Steps<BeforeEachPhase, ExamplesPhase, Call>`: hooks and
///   elements from its first phase to its last.
/// - ``BeforeEach`` and the other hook aliases: hooks of one kind.
///
/// A content whose phases differ from the declared ones does not compile,
/// and the error names the type it has. To use one helper in specs of
/// different call kinds, make it generic:
/// `@ExampleBuilder<Call> func shared<Call: CallKind>() -> ExampleGroup<Call>`.
@resultBuilder
public enum ExampleBuilder<Call: CallKind> {
    /// Takes steps as they are; the call kind of the spec decides `Call`.
    @_documentation(visibility: internal)
    public static func buildExpression<F, L>(_ steps: Steps<F, L, Call>) -> Steps<F, L, Call> {
        steps
    }

    /// An empty group, branch or loop body: nothing to add.
    @_documentation(visibility: internal)
    public static func buildBlock() -> Step<ExamplesPhase, Call> {
        Step(content: GroupContent())
    }

    /// The first element of a group.
    @_documentation(visibility: internal)
    public static func buildPartialBlock<F, L>(first: Steps<F, L, Call>) -> Steps<F, L, Call> {
        first
    }

    // The partial blocks of the order rules (a `beforeAll`, `aroundEach` or
    // `beforeEach` hook, an example or group, an `afterEach` hook after the steps
    // so far) are generated with the rules: DSL.generated.swift.

    /// An `afterAll` hook, which may follow anything; so may a loop or
    /// conditional whose last element is a helper returning ``ExampleGroup``.
    @_documentation(visibility: internal)
    public static func buildPartialBlock<F, P, L: GroupClosingPhase>(
        accumulated: Steps<F, P, Call>, next: Step<L, Call>
    ) -> Steps<F, L, Call> {
        Steps(content: accumulated.content.appending(next.content))
    }

    /// An `if` without `else`: its body, or nothing. It counts as its last element.
    @_documentation(visibility: internal)
    public static func buildOptional<L>(_ steps: (any StepsEndingIn<L, Call>)?) -> Step<L, Call> {
        Step(content: steps?.content ?? GroupContent())
    }

    /// The first branch of an `if`/`else` or `switch`. It counts as its last element.
    @_documentation(visibility: internal)
    public static func buildEither<F, L>(first steps: Steps<F, L, Call>) -> Step<L, Call> {
        Step(content: steps.content)
    }

    /// The other branch of an `if`/`else` or `switch`. It counts as its last element.
    @_documentation(visibility: internal)
    public static func buildEither<F, L>(second steps: Steps<F, L, Call>) -> Step<L, Call> {
        Step(content: steps.content)
    }

    /// A branch that ends a group (a helper returning ``ExampleGroup``) beside
    /// one ending in `afterAll`: both count as an `afterAll`, as they did
    /// before ``WholeGroupPhase`` told them apart. Disfavored, so branches
    /// that both end a helper keep its phase.
    @_documentation(visibility: internal)
    @_disfavoredOverload
    public static func buildEither<F, L: GroupClosingPhase>(first steps: Steps<F, L, Call>) -> Step<AfterAllPhase, Call>
    {
        Step(content: steps.content)
    }

    /// The other branch, as the first.
    @_documentation(visibility: internal)
    @_disfavoredOverload
    public static func buildEither<F, L: GroupClosingPhase>(second steps: Steps<F, L, Call>) -> Step<
        AfterAllPhase, Call
    > {
        Step(content: steps.content)
    }

    /// A `for` loop: every iteration's steps, in order; their hooks join the
    /// group. It counts as its last element.
    @_documentation(visibility: internal)
    @_specialize(kind:partial,where Call == SyncCall)
    @_specialize(kind:partial,where Call == AsyncCall)
    @_specialize(kind:partial,where Call == SyncMainCall)
    @_specialize(kind:partial,where Call == AsyncMainCall)
    public static func buildArray<F, L>(_ steps: [Steps<F, L, Call>]) -> Step<L, Call> {
        var joiner = GroupContent<Call.Mode>.Joiner(reserving: steps.count)
        for step in steps {
            joiner.append(step.content)
        }
        return Step(content: joiner.content)
    }

    /// An `if #available` body.
    @_documentation(visibility: internal)
    public static func buildLimitedAvailability<F, L>(_ steps: Steps<F, L, Call>) -> Steps<F, L, Call> {
        steps
    }

    /// What a helper declared with its phases (``Steps``, ``Examples``) holds:
    /// the steps with their first and last phase, which the group it is used
    /// in checks.
    @_documentation(visibility: internal)
    public static func buildFinalResult<F, L>(_ steps: Steps<F, L, Call>) -> Steps<F, L, Call> {
        steps
    }

    /// What a group, spec or helper returning ``ExampleGroup`` holds, whatever
    /// its phases.
    @_documentation(visibility: internal)
    @_disfavoredOverload
    public static func buildFinalResult<F, L>(_ steps: Steps<F, L, Call>) -> ExampleGroup<Call> {
        ExampleGroup(content: steps.content)
    }
}
