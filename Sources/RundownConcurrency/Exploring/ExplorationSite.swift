import RundownCore

#if canImport(Testing)
import Testing
#endif
#if canImport(XCTest)
import RundownXCTestSupport
#endif

/// Which test runs an exploration, as its replay token names it beside the `explore` call.
enum ExplorationSite {
    /// The test running the code that calls now, as the same text in every process that runs it:
    /// the Swift Testing test (its file, line and name) or the `Rundown.TestCase` test, then the
    /// path of the spec example that runs, if one does. `nil` where none can be told alike in every
    /// process: a plain `XCTestCase`, whose running test Rundown learns only when XCTest reports
    /// one to its observer, which depends on what ran before in the process.
    static var testName: String? {
        var parts: [String] = []
        #if canImport(Testing)
        if let test = Test.current {
            parts.append("\(test.sourceLocation.fileID):\(test.sourceLocation.line) \(test.name)")
        }
        #endif
        #if canImport(XCTest)
        if parts.isEmpty, let testCase = TestCaseRuns.onlyRunning {
            parts.append(testCase.name)
        }
        #endif
        if let closure = RunContext.current?.closure {
            parts.append(closure.description)
        }
        return parts.isEmpty ? nil : parts.joined(separator: " / ")
    }
}
