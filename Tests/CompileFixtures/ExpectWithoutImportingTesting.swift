// expect-error: plain: #expect is Swift Testing's, and this file does not import Testing: add 'import Testing' (inside a spec it reports under XCTest too), or use XCTAssert
// expect-error: method: #expect is Swift Testing's, and this file does not import Testing: add 'import Testing'
// expect-error: async method: #expect is Swift Testing's, and this file does not import Testing: add 'import Testing'
// expect-error: main actor: #expect is Swift Testing's, and this file does not import Testing: add 'import Testing'
// expect-error: throws: #expect is Swift Testing's, and this file does not import Testing: add 'import Testing' (inside a spec it reports under XCTest too), or use XCTAssertThrowsError
// expect-error: require: #require is Swift Testing's, and this file does not import Testing: add 'import Testing' (inside a spec it reports under XCTest too), or use XCTAssert
// expect-error: unwrap: #require is Swift Testing's, and this file does not import Testing: add 'import Testing' (inside a spec it reports under XCTest too), or use XCTUnwrap
// expect-error-count: 8
// expect-no-error-mentioning: no macro named
// expect-no-error-mentioning: Rundown
import Rundown

// The habit of a Swift Testing user in an XCTest file (which imports XCTest,
// not Testing): one error per macro, on its line, saying what to add. The
// count includes the one more that `#require` of an optional makes (the
// expansion Rundown gives the unavailable macro is `nil`, not a value).

struct Full: Error {}
func load() throws -> Int { throw Full() }

func plainFunction() throws {
    try spec {
        it("adds") {
            #expect(1 + 1 == 3)  // line: plain
        }
    }
}

final class CartTests: Rundown.TestCase {
    func testCart() throws {
        var total = 0
        try spec("Cart") {
            beforeEach { total = 0 }
            describe("adding") {
                it("sums") {
                    total += 2
                    #expect(total == 2, "total is \(total)")  // line: method
                }
                it("fails to load") {
                    #expect(throws: Full.self) { try load() }  // line: throws
                }
                it("requires") {
                    try #require(total == 0)  // line: require
                    let first = try #require([total].first)  // line: unwrap
                    print(first + 1)
                }
            }
        }
    }

    func testAsync() async throws {
        try await spec {
            it("waits") {
                await Task.yield()
                #expect(true)  // line: async method
            }
        }
    }
}

@MainActor final class Counter { var count = 0 }

final class CounterTests: Rundown.TestCase, MainActorSuite {
    func testCounter() throws {
        try spec {
            it("counts") {
                #expect(Counter().count == 0)  // line: main actor
            }
        }
    }
}
