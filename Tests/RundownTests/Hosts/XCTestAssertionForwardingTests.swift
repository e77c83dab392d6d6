// Linux only: there Rundown forwards XCTest's assertions in a Swift Testing
// test (Sources/RundownXCTestSupport/XCTestAssertionForwarding.swift, itself
// Linux only). On Apple platforms Rundown forwards nothing, and what becomes of
// an `XCTAssert…` in a Swift Testing test is Apple's XCTest's to decide (its
// interoperability with Swift Testing, which depends on the Xcode), so these
// expectations would not hold there.
#if canImport(XCTest) && !canImport(ObjectiveC)
import Rundown
import RundownTestSupport
import Testing
import XCTest

/// Behaviour#Failures-reach-the-running-framework: `XCTAssert…` and `XCTFail` inside a spec that Swift Testing runs
/// fail the test, with the element's path, at the assertion's line, instead of
/// vanishing as they do in a bare `@Test` on Linux.
@Suite(.failsWhenCancelled) struct XCTestAssertionForwardingTests {
    /// Runs `body` and returns the issues it recorded, which do not fail this test.
    private func issues(of body: () async throws -> Void) async rethrows -> [Issue] {
        let issues = Locked<[Issue]>([])
        try await withKnownIssue {
            try await body()
        } matching: { issue in
            issues.withLock { $0.append(issue) }
            return true
        }
        return issues.withLock { $0 }
    }

    @Test func anAssertionInASynchronousSpecBecomesAnIssueWithItsPath() async throws {
        let line = SourceLine.marked("assert equal")
        let recorded = try await issues {
            try spec("Cart") {
                context("when full") {
                    it("totals") {
                        XCTAssertEqual(1, 2, "the total")  // line: assert equal
                        XCTFail()  // line: fail
                    }
                }
            }
        }
        #expect(
            recorded.map { $0.comments.map(\.rawValue) } == [
                [#"Cart, when full, totals: XCTAssertEqual failed: ("1") is not equal to ("2") - the total"#],
                ["Cart, when full, totals: failed"],
            ])
        #expect(recorded.map { $0.sourceLocation?.line } == [line, SourceLine.marked("fail")])
        #expect(
            recorded.map { $0.sourceLocation?.fileID }
                == Array(repeating: "RundownTests/XCTestAssertionForwardingTests.swift", count: 2))
        #expect(recorded.map { $0.sourceLocation?.filePath } == [#filePath, #filePath])
        #expect(recorded.map { $0.sourceLocation?.column } == [1, 1])
    }

    @Test func anAssertionInAnAsyncSpecBecomesAnIssueWithItsPath() async throws {
        let line = SourceLine.marked("fail after suspension")
        let recorded = try await issues {
            try await spec("Cart") {
                it("totals") {
                    await Task.yield()
                    XCTFail("after a suspension")  // line: fail after suspension
                }
            }
        }
        #expect(recorded.map { $0.comments.map(\.rawValue) } == [["Cart, totals: failed - after a suspension"]])
        #expect(recorded.map { $0.sourceLocation?.line } == [line])
    }

    @Test(.specs) func theSpecPathsTraitDoesNotAddThePathTwice() async throws {
        let recorded = try await issues {
            try spec("Cart") { it("totals") { XCTFail("once") } }
        }
        #expect(recorded.map { $0.comments.map(\.rawValue) } == [["Cart, totals: failed - once"]])
    }

    @Test func anAssertionInAHookNamesTheHook() async throws {
        let recorded = try await issues {
            try spec("Cart") {
                beforeEach("fill") { XCTFail("no stock") }
                it("totals") {}
            }
        }
        #expect(recorded.map { $0.comments.map(\.rawValue) } == [["Cart, totals, fill: failed - no stock"]])
    }

    @Test func anAssertionOutsideASpecIsLeftToXCTest() async throws {
        try await spec("Cart") { it("starts forwarding") {} }
        // Outside a spec XCTest keeps its own behaviour and drops the failure;
        // were it forwarded, it would fail this test.
        XCTFail("outside any spec")
    }
}
#endif
