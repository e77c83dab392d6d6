#if canImport(XCTest)
import RundownEngine

/// An XCTest assertion failure (`XCTAssert…`, `XCTFail`) as XCTest reported it.
package struct XCTestAssertionFailure: Sendable, Equatable {
    /// XCTest's message: the assertion and its details, then ` - ` and the
    /// message passed to the assertion, if any.
    package var description: String
    /// The file the assertion was written in, as the assertion got it (`#filePath`).
    package var filePath: String
    /// The line of the assertion.
    package var line: Int
}

extension XCTestAssertionFailure {
    /// Hands a failure that XCTest gave `Rundown.TestCase` to the run of the
    /// spec whose element or hook (or a task it started) made it, with the
    /// element's path, at the assertion's line: not to whichever test XCTest
    /// runs now. Nothing is handed over while ``XCTestHost`` records a
    /// failure itself.
    ///
    /// - Parameters:
    ///   - description: XCTest's message.
    ///   - filePath: The assertion's file, or `nil` when XCTest gave none: then the element's.
    ///   - line: The assertion's line, or `nil` when XCTest gave none: then the element's.
    /// - Returns: Whether a spec's run took the failure; if not, XCTest
    ///   records it, and the regions listening here hear it from Rundown's
    ///   observer, once.
    package static func postToCurrentRun(description: String, filePath: String?, line: Int?) -> Bool {
        guard !XCTestHost.isRecordingFailure, RunContext.takesFailures else { return false }
        let element = ExampleRunner.current?.location ?? .noElement
        let failure = XCTestAssertionFailure(
            description: description, filePath: filePath ?? element.filePath, line: line ?? element.line)
        return RunContext.post(
            PostedFailure(
                message: failure.message, location: failure.location(madeIn: element), recordedByFramework: false))
    }

    /// Posts a failure that forwarding caught (an `XCTAssert…` where XCTest
    /// runs no test) on the one road; `false` if nothing took it.
    package func post() -> Bool {
        let location = location(madeIn: ExampleRunner.current?.location ?? .noElement)
        return RunContext.post(PostedFailure(message: message, location: location, recordedByFramework: false))
    }

    /// XCTest's message without the empty ` - ` it ends with when the
    /// assertion was given no message.
    package var message: String {
        description.hasSuffix(" - ") ? String(description.dropLast(3)) : description
    }

    /// Where the assertion failed. XCTest gives only a file path and a line;
    /// Swift Testing also wants a file ID (`Module/File.swift`), which takes
    /// the module of the element that made the assertion, and a column.
    package func location(madeIn element: CodeLocation) -> CodeLocation {
        Self.location(filePath: filePath, line: line, madeIn: element)
    }

    /// Where an assertion at `filePath` and `line` failed, made by an element declared at `element`.
    package static func location(filePath: String, line: Int, madeIn element: CodeLocation) -> CodeLocation {
        let fileName = filePath.split(separator: "/").last.map(String.init) ?? filePath
        let module = element.fileID.split(separator: "/").first.map(String.init) ?? ""
        return CodeLocation(
            fileID: module.isEmpty ? fileName : "\(module)/\(fileName)", filePath: filePath, line: line, column: 1)
    }
}
extension CodeLocation {
    /// The element of an assertion made outside any spec: no module, so an
    /// assertion's place is named by its file alone.
    package static let noElement = CodeLocation(fileID: "", filePath: "", line: 0, column: 0)
}
#endif
