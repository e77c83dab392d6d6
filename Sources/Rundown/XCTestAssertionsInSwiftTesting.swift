#if canImport(XCTest) && canImport(Testing) && !canImport(ObjectiveC)
import RundownEngine
import RundownTestingSupport
import RundownXCTestSupport

/// Makes `XCTAssert…` and `XCTFail` inside a spec run by Swift Testing fail
/// its test, where corelibs XCTest alone would drop them.
enum XCTestAssertionsInSwiftTesting {
    /// Starts forwarding (once per process). A failure made while a spec
    /// element runs in a Swift Testing test becomes an issue of that test with
    /// the element's path; elsewhere XCTest's behaviour is left as it is.
    static func forward() {
        XCTestAssertionForwarding.start { failure in
            guard let runner = ExampleRunner.current, SwiftTestingReporting.isRunning else { return }
            SwiftTestingReporting.recordAssertionFailure(failure.description, filePath: failure.filePath, line: failure.line, by: runner)
        }
    }
}
#endif
