#if canImport(Testing)
import Testing
import RundownConcurrency

// Code samples of ExploringInterleavings.md (and of the doc comments of the Exploring folder),
// compiled and run. Each sample's text is exactly what the article shows (DocSampleSyncTests
// checks that).

@MainActor
protocol FeedService {
    func fetch(offset: Int, limit: Int) async -> [String]
}

@MainActor
final class FakeFeedService: FeedService {
    private let schedule: Schedule
    private(set) var feed: [String]

    init(schedule: Schedule, trackCount: Int) {
        self.schedule = schedule
        feed = (1...trackCount).map { "t\($0)" }
    }

    func play(_ track: String) {
        feed.insert(track, at: 0)
    }

    func fetch(offset: Int, limit: Int) async -> [String] {
        await schedule.point("fetch \(offset)")  // the request is on its way
        let page = Array(feed.dropFirst(offset).prefix(limit))
        await schedule.point("response \(offset)")  // the answer is on its way back
        return page
    }
}

@MainActor
final class PagerModel {
    private let service: any FeedService
    private let pageSize: Int
    private(set) var tracks: [String] = []
    private var generation = 0

    init(service: any FeedService, pageSize: Int) {
        self.service = service
        self.pageSize = pageSize
    }

    func refresh() async {
        generation += 1
        let current = generation
        let page = await service.fetch(offset: 0, limit: pageSize)
        guard current == generation else { return }
        tracks = page
        generation += 1  // a load-more still in flight asked for a page of the old list
    }

    func loadMore() async {
        let current = generation
        let page = await service.fetch(offset: tracks.count, limit: pageSize)
        guard current == generation else { return }
        tracks += page
    }
}

@Test @MainActor func refreshRacingLoadMore() async throws {
    try await explore(.everyInterleaving()) { schedule in
        let service = FakeFeedService(schedule: schedule, trackCount: 20)
        let pager = PagerModel(service: service, pageSize: 4)
        await pager.refresh()
        await pager.loadMore()
        schedule.start("load more") { await pager.loadMore() }
        schedule.start("refresh") {
            service.play("n1")
            await pager.refresh()
        }
        try await schedule.finish()
        #expect(pager.tracks == Array(service.feed.prefix(pager.tracks.count)))
    }
}

@Test @MainActor func uploadsInEveryOrder() async throws {
    try await explore { schedule in
        let uploader = Uploader(tasks: schedule.tasks)
        uploader.uploadLater("a.jpg")
        uploader.uploadLater("b.jpg")
        try await schedule.finish()
        #expect(Set(uploader.uploaded) == ["a.jpg", "b.jpg"])
    }
}

@MainActor
final class LoadingModel {
    private let clock: any Clock<Duration>
    private(set) var showsSpinner = false
    private(set) var isLoaded = false

    init(clock: any Clock<Duration>) {
        self.clock = clock
    }

    func showSpinnerAfterOneSecond() async throws {
        try await clock.sleep(for: .seconds(1))
        if !isLoaded { showsSpinner = true }
    }

    func responseArrived() {
        isLoaded = true
        showsSpinner = false
    }
}

@Test @MainActor func theSpinnerNeverOutlivesTheResponse() async throws {
    try await explore { schedule in
        let model = LoadingModel(clock: schedule.clock)
        schedule.start("spinner") { try await model.showSpinnerAfterOneSecond() }
        schedule.start("request") {
            await schedule.point("response")
            model.responseArrived()
        }
        try await schedule.finish()
        #expect(model.isLoaded && !model.showsSpinner)
    }
}

struct SlowService {
    let schedule: Schedule

    func fetch() async -> String {
        await schedule.point("response")
        return "page"
    }
}

func fetch(from service: SlowService, within limit: Duration, on clock: VirtualClock) async throws -> String {
    try await withThrowingTaskGroup(of: String.self) { group in
        group.addTask { await service.fetch() }
        group.addTask {
            try await clock.sleep(for: limit)
            return "timed out"
        }
        defer { group.cancelAll() }
        return try await group.next() ?? "timed out"
    }
}

@Test func theTimeoutWinsOnlyAtItsDeadline() async throws {
    try await explore { schedule in
        let clock = schedule.clock
        schedule.start("load") {
            let answer = try await fetch(from: SlowService(schedule: schedule), within: .seconds(1), on: clock)
            #expect(answer == "page" || clock.now == VirtualClock.Instant(sinceStart: .seconds(1)))
        }
    }
}

@MainActor func replayTheFailingOrder() async throws {
    try await explore(.replay("v1.32a2.10011.f87ca266")) { schedule in
        let service = FakeFeedService(schedule: schedule, trackCount: 20)
        let pager = PagerModel(service: service, pageSize: 4)
        await pager.refresh()
        await pager.loadMore()
        schedule.start("load more") { await pager.loadMore() }
        schedule.start("refresh") {
            service.play("n1")
            await pager.refresh()
        }
        try await schedule.finish()
        #expect(pager.tracks == Array(service.feed.prefix(pager.tracks.count)))
    }
}

@Test @MainActor func refreshRacingLoadMoreSampled() async throws {
    try await explore(.random(runs: 200, seed: 42)) { schedule in
        let service = FakeFeedService(schedule: schedule, trackCount: 20)
        let pager = PagerModel(service: service, pageSize: 4)
        schedule.start("first refresh") { await pager.refresh() }
        schedule.start("second refresh") { await pager.refresh() }
        schedule.start("load more") { await pager.loadMore() }
        try await schedule.finish()
        #expect(pager.tracks == Array(service.feed.prefix(pager.tracks.count)))
    }
}

/// The replay sample runs too: the token it pastes matches the body's steps (a token that did not
/// would fail as a body that is not deterministic), and with the fix the order passes.
@Test @MainActor func theReplaySampleReplaysItsOrder() async throws {
    try await replayTheFailingOrder()
}
#endif
