import XCTest

/// The marker helper the line checks of this target rely on finds the line a marker ends.
final class SourceLineXCTests: XCTestCase {
    func testAMarkerGivesTheLineItEnds() {
        XCTAssertEqual(SourceLine.marked("here"), #line)  // line: here
    }
}
