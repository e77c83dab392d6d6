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

    /// Creates a failure.
    package init(description: String, filePath: String, line: Int) {
        self.description = description
        self.filePath = filePath
        self.line = line
    }
}

extension XCTestAssertionFailure {
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
#endif
