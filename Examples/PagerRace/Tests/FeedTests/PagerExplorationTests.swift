import Feed
import Rundown
import Testing

/// A feed like `FakeDataService`, with the explorer's points where a real request suspends: once
/// the request is on its way, and once the server has answered and the page is on its way back.
actor ExploredDataService: DataService {
    private let schedule: Schedule
    private(set) var feed: [Track]

    init(schedule: Schedule, trackCount: Int) {
        self.schedule = schedule
        feed = (1...trackCount).map { Track(id: "t\($0)") }
    }

    func play(_ id: String) {
        feed.insert(Track(id: id), at: 0)
    }

    func fetch(offset: Int, limit: Int) async throws -> [Track] {
        await schedule.point("fetch \(offset)")
        let page = Array(feed.dropFirst(offset).prefix(limit))
        await schedule.point("response \(offset)")
        return page
    }
}

/// No gate this time: the test names the two operations, and the explorer runs them in every
/// order of their steps, checking after each that the list is still the top of the feed.
@Test func everyOrderOfLoadMoreAndRefreshKeepsTheListWhole() async throws {
    try await explore(.everyInterleaving()) { schedule in
        let service = ExploredDataService(schedule: schedule, trackCount: 20)
        let pager = Pager(service: service, pageSize: 4)
        await pager.refresh()  // no controlled task runs yet, so the points return at once
        await pager.loadMore()  // t1 … t8
        schedule.start("load more") { await pager.loadMore() }
        schedule.start("refresh") {
            await service.play("n1")
            await pager.refresh()
        }
        try await schedule.finish()
        let ids = await pager.tracks.map(\.id)
        let top = await service.feed.prefix(ids.count).map(\.id)
        #expect(ids == top)  // no gap, no track twice
    }
}

/// The story with a third task: a second load-more, which the first one in flight turns away or
/// which loads the page after it. These three tasks have 308 orders, which `.everyInterleaving()`
/// still runs in full; a story of more tasks or more points soon has too many, and `.pct` samples
/// them so that an order a bug needs comes up early: each run ranks the tasks at random, always
/// runs the highest that can go on, and lowers the running task at `depth − 1` random steps.
@Test func loadMoreTwiceBesideARefreshInSampledOrders() async throws {
    try await explore(.pct(runs: 300, depth: 3, seed: 32)) { schedule in
        let service = ExploredDataService(schedule: schedule, trackCount: 20)
        let pager = Pager(service: service, pageSize: 4)
        await pager.refresh()
        await pager.loadMore()  // t1 … t8
        schedule.start("load more") { await pager.loadMore() }
        schedule.start("refresh") {
            await service.play("n1")
            await pager.refresh()
        }
        schedule.start("load more again") { await pager.loadMore() }
        try await schedule.finish()
        let ids = await pager.tracks.map(\.id)
        let top = await service.feed.prefix(ids.count).map(\.id)
        #expect(ids == top)  // no gap, no track twice
    }
}
