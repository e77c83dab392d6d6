// Behaviour#Repeated-examples and Behaviour#Retried-examples:
// repeated and retried examples as a user's test run shows them,
// and the failures file that reruns what failed. `FlakyOutputTests` runs
// these in child processes. Lines matter: the tests find them by their
// `// line:` marks. (This comment stands apart from the suites because Swift
// Testing prints the comments above a failed suite.)

import Foundation
import Rundown
import Testing
import XCTest

/// How many times each named example has been called in this process.
enum CallCount {
    private static let lock = NSLock()
    // Safe: read and written only while `lock` is held.
    nonisolated(unsafe) private static var counts: [String: Int] = [:]

    /// Counts one more call of `name`, and returns its number, from 1.
    static func next(_ name: String) -> Int {
        lock.lock()
        defer { lock.unlock() }
        counts[name, default: 0] += 1
        return counts[name]!
    }
}

/// Each `#expect` fails on the first two calls of its example and passes on
/// the third: with `.retries(2)` every test passes, with warnings.
@Suite(.fixture(for: "FlakyOutputTests"))
struct FlakySwiftTestingFixtures {
    @Test(.specs) func synchronousWithTheTrait() throws {
        try spec("Sync") {
            it("answers", .retries(2)) {
                #expect(CallCount.next("sync") == 3)  // line: sync expect
            }
        }
    }

    @Test func synchronousWithoutTheTrait() throws {
        try spec("Plain") {
            it("answers", .retries(2)) {
                #expect(CallCount.next("plain") == 3)  // line: plain expect
            }
        }
    }

    @Test(.specs) func requires() throws {
        try spec("Require") {
            it("answers", .retries(2)) {
                try #require(CallCount.next("require") == 3)  // line: require
            }
        }
    }

    @Test func asynchronous() async throws {
        try await spec("Async") {
            it("answers", .retries(2)) {
                await Task.yield()
                #expect(CallCount.next("async") == 3)  // line: async expect
            }
        }
    }
}

/// Fails however often it is retried, and fails its third repetition.
@Suite(.fixture(for: "FlakyOutputTests"))
struct FailingSwiftTestingFixtures {
    @Test(.specs) func alwaysFails() throws {
        try spec("Broken") {
            it("never answers", .retries(2)) {
                let call = CallCount.next("broken")
                #expect(call == 0, "call \(call)")  // line: broken expect
            }
        }
    }

    @Test(.specs) func failsItsThirdRepetition() async throws {
        try await spec("Repeated") {
            it("evicts", .repeated(5)) {
                #expect(CallCount.next("repeated") != 3)  // line: repeated expect
            }
        }
    }
}

/// `XCTAssert` in a `Rundown.TestCase`: the first two attempts fail, the third passes.
final class FlakyXCTestFixtures: Rundown.TestCase {
    override func setUpWithError() throws {
        try skipUnlessFixturesRun(for: "FlakyOutputTests")
    }

    func testPassesOnItsThirdAttempt() throws {
        try spec("XC") {
            beforeEach { print("beforeEach") }
            it("answers", .retries(2)) {
                XCTAssertEqual(CallCount.next("xc"), 3)  // line: xc assert
            }
        }
    }

    func testAlwaysFails() async throws {
        try await spec("XC broken") {
            it("never answers", .retries(1)) {  // line: xc throw
                throw FixtureError()
            }
        }
    }
}

/// `XCTAssert` in a plain `XCTestCase`: XCTest records it itself, so the test
/// fails even when a retry passes; the example is still reported as flaky.
final class FlakyPlainXCTestFixtures: XCTestCase {
    override func setUpWithError() throws {
        try skipUnlessFixturesRun(for: "FlakyOutputTests")
    }

    func testPassesOnItsSecondAttempt() throws {
        try Rundown.spec("Plain XC") {
            it("answers", .retries(1)) {
                XCTAssertEqual(CallCount.next("plain xc"), 2)  // line: plain xc assert
            }
        }
    }
}

/// Examples that fail unless `FLAKY_FIXED` is set, in both frameworks, for a
/// failures file written by both processes and read back by the filter.
final class RerunXCTestFixtures: Rundown.TestCase {
    override func setUpWithError() throws {
        try skipUnlessFixturesRun(for: "FlakyOutputTests")
    }

    func testSome() throws {
        try spec("Rerun XC") {
            it("passes") { print("ran: Rerun XC, passes") }
            context("when broken") {
                it("fails") {
                    print("ran: Rerun XC, when broken, fails")
                    XCTAssertNotNil(ProcessInfo.processInfo.environment["FLAKY_FIXED"])
                }
            }
        }
    }
}

@Suite(.fixture(for: "FlakyOutputTests"))
struct RerunSwiftTestingFixtures {
    @Test(.specs) func some() async throws {
        try await spec("Rerun ST") {
            it("passes") { print("ran: Rerun ST, passes") }
            it("fails") {
                print("ran: Rerun ST, fails")
                #expect(ProcessInfo.processInfo.environment["FLAKY_FIXED"] != nil)
            }
            it("fails, too") {
                print("ran: Rerun ST, fails, too")
                if ProcessInfo.processInfo.environment["FLAKY_FIXED"] == nil { throw FixtureError() }
            }
        }
    }
}

/// Fails on its fourth call, for `RUNDOWN_REPEAT=until-failure`.
final class UntilFailureXCTestFixtures: Rundown.TestCase {
    override func setUpWithError() throws {
        try skipUnlessFixturesRun(for: "FlakyOutputTests")
    }

    func testFailsOnItsFourthCall() throws {
        try spec("Sometimes") {
            it("fails") {  // line: until failure
                if CallCount.next("until") == 4 { throw FixtureError() }
            }
        }
    }
}
