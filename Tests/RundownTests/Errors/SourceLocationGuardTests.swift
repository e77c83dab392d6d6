import Rundown
import RundownTestingSupport
import Testing

#if canImport(XCTest) && !canImport(ObjectiveC)
import RundownXCTestSupport
#endif

/// Behaviour#Mistakes-never-crash and Behaviour#Failures-point-at-your-code.
///
/// Swift Testing's `SourceLocation` traps, ending the whole run, on a file ID
/// without a module or a line or column below 1. Every location Rundown gives
/// it goes through `SwiftTestingHost.sourceLocation`, which repairs them.
@Suite struct SourceLocationGuardTests {
    private func location(fileID: String, line: Int = 12, column: Int = 5) -> SourceLocation {
        SwiftTestingHost.sourceLocation(
            CodeLocation(fileID: fileID, filePath: "/src/Cart.swift", line: line, column: column))
    }

    @Test func aValidLocationIsKept() {
        let kept = location(fileID: "CartTests/Cart.swift")
        #expect(kept.fileID == "CartTests/Cart.swift")
        #expect(kept.filePath == "/src/Cart.swift")
        #expect(kept.line == 12)
        #expect(kept.column == 5)
    }

    @Test func aFileIDWithoutAModuleGetsOne() {
        let repaired = location(fileID: "Cart.swift")
        #expect(repaired.fileID == "Unknown/Cart.swift")
        #expect(repaired.fileName == "Cart.swift")
    }

    @Test func anEmptyFileIDGetsAModuleAndAFile() {
        let repaired = location(fileID: "")
        #expect(repaired.fileID == "Unknown/Unknown.swift")
        #expect(repaired.filePath == "/src/Cart.swift")
    }

    @Test func lineAndColumnBelowOneBecomeOne() {
        #expect(location(fileID: "M/Cart.swift", line: 0).line == 1)
        #expect(location(fileID: "M/Cart.swift", column: 0).column == 1)
        #expect(location(fileID: "M/Cart.swift", line: -3, column: -1).line == 1)
    }

    #if canImport(XCTest) && !canImport(ObjectiveC)
    @Test func anXCTestAssertionTakesTheModuleOfItsElement() {
        let runner = ExampleRunner(
            path: ["Cart"], role: .example,
            location: CodeLocation(
                fileID: "CartTests/CartSpec.swift", filePath: "/src/CartSpec.swift", line: 3, column: 9))
        let location = XCTestAssertionFailure.location(
            filePath: "/src/Helpers/Asserts.swift", line: 40, madeIn: runner.location)
        #expect(
            location
                == CodeLocation(
                    fileID: "CartTests/Asserts.swift", filePath: "/src/Helpers/Asserts.swift", line: 40, column: 1))
    }

    @Test func anXCTestAssertionWithoutADirectoryOrLineStillGetsAValidLocation() {
        let runner = ExampleRunner(
            path: ["Cart"], role: .example, location: CodeLocation(fileID: "", filePath: "", line: 0, column: 0))
        let location = SwiftTestingHost.sourceLocation(
            XCTestAssertionFailure.location(filePath: "<EXPR>", line: 0, madeIn: runner.location))
        #expect(location.fileID == "Unknown/<EXPR>")
        #expect(location.line == 1)
        #expect(location.column == 1)
    }
    #endif
}
