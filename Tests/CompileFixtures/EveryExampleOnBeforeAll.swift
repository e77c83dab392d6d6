// expect-error: 7: '.everyExample' is a trait of 'beforeEach', 'afterEach' and 'aroundEach'; 'beforeAll' and 'afterAll' run once per group
// expect-error: 10: '.everyExample' is a trait of 'beforeEach', 'afterEach' and 'aroundEach'; 'beforeAll' and 'afterAll' run once per group
import Rundown

func onceHooks() throws {
    try spec {
        beforeAll("connect", .everyExample) {}
        context("inner") {
            it("x") {}
            afterAll("close", .everyExample) {}
        }
    }
}
