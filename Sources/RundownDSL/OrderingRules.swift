// Each overload below matches only a misordered group: the valid overloads in
// ExampleBuilder are more specific, so the compiler picks one of these only
// when nothing valid fits, and then reports the rule's own words.

extension ExampleBuilder {
    @available(*, unavailable, message: "'beforeAll' must come before every other hook and every example of its group")
    public static func buildPartialBlock<P>(accumulated: Step<P, Call>, next: Step<BeforeAllPhase, Call>) -> Step<BeforeAllPhase, Call> {
        fatalError("unavailable")
    }

    @available(*, unavailable, message: "'aroundEach' must come before 'beforeEach' and the examples of its group")
    public static func buildPartialBlock<P>(accumulated: Step<P, Call>, next: Step<AroundEachPhase, Call>) -> Step<AroundEachPhase, Call> {
        fatalError("unavailable")
    }

    @available(*, unavailable, message: "'beforeEach' must come before the examples of its group")
    public static func buildPartialBlock<P>(accumulated: Step<P, Call>, next: Step<BeforeEachPhase, Call>) -> Step<BeforeEachPhase, Call> {
        fatalError("unavailable")
    }

    @available(*, unavailable, message: "examples and groups must come before the 'afterEach' and 'afterAll' hooks of their group")
    public static func buildPartialBlock<P>(accumulated: Step<P, Call>, next: Step<ExamplesPhase, Call>) -> Step<ExamplesPhase, Call> {
        fatalError("unavailable")
    }

    @available(*, unavailable, message: "'afterEach' must come before 'afterAll'")
    public static func buildPartialBlock<P>(accumulated: Step<P, Call>, next: Step<AfterEachPhase, Call>) -> Step<AfterEachPhase, Call> {
        fatalError("unavailable")
    }
}
