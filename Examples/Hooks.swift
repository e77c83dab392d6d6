import Foundation
import Rundown

func hookOrderSpec() throws {
    var log: [String] = []
    try spec("Hooks") {
        beforeAll { log.append("beforeAll") }
        aroundEach("timing") { run in
            log.append("around: before")
            try run()
            log.append("around: after")
        }
        beforeEach { log.append("beforeEach") }
        it("first") { log.append("first") }
        context("nested") {
            it("second") { log.append("second") }
            it("third") { log.append("third") }
        }
        afterEach { log.append("afterEach") }
        afterAll { log.append("afterAll") }
    }
    // The nested context is one element: the outer hooks wrap it once.
    try check(
        log == [
            "beforeAll",
            "around: before", "beforeEach", "first", "afterEach", "around: after",
            "around: before", "beforeEach", "second", "third", "afterEach", "around: after",
            "afterAll",
        ], "unexpected order: \(log)")
    // One line per element of the spec's root group, between the group's own hooks.
    let lines = log.joined(separator: ", ")
        .replacingOccurrences(of: ", around: before", with: ",\n    around: before")
        .replacingOccurrences(of: ", afterAll", with: ",\n    afterAll")
    print("  What ran, in order:\n    \(lines)")
}
