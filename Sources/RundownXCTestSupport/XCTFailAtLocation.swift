#if canImport(XCTest)
import RundownEngine
import XCTest

/// `XCTFail` at a location Rundown got as values (`fileID: String, filePath: String, line: Int,
/// column: Int`, the convention of Swift Testing's `SourceLocation` that every Rundown API takes),
/// recorded against whichever XCTest test is running.
///
/// This is the one place where such a location must become a `StaticString` and a `UInt`: in a
/// plain `XCTestCase` nothing but `XCTFail(_:file:line:)` finds the test that is running (XCTest
/// has no public "current test case"), and `XCTFail` takes its file only as a `StaticString`,
/// which the language makes only from a literal. So the path is copied once into memory that is
/// never freed, and a `StaticString` is laid over it: `StaticString` is a frozen type whose
/// layout (a pointer to its UTF-8 bytes, their count, and flags whose bit 1 says "ASCII") is part
/// of the standard library's ABI. The copy ends in a NUL byte, as a literal's storage does.
/// Every path made is read back before it is used; should the layout ever differ, the failure is
/// recorded at this file instead, its message naming the user's file and line, so it is never lost.
package enum XCTFailAtLocation {
    /// Fails the XCTest test that is running, with `message`, at `location`'s file and line.
    package static func fail(_ message: String, at location: CodeLocation) {
        let line = UInt(clamping: location.line)
        if let file = staticString(location.filePath) {
            XCTFail(message, file: file, line: line)
        } else {
            XCTFail("\(message) (\(location.fileName):\(location.line))")
        }
    }

    /// The paths made so far, one copy each: a test process names few source files.
    private static let made = Protected<[String: StaticString]>([:])

    /// A `StaticString` with the bytes of `text`, or `nil` if the one laid over them does not read
    /// back as `text`.
    package static func staticString(_ text: String) -> StaticString? {
        made.withLock { made -> StaticString? in
            if let known = made[text] { return known }
            let bytes = Array(text.utf8)
            let storage = UnsafeMutablePointer<UInt8>.allocate(capacity: bytes.count + 1)
            storage.initialize(from: bytes, count: bytes.count)
            storage[bytes.count] = 0
            let isASCII = bytes.allSatisfy { $0 < 0x80 }
            let layout: (start: UnsafeRawPointer, count: UInt, flags: UInt8) = (
                UnsafeRawPointer(storage), UInt(bytes.count), isASCII ? 0b10 : 0
            )
            guard MemoryLayout.size(ofValue: layout) == MemoryLayout<StaticString>.size,
                case let string = unsafeBitCast(layout, to: StaticString.self),
                string.hasPointerRepresentation, string.utf8CodeUnitCount == bytes.count, "\(string)" == text
            else {
                storage.deallocate()
                return nil
            }
            made[text] = string
            return string
        }
    }
}
#endif
