// expect-success
// Helpers: functions and properties that build part of a group, generic or
// bound to one call kind, with or without parameters, used as a group's body
// or among other elements; functions that return one hook or one example.
// A helper declared with its phases (Steps, Examples, BeforeEach, …) stands
// wherever its content may stand inline; one returning ExampleGroup is a
// group's whole content (after beforeAll hooks, before afterAll hooks).
import Rundown

final class Stack { var items: [Int] = [] }

@ExampleBuilder<Call>
func emptyExamples<Call: CallKind>(_ stack: Stack) -> ExampleGroup<Call> {
    beforeEach { stack.items = [] }
    it("is empty") { precondition(stack.items.isEmpty) }
    afterEach {}
}

@ExampleBuilder<SyncCall>
func syncExamples(_ stack: Stack) -> Examples<SyncCall> {
    it("has a count") { _ = stack.items.count }
}

@ExampleBuilder<AsyncCall>
func asyncExamples(_ stack: Stack) -> ExampleGroup<AsyncCall> {
    it("awaits") { await Task.yield() }
}

enum Shared {
    @ExampleBuilder<SyncCall>
    static var standaloneExamples: Examples<SyncCall> {
        it("needs nothing") {}
    }
}

func fresh<Call: CallKind>(_ stack: Stack) -> BeforeEach<Call> {
    beforeEach("fresh stack") { stack.items = [] }
}

func pushes<Call: CallKind>(_ stack: Stack, _ value: Int) -> Example<Call> {
    it("pushes \(value)") { stack.items.append(value) }
}

@ExampleBuilder<SyncCall>
func setUp(_ stack: Stack) -> Steps<AroundEachPhase, BeforeEachPhase, SyncCall> {
    aroundEach(nil, .excluded) { run in try run() }
    beforeEach { stack.items = [] }
}

@ExampleBuilder<Call>
func behavesLikeAStack<Call: CallKind>(_ stack: Stack) -> Steps<BeforeEachPhase, AfterEachPhase, Call> {
    beforeEach { stack.items = [1] }
    it("has a top") { precondition(stack.items.last == 1) }
    for value in 2...3 { pushes(stack, value) }
    afterEach {}
}

@ExampleBuilder<Call>
func tearDown<Call: CallKind>(_ stack: Stack) -> Steps<AfterEachPhase, AfterAllPhase, Call> {
    afterEach { stack.items = [] }
    afterAll {}
}

func syncSpec() throws {
    let stack = Stack()
    try spec {
        describe("Stack") {
            context("when empty") { emptyExamples(stack) }
            context("sync only") { syncExamples(stack) }
            context("standalone") { Shared.standaloneExamples }
            context("mixed") {
                fresh(stack)
                pushes(stack, 1)
                syncExamples(stack)
                Shared.standaloneExamples
            }
            context("phases") {
                beforeAll {}
                setUp(stack)
                fresh(stack)
                behavesLikeAStack(stack)
                tearDown(stack)
                afterAll {}
            }
            context("whole group between beforeAll and afterAll") {
                beforeAll {}
                emptyExamples(stack)
                afterAll {}
            }
            context("in a conditional, which counts as its last element") {
                it("first") {}
                if stack.items.isEmpty { emptyExamples(stack) }
                afterAll {}
            }
            context("in one branch, beside an afterAll in the other: both count as an afterAll") {
                it("first") {}
                if stack.items.isEmpty { emptyExamples(stack) } else { afterAll {} }
                afterAll {}
            }
        }
    }
}

func asyncSpec() async throws {
    let stack = Stack()
    try await spec {
        describe("Stack") {
            fresh(stack)
            context("when empty") { emptyExamples(stack) }
            context("async") { asyncExamples(stack) }
        }
    }
}

@MainActor final class Screen { var title = "" }

protocol ScreenExamples: MainActorSuite {}

extension ScreenExamples {
    @ExampleBuilder<SyncMainCall>
    func titled(_ screen: Screen) -> ExampleGroup<SyncMainCall> {
        it("has a title") { screen.title = "Home" }
    }
}

@MainActor struct ScreenSpecs: ScreenExamples {
    func test() throws {
        let screen = Screen()
        try spec {
            context("titled") { titled(screen) }
        }
    }
}
