import Rundown
import RundownTestSupport
import Testing

// The sample of LocatedError's doc comment, exactly as it shows it, with what it needs around it:
// a user's helper that conforms, with only `import Rundown`.

struct Page {
    var isLoaded: Bool
}

struct StillLoading: LocatedError, CustomStringConvertible {
    var location: CodeLocation
    var description: String { "the page is still loading" }
}

func expectLoaded(
    _ page: Page, fileID: String = #fileID, filePath: String = #filePath, line: Int = #line, column: Int = #column
) throws {
    guard page.isLoaded else {
        throw StillLoading(location: CodeLocation(fileID: fileID, filePath: filePath, line: line, column: column))
    }
}

@Suite struct LocatedErrorSampleTests {
    /// Behaviour#Failures-point-at-your-code: the failure of a user's located error is reported at the
    /// helper's call, not at the example.
    @Test func aUsersHelperIsReportedAtItsCall() throws {
        let line = SourceLine.marked("expectLoaded")
        var thrown: (any Error)?
        do {
            try expectLoaded(Page(isLoaded: false))  // line: expectLoaded
        } catch {
            thrown = error
        }
        let error = try #require(thrown)
        let example = CodeLocation(
            fileID: "RundownTests/Elsewhere.swift", filePath: "/Elsewhere.swift", line: 1, column: 1)
        let failure = SpecFailure(path: ["Page", "loads"], error: error, location: example)
        #expect(failure.location.line == line)
        #expect(failure.location.fileID == "RundownTests/LocatedErrorSamples.swift")
        #expect("\(failure.error)" == "the page is still loading")
    }
}
