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
///
/// try spec {
///     context("when empty") { emptyStackExamples() }
/// }
/// ```
///
/// What such a function returns composes like the same code written inline:
/// its hooks join the enclosing group and it adds no step to any path. To use
/// one helper in specs of different call kinds, make it generic:
/// `@ExampleBuilder<Call> func shared<Call: CallKind>() -> ExampleGroup<Call>`.
@resultBuilder
public enum ExampleBuilder<Call: CallKind> {
    /// Takes a step as it is; the call kind of the spec decides `Call`.
    public static func buildExpression<P>(_ step: Step<P, Call>) -> Step<P, Call> {
        step
    }

    /// An empty group, branch or loop body: nothing to add.
    public static func buildBlock() -> Step<ExamplesPhase, Call> {
        Step(content: GroupContent())
    }

    /// The first element of a group.
    public static func buildPartialBlock<P>(first: Step<P, Call>) -> Step<P, Call> {
        first
    }

    /// A `beforeAll` hook after the steps so far; only other `beforeAll` hooks may precede it.
    public static func buildPartialBlock(accumulated: any StepOpenToBeforeAll<Call>, next: Step<BeforeAllPhase, Call>) -> Step<BeforeAllPhase, Call> {
        Step(content: accumulated.content.appending(next.content))
    }

    /// An `aroundEach` hook after the steps so far.
    public static func buildPartialBlock(accumulated: any StepOpenToAroundEach<Call>, next: Step<AroundEachPhase, Call>) -> Step<AroundEachPhase, Call> {
        Step(content: accumulated.content.appending(next.content))
    }

    /// A `beforeEach` hook after the steps so far.
    public static func buildPartialBlock(accumulated: any StepOpenToBeforeEach<Call>, next: Step<BeforeEachPhase, Call>) -> Step<BeforeEachPhase, Call> {
        Step(content: accumulated.content.appending(next.content))
    }

    /// An example or group after the steps so far.
    public static func buildPartialBlock(accumulated: any StepOpenToExamples<Call>, next: Step<ExamplesPhase, Call>) -> Step<ExamplesPhase, Call> {
        Step(content: accumulated.content.appending(next.content))
    }

    /// An `afterEach` hook after the steps so far.
    public static func buildPartialBlock(accumulated: any StepOpenToAfterEach<Call>, next: Step<AfterEachPhase, Call>) -> Step<AfterEachPhase, Call> {
        Step(content: accumulated.content.appending(next.content))
    }

    /// An `afterAll` hook, which may follow anything.
    public static func buildPartialBlock<P>(accumulated: Step<P, Call>, next: Step<AfterAllPhase, Call>) -> Step<AfterAllPhase, Call> {
        joined(accumulated, next)
    }

    /// An `if` without `else`: its body, or nothing.
    public static func buildOptional<P>(_ step: Step<P, Call>?) -> Step<P, Call> {
        step ?? Step(content: GroupContent())
    }

    /// The first branch of an `if`/`else` or `switch`.
    public static func buildEither<P>(first step: Step<P, Call>) -> Step<P, Call> {
        step
    }

    /// The other branch of an `if`/`else` or `switch`.
    public static func buildEither<P>(second step: Step<P, Call>) -> Step<P, Call> {
        step
    }

    /// A `for` loop: every iteration's steps, in order; their hooks join the group.
    public static func buildArray<P>(_ steps: [Step<P, Call>]) -> Step<P, Call> {
        var content = GroupContent<Call.Mode>()
        for step in steps {
            content.append(step.content)
        }
        return Step(content: content)
    }

    /// An `if #available` body.
    public static func buildLimitedAvailability<P>(_ step: Step<P, Call>) -> Step<P, Call> {
        step
    }

    /// What a group, spec or `@ExampleBuilder` function holds, whatever it ends with.
    public static func buildFinalResult<P>(_ step: Step<P, Call>) -> ExampleGroup<Call> {
        Step(content: step.content)
    }

    private static func joined<P, Q>(_ first: Step<P, Call>, _ second: Step<Q, Call>) -> Step<Q, Call> {
        Step(content: first.content.appending(second.content))
    }
}
