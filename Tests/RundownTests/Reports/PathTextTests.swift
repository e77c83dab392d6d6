import Foundation
import RundownEngine
import RundownTestSupport
import Testing

@testable import Rundown

/// Behaviour#Two-paths-never-print-the-same: a step is quoted only where the plain join could be
/// read two ways, and a quoted line's prefix is its prefix path's line.
@Suite struct PathTextTests {
    @Test func aPlainPathPrintsAsBefore() {
        #expect(PathText.joined(["Stack", "when empty", "pops nothing"]) == "Stack, when empty, pops nothing")
        #expect(PathText.joined(["a,b", " c", "d,"]) == "a,b,  c, d,")
    }

    @Test func aStepHoldingTheSeparatorOrBeginningWithAQuoteIsQuoted() {
        #expect(PathText.joined(["a, b", "c"]) == #""a, b", c"#)
        #expect(PathText.joined(["a", "b, c"]) == #"a, "b, c""#)
        #expect(PathText.joined(["say", #""hi", she said"#]) == #"say, """hi"", she said""#)
        #expect(PathText.joined(["x", #""quoted""#]) == #"x, """quoted""""#)
        #expect(PathText.joined(["x", #"a "b" c"#]) == #"x, a "b" c"#)
    }

    @Test func pathsThatPrintedTheSameNowDiffer() {
        let paths = [["a, b", "c"], ["a", "b, c"], ["a", "b", "c"], ["a, b, c"], [#""a"#, "b", "c"]]
        #expect(Set(paths.map { PathText.joined($0) }).count == paths.count)
    }

    @Test func theLineOfAPrefixIsAPrefixOfTheLine() {
        let path = ["Spec", "a, b", #""q""#, "c"]
        for count in 1...path.count {
            #expect(PathText.joined(path).hasPrefix(PathText.joined(path.prefix(count))))
        }
    }

    /// Behaviour#One-test-case-per-example: the argument's name is its path as the reports write it.
    @Test func anExampleOfASpecIsNamedAsTheReportsNameIt() {
        let examples = Spec.synchronous("Paths") {
            describe("a, b") { it("c") {} }
            describe("a") { it("b, c") {} }
        }.examples
        #expect(examples.map(\.id) == [#"Paths, "a, b", c"#, #"Paths, a, "b, c""#])
        #expect(examples.map(\.description) == [#"Paths, "a, b", c"#, #"Paths, a, "b, c""#])
    }
}
