/// A failure that was not thrown, as whatever noticed it posts it.
package struct PostedFailure: Sendable {
    /// What failed, without a path.
    package var message: String
    /// Where: the assertion's or check's line; `nil` if its poster does
    /// not know it, and the running element's is meant.
    package var location: CodeLocation?
    /// Whether the test framework has recorded it already, so that it is
    /// counted and never recorded again.
    package var recordedByFramework: Bool
    /// The file of the check's call as `#filePath` gave it, if its poster
    /// has it: XCTest's `XCTFail` takes a file in no other form.
    package var staticFilePath: StaticString?

    package init(
        message: String, location: CodeLocation?, recordedByFramework: Bool, staticFilePath: StaticString? = nil
    ) {
        self.message = message
        self.location = location
        self.recordedByFramework = recordedByFramework
        self.staticFilePath = staticFilePath
    }
}
