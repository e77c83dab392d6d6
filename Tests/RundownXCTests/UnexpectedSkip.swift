import Rundown
import XCTest

/// A `Rundown.TestCase` whose tests fail when they end skipped.
///
/// When everything in a spec was skipped, Rundown reports its XCTest method
/// as skipped, and a skipped test is neither passed nor failed. So if the
/// engine wrongly decided "everything was skipped", a test whose examples
/// were meant to run would end green without having asserted anything. Here
/// such a test fails instead, however the skip reached XCTest: thrown out of
/// `spec` as `XCTSkip` (what the host does today) or recorded while the test
/// went on. A test that checks a fully skipped spec on purpose catches its
/// `XCTSkip` itself, or lives in a class without this check.
class CheckedTestCase: Rundown.TestCase {
    override func tearDown() {
        failIfSkipped(self)
        super.tearDown()
    }
}

/// Records a failure against `testCase` if its run has been skipped, at the
/// test case's own class: a skip that was not expected.
func failIfSkipped(_ testCase: XCTestCase, file: StaticString = #filePath, line: UInt = #line) {
    guard let run = testCase.testRun, run.hasBeenSkipped else { return }
    XCTFail("\(testCase.name) was skipped: a spec in it skipped everything, though its examples were expected to run", file: file, line: line)
}
