/// A failure that was reported, not thrown: an assertion or a check.
package struct ReportedFailure: Error, CustomStringConvertible {
    package var message: String
    package var description: String { message }
}

/// A failure that a framework recorded by itself (Swift Testing's `#expect`,
/// XCTest's `XCTAssert` in a plain `XCTestCase`): the run counts it, but no
/// host records it again.
struct RecordedByFramework: ReportedByFramework, CustomStringConvertible {
    var message: String
    var description: String { message }
}
