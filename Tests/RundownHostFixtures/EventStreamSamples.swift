// Behaviour#The-events-file: the sample of the EventStream article, whose
// file of RUNDOWN_EVENTS the article shows, and the Swift Testing twin of
// EventsFixtures.swift: `EventsFileOutputTests` runs it in a child process
// and finds its lines by their text, as the article's sample has no marks.
// (This comment stands apart from the suite because Swift Testing prints the
// comments above a failed suite.)

import Rundown
import Testing

@Suite(.fixture(for: "EventsFileOutputTests"))
struct EventsSwiftTestingFixtures {
    @Test func everyKindOfRecord() async throws {
        let late = LateTask()
        try await spec("Events ST") {
            it("passes") {}
            it("fails") { #expect(Bool(false), "wrong total") }
            it("skips") { throw Skip("no database") }
            it("passes on a retry", .retries(1)) {
                #expect(CallCount.next("events ST retry") == 2)
            }
            it("leaks a late failure", .labels("slow")) {
                late.start { #expect(Bool(false), "late") }
            }
            context("when set up fails", .labels("db")) {
                beforeEach { throw FixtureError() }
                it("never runs") {}
            }
            afterAll { await late.letFail() }
        }
    }
}
