import RundownEngine

/// Everything the XCTest host prints instead of recording: a failure XCTest
/// can no longer take, because its test had ended, and the skipped examples of
/// a spec that ran others. The one place these texts are written.
///
/// Where: a failure's line starts with its file and line, so that an IDE or a
/// log reader finds it, and says which test; why it was not recorded is at
/// the end, which is what to look at (a task that outlived its test). See
/// <doc:WhereFailuresAppear>.
enum XCTestWarning {
    /// A failure after its spec run had ended, where no test case is known.
    case failedAfterSpecEnded(failure: String, at: CodeLocation)
    /// A failure that reached the test case `test` after it had ended; `late`
    /// when the failure says already which element's task recorded it.
    case failedAfterTestEnded(test: String, failure: String, at: CodeLocation, late: Bool)
    /// A Swift Testing issue recorded outside any Swift Testing test, which no
    /// XCTest case could take; `element` is the spec element running, if any.
    case issueOutsideAnyTest(message: String, at: CodeLocation, element: String?)
    /// A skipped example of a spec that ran others.
    case skipped(String)

    /// The line as printed, with its newline where it goes to standard error.
    var line: String {
        switch self {
        case .failedAfterSpecEnded(let failure, let location):
            "\(location.filePath):\(location.line): error: \(failure) (its spec had ended; XCTest may be running another test, which it must not fail)\n"
        case .failedAfterTestEnded(let test, let failure, let location, let late):
            "\(location.filePath):\(location.line): error: \(test) : \(failure) ("
                + (late
                    ? "the test had ended; XCTest can no longer fail it"
                    : "recorded after the test had ended, by a task it started; XCTest can no longer fail it")
                + ")\n"
        case .issueOutsideAnyTest(let message, let location, let element):
            "\(location.filePath):\(location.line): error: Rundown: \(element.map { "\($0): " } ?? "")\(message) (a Swift Testing issue recorded outside any Swift Testing test; no XCTest case could take it)\n"
        case .skipped(let skip):
            "Rundown: \(skip)"
        }
    }
}
