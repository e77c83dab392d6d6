import RundownTestSupport
import XCTest

/// The marker helper the line checks of this target rely on finds the line a marker ends.
final class SourceLineXCTests: XCTestCase {
    func testAMarkerGivesTheLineItEnds() {
        XCTAssertEqual(SourceLine.marked("here"), #line)  // line: here
    }
}

/// Under XCTest, where no Swift Testing test is current, a missing marker fails
/// the test that asked, at the line that asked, and gives no line.
final class SourceLineFailureXCTests: CheckedTestCase {
    func testAMissingMarkerFailsTheTestAtTheCallAndGivesNoLine() {
        var found = -1
        let failures = capturingFailures { found = SourceLine.marked("nowhere") }  // line: asks
        XCTAssertEqual(found, 0)
        XCTAssertEqual(failures.count, 1)
        XCTAssertEqual(failures.first?.file, #filePath)
        XCTAssertEqual(failures.first?.line, SourceLine.marked("asks"))
        XCTAssertTrue(
            failures.first?.message.contains("no line ends with '// line: nowhere' in \(#filePath); exactly one must")
                == true, "\(failures)")
    }
}
