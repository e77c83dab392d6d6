// expect-success
// Every pair of kinds that may follow each other, at depth 2, and the full order.
import Rundown

func everyAllowedPair() throws {
    try spec {
        describe("pairs") {
            context("beforeAll then beforeAll") {
                beforeAll {}
                beforeAll {}
            }
            context("beforeAll then aroundEach") {
                beforeAll {}
                aroundEach { run in try run() }
            }
            context("beforeAll then beforeEach") {
                beforeAll {}
                beforeEach {}
            }
            context("beforeAll then example") {
                beforeAll {}
                it("runs") {}
            }
            context("beforeAll then group") {
                beforeAll {}
                context("nested") { it("runs") {} }
            }
            context("beforeAll then afterEach") {
                beforeAll {}
                afterEach {}
            }
            context("beforeAll then afterAll") {
                beforeAll {}
                afterAll {}
            }
            context("aroundEach then aroundEach") {
                aroundEach { run in try run() }
                aroundEach { run in try run() }
            }
            context("aroundEach then beforeEach") {
                aroundEach { run in try run() }
                beforeEach {}
            }
            context("aroundEach then example") {
                aroundEach { run in try run() }
                it("runs") {}
            }
            context("aroundEach then group") {
                aroundEach { run in try run() }
                context("nested") { it("runs") {} }
            }
            context("aroundEach then afterEach") {
                aroundEach { run in try run() }
                afterEach {}
            }
            context("aroundEach then afterAll") {
                aroundEach { run in try run() }
                afterAll {}
            }
            context("beforeEach then beforeEach") {
                beforeEach {}
                beforeEach {}
            }
            context("beforeEach then example") {
                beforeEach {}
                it("runs") {}
            }
            context("beforeEach then group") {
                beforeEach {}
                context("nested") { it("runs") {} }
            }
            context("beforeEach then afterEach") {
                beforeEach {}
                afterEach {}
            }
            context("beforeEach then afterAll") {
                beforeEach {}
                afterAll {}
            }
            context("example then example") {
                it("runs") {}
                it("runs") {}
            }
            context("example then group") {
                it("runs") {}
                context("nested") { it("runs") {} }
            }
            context("example then afterEach") {
                it("runs") {}
                afterEach {}
            }
            context("example then afterAll") {
                it("runs") {}
                afterAll {}
            }
            context("group then example") {
                context("nested") { it("runs") {} }
                it("runs") {}
            }
            context("group then group") {
                context("nested") { it("runs") {} }
                context("nested") { it("runs") {} }
            }
            context("group then afterEach") {
                context("nested") { it("runs") {} }
                afterEach {}
            }
            context("group then afterAll") {
                context("nested") { it("runs") {} }
                afterAll {}
            }
            context("afterEach then afterEach") {
                afterEach {}
                afterEach {}
            }
            context("afterEach then afterAll") {
                afterEach {}
                afterAll {}
            }
            context("afterAll then afterAll") {
                afterAll {}
                afterAll {}
            }
        }
    }
}

func fullOrder() async throws {
    try await spec {
        describe("outer") {
            context("inner") {
                beforeAll {}
                beforeAll {}
                aroundEach { run in try await run() }
                aroundEach { run in try await run() }
                beforeEach {}
                beforeEach {}
                it("runs") {}
                it("runs") {}
                context("nested") { it("runs") {} }
                context("nested") { it("runs") {} }
                afterEach {}
                afterEach {}
                afterAll {}
                afterAll {}
            }
        }
    }
}
