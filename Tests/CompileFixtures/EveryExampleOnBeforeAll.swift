// expect-error: first: '.everyExample' is a trait of 'beforeEach', 'afterEach' and 'aroundEach'; 'beforeAll' and 'afterAll' run once per group
// expect-error: second: '.everyExample' is a trait of 'beforeEach', 'afterEach' and 'aroundEach'; 'beforeAll' and 'afterAll' run once per group
import Rundown

func onceHooks() throws {
    try spec {
        beforeAll("connect", .everyExample) {}  // line: first
        context("inner") {
            it("x") {}
            afterAll("close", .everyExample) {}  // line: second
        }
    }
}
