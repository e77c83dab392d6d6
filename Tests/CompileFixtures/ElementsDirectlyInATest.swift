// expect-error: xctest: 'describe' declares nothing here: in a test, write it inside 'try spec { ... }' ('try await spec { ... }' in an async test)
// expect-error: xctest hook: 'beforeEach' declares nothing here: in a test, write it inside 'try spec { ... }' ('try await spec { ... }' in an async test)
// expect-error: testing: 'context' declares nothing here: in a test, write it inside 'try spec { ... }' ('try await spec { ... }' in an async test)
// expect-error: testing example: 'it' declares nothing here: in a test, write it inside 'try spec { ... }' ('try await spec { ... }' in an async test)
// expect-error: main xctest: 'describe' declares nothing here: in a test, write it inside 'try spec { ... }' ('try await spec { ... }' in an async test)
// expect-error: main testing: 'afterEach' declares nothing here: in a test, write it inside 'try spec { ... }' ('try await spec { ... }' in an async test)
// expect-no-error-mentioning: could not be inferred
// expect-no-error-mentioning: is not marked with 'await'
import Rundown
import Testing
import XCTest

// Quick's habit: the spec's words written straight into a test, without
// `spec`. In every host and form the compiler's one error on the line says
// to wrap them in `spec`.

final class CartTests: Rundown.TestCase {
    func testCart() throws {
        describe("a cart") {  // line: xctest
            it("starts empty") {}
        }
    }

    func testHooks() async throws {
        beforeEach {}  // line: xctest hook
    }
}

@Test func cart() async throws {
    context("when empty") {  // line: testing
        it("totals zero") { await Task.yield() }
    }
    it("adds an item") {}  // line: testing example
}

final class MainActorCartTests: XCTestCase, MainActorSuite {
    func testCart() throws {
        describe("a cart") {  // line: main xctest
            it("starts empty") {}
        }
    }
}

@MainActor @Suite struct MainActorCartSpecs: MainActorSuite {
    @Test func cart() async throws {
        afterEach {}  // line: main testing
    }
}
