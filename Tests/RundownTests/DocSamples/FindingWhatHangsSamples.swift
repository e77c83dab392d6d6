import Rundown
import Testing

// The code samples of FindingWhatHangs.md, compiled and run; each sample's
// text is exactly what the article shows (DocSampleSyncTests checks that).

/// The pager of the article's sample: loading a page waits for what `fetch`
/// waits for (there, a gate the example opens).
actor Pager {
    private let fetch: @Sendable () async throws -> Void
    private(set) var pages = 1

    init(fetch: @escaping @Sendable () async throws -> Void) {
        self.fetch = fetch
    }

    func loadNextPage() async throws {
        SampleUse.record()
        try await fetch()
        pages += 1
    }
}

// FindingWhatHangs.md: every wait with a name, and an example with a time limit.
@Test func pager() async throws {
    try await spec("Pager") {
        it("loads the next page", .timeLimit(.seconds(30))) {
            let reply = Gate("server replied")
            let pager = Pager { try await reply.arrive() }
            let tasks = TrackingTaskStarter()
            tasks.start(name: "loader") { try await pager.loadNextPage() }
            reply.open()
            try await eventually("the next page is shown") { await pager.pages == 2 }
            try await tasks.waitForAll()
        }
    }
}

@Suite struct FindingWhatHangsSamples {
    @Test func theNamedWaitsSampleRunsItsExample() async throws {
        try await expectSampleRan(["Pager, loads the next page"]) { try await pager() }
    }
}
