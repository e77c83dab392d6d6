import Feed
import Rundown
import Testing

/// A pager over t1…t10 that has loaded its first page, t1 t2 t3.
private func refreshed() async -> (FakeDataService, Pager) {
    let service = FakeDataService(trackCount: 10)
    let pager = Pager(service: service, pageSize: 3)
    await pager.refresh()
    return (service, pager)
}

@Test func pager() async throws {
    try await spec("Pager") {
        var service = FakeDataService(trackCount: 10)
        var pager = Pager(service: service, pageSize: 3)

        context("after a refresh") {
            beforeEach { (service, pager) = await refreshed() }
            it("shows the first page") {
                let ids = await pager.tracks.map(\.id)
                #expect(ids == ["t1", "t2", "t3"])
            }
            it("appends the next page on load-more") {
                await pager.loadMore()
                let ids = await pager.tracks.map(\.id)
                #expect(ids == ["t1", "t2", "t3", "t4", "t5", "t6"])
            }
        }

        context("when a refresh lands while load-more waits for its page") {
            beforeEach {
                (service, pager) = await refreshed()
                // Park load-more's response at a gate instead of hoping for the
                // bad timing: the order below then happens on every run.
                let response = Gate("load-more response")
                await service.holdResponses { offset in
                    if offset > 0 { try await response.arrive() }  // only load-more waits
                }
                let loading = Task { [pager] in await pager.loadMore() }  // reads t4 t5 t6, then parks
                try await response.waitUntilParked()
                await service.play("n1")
                await pager.refresh()  // n1 t1 t2
                response.open()  // the late page arrives now
                await loading.value
                await service.holdResponses(nil)
            }
            it("keeps the refreshed page only") {
                let ids = await pager.tracks.map(\.id)
                #expect(ids == ["n1", "t1", "t2"])
            }
            it("loads the page that follows it next") {
                await pager.loadMore()
                let ids = await pager.tracks.map(\.id)
                #expect(ids == ["n1", "t1", "t2", "t3", "t4", "t5"])
            }
        }
    }
}
