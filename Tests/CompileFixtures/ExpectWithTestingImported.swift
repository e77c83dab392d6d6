// expect-success
import Rundown
import Testing

// Where Testing is imported, its macros are the ones used, in every form:
// Rundown's unavailable `#expect` and `#require` (for files that do not
// import Testing) are never chosen over them.

private struct Full: Error, Equatable {}
private func load() throws -> Int { throw Full() }

@Test func everyFormOfTheMacros() async throws {
    let numbers = [1]
    try await spec {
        it("checks") {
            #expect(numbers.count == 1)
            #expect(numbers.count == 1, "one number")
            #expect(throws: Full.self) { try load() }
            #expect(throws: Full()) { try load() }
            let error = #expect(throws: Full.self) { try load() }
            #expect(error != nil)
            try #require(numbers.count == 1)
            let first = try #require(numbers.first)
            #expect(first + 1 == 2)
        }
    }
}
