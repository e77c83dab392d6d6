// The order rules, each in its own words.
//
// A helper that returns `ExampleGroup` may hold every kind of hook: it counts
// as starting with `beforeAll` and ending in `WholeGroupPhase`, after which,
// as after `afterAll`, only `afterAll` may come. The messages of `beforeAll`
// name it, since it starts in that phase; only `WholeGroupPhase`'s messages
// say that it ends the group's other elements, so an error after a real
// `afterAll` hook does not mention helpers.
//
// Every phase conforms to every `OpenTo…` protocol, but a conformance that
// would let an element come too late is unavailable, with the rule as its
// message. The builder takes what came before an element as an existential
// (`any StepOpenToBeforeEach<Call>`, …); forming that existential uses the
// conformance at the element's own location, so a misordered element fails
// to compile on its own line:
//
//     error: conformance of 'ExamplesPhase' to 'OpenToBeforeEach' is unavailable:
//            'beforeEach' must come before the examples of its group

// MARK: beforeAll

@available(
    *, unavailable,
    message:
        "'beforeAll' must come before every other hook and every example of its group, and so must a helper that returns 'ExampleGroup'; to use such a helper later, declare its first and last phase: '-> Steps<BeforeEachPhase, ExamplesPhase, Call>', or '-> Examples<Call>' if it holds no hook"
)
extension AroundEachPhase: OpenToBeforeAll {}

@available(
    *, unavailable,
    message:
        "'beforeAll' must come before every other hook and every example of its group, and so must a helper that returns 'ExampleGroup'; to use such a helper later, declare its first and last phase: '-> Steps<BeforeEachPhase, ExamplesPhase, Call>', or '-> Examples<Call>' if it holds no hook"
)
extension BeforeEachPhase: OpenToBeforeAll {}

@available(
    *, unavailable,
    message:
        "'beforeAll' must come before every other hook and every example of its group, and so must a helper that returns 'ExampleGroup'; to use such a helper later, declare its first and last phase: '-> Steps<BeforeEachPhase, ExamplesPhase, Call>', or '-> Examples<Call>' if it holds no hook"
)
extension ExamplesPhase: OpenToBeforeAll {}

@available(
    *, unavailable,
    message:
        "'beforeAll' must come before every other hook and every example of its group, and so must a helper that returns 'ExampleGroup'; to use such a helper later, declare its first and last phase: '-> Steps<BeforeEachPhase, ExamplesPhase, Call>', or '-> Examples<Call>' if it holds no hook"
)
extension AfterEachPhase: OpenToBeforeAll {}

@available(
    *, unavailable,
    message:
        "'beforeAll' must come before every other hook and every example of its group, and so must a helper that returns 'ExampleGroup'; to use such a helper later, declare its first and last phase: '-> Steps<BeforeEachPhase, ExamplesPhase, Call>', or '-> Examples<Call>' if it holds no hook"
)
extension AfterAllPhase: OpenToBeforeAll {}

// MARK: aroundEach

@available(*, unavailable, message: "'aroundEach' must come before 'beforeEach' and the examples of its group")
extension BeforeEachPhase: OpenToAroundEach {}

@available(*, unavailable, message: "'aroundEach' must come before 'beforeEach' and the examples of its group")
extension ExamplesPhase: OpenToAroundEach {}

@available(*, unavailable, message: "'aroundEach' must come before 'beforeEach' and the examples of its group")
extension AfterEachPhase: OpenToAroundEach {}

@available(*, unavailable, message: "'aroundEach' must come before 'beforeEach' and the examples of its group")
extension AfterAllPhase: OpenToAroundEach {}

// MARK: beforeEach

@available(*, unavailable, message: "'beforeEach' must come before the examples of its group")
extension ExamplesPhase: OpenToBeforeEach {}

@available(*, unavailable, message: "'beforeEach' must come before the examples of its group")
extension AfterEachPhase: OpenToBeforeEach {}

@available(*, unavailable, message: "'beforeEach' must come before the examples of its group")
extension AfterAllPhase: OpenToBeforeEach {}

// MARK: examples and groups

@available(
    *, unavailable, message: "examples and groups must come before the 'afterEach' and 'afterAll' hooks of their group"
)
extension AfterEachPhase: OpenToExamples {}

@available(
    *, unavailable, message: "examples and groups must come before the 'afterEach' and 'afterAll' hooks of their group"
)
extension AfterAllPhase: OpenToExamples {}

// MARK: afterEach

@available(*, unavailable, message: "'afterEach' must come before 'afterAll'")
extension AfterAllPhase: OpenToAfterEach {}

// MARK: after a helper that returns ExampleGroup

@available(
    *, unavailable,
    message:
        "'beforeAll' must come before every other hook and every example of its group, and so must a helper that returns 'ExampleGroup'; to use such a helper later, declare its first and last phase: '-> Steps<BeforeEachPhase, ExamplesPhase, Call>', or '-> Examples<Call>' if it holds no hook"
)
extension WholeGroupPhase: OpenToBeforeAll {}

@available(
    *, unavailable,
    message:
        "only 'afterAll' hooks may follow a helper that returns 'ExampleGroup', which may end with any hook: declare its first and last phase to use it before other elements"
)
extension WholeGroupPhase: OpenToAroundEach {}

@available(
    *, unavailable,
    message:
        "only 'afterAll' hooks may follow a helper that returns 'ExampleGroup', which may end with any hook: declare its first and last phase to use it before other elements"
)
extension WholeGroupPhase: OpenToBeforeEach {}

@available(
    *, unavailable,
    message:
        "only 'afterAll' hooks may follow a helper that returns 'ExampleGroup', which may end with any hook: declare its first and last phase to use it before other elements"
)
extension WholeGroupPhase: OpenToExamples {}

@available(
    *, unavailable,
    message:
        "only 'afterAll' hooks may follow a helper that returns 'ExampleGroup', which may end with any hook: declare its first and last phase to use it before other elements"
)
extension WholeGroupPhase: OpenToAfterEach {}
