#if canImport(Testing)
import RundownTestSupport
import Testing
import RundownConcurrency

/// Behaviour#Waits-always-end, on a reproduction (a gate forces the order).
///
/// Reproduction (b): the refresh / load-more race of a paged "recently played" list.
///
/// Every `await` on an actor is a point where another call can run. `loadMore` reads the list,
/// sends a request and suspends; a `refresh` that completes in the meantime replaces the list;
/// then the old response arrives and is appended to a list it no longer belongs to.

struct Track: Equatable, Sendable, CustomStringConvertible {
    let id: String
    var description: String { id }
}

/// A feed that shifts whenever something new is played, like a real recently-played list.
actor RecentlyPlayedService {
    private var feed: [Track]
    private var beforeResponse: (@Sendable (_ offset: Int) async throws -> Void)?

    init(count: Int) {
        feed = (1...count).map { Track(id: "t\($0)") }
    }

    /// Installs a hook that runs after a page is read but before it is delivered, as if the
    /// response were still on the wire.
    func holdResponses(_ hook: (@Sendable (_ offset: Int) async throws -> Void)?) {
        beforeResponse = hook
    }

    func play(_ id: String) {
        feed.insert(Track(id: id), at: 0)
    }

    func fetch(offset: Int, limit: Int) async throws -> [Track] {
        let page = Array(feed.dropFirst(offset).prefix(limit))
        try await beforeResponse?(offset)
        return page
    }
}

protocol Pager: Actor {
    var tracks: [Track] { get }
    var hasMore: Bool { get }
    func refresh() async
    func loadMore() async
}

/// The original code: guards load-more against itself, not against refresh.
actor NaivePager: Pager {
    private let service: RecentlyPlayedService
    private let pageSize: Int
    private(set) var tracks: [Track] = []
    private(set) var hasMore = true
    private var isLoadingMore = false

    init(service: RecentlyPlayedService, pageSize: Int = 4) {
        self.service = service
        self.pageSize = pageSize
    }

    func refresh() async {
        do {
            let page = try await service.fetch(offset: 0, limit: pageSize)
            tracks = page
            hasMore = page.count == pageSize
        } catch {
            hasMore = false
        }
    }

    func loadMore() async {
        guard hasMore, !isLoadingMore else { return }
        isLoadingMore = true
        defer { isLoadingMore = false }
        do {
            let page = try await service.fetch(offset: tracks.count, limit: pageSize)
            tracks.append(contentsOf: page)
            hasMore = page.count == pageSize
        } catch {
            hasMore = false
        }
    }
}

/// The fix: every refresh starts a new generation, and late results of an old one are dropped.
actor GenerationPager: Pager {
    private let service: RecentlyPlayedService
    private let pageSize: Int
    private(set) var tracks: [Track] = []
    private(set) var hasMore = true
    private var isLoadingMore = false
    private var generation = 0

    init(service: RecentlyPlayedService, pageSize: Int = 4) {
        self.service = service
        self.pageSize = pageSize
    }

    func refresh() async {
        generation += 1
        let current = generation
        do {
            let page = try await service.fetch(offset: 0, limit: pageSize)
            guard current == generation else { return }
            tracks = page
            hasMore = page.count == pageSize
        } catch {
            guard current == generation else { return }
            hasMore = false
        }
    }

    func loadMore() async {
        guard hasMore, !isLoadingMore else { return }
        isLoadingMore = true
        defer { isLoadingMore = false }
        let current = generation
        let offset = tracks.count
        do {
            let page = try await service.fetch(offset: offset, limit: pageSize)
            guard current == generation else { return }
            tracks.append(contentsOf: page)
            hasMore = page.count == pageSize
        } catch {
            // A stale failure must not stop paging of a list it never belonged to.
            guard current == generation else { return }
            hasMore = false
        }
    }
}

struct Offline: Error {}

/// Forces the interleaving: load-more is parked mid-request while two new plays arrive and a
/// refresh completes; then the stale response is let through.
func refreshDuringLoadMore(_ pager: some Pager, service: RecentlyPlayedService, staleResponseFails: Bool = false)
    async throws
{
    await pager.refresh()  // t1 t2 t3 t4
    let response = Gate("load-more response", timeout: patience)
    await service.holdResponses { offset in
        guard offset > 0 else { return }  // only load-more waits
        try await response.arrive()
        if staleResponseFails { throw Offline() }
    }
    let loading = Task { await pager.loadMore() }  // reads t5...t8, then parks
    try await response.waitUntilParked()

    await service.play("n1")
    await service.play("n2")
    await pager.refresh()  // n2 n1 t1 t2
    response.open()
    await loading.value
    await service.holdResponses(nil)
}

@Suite("Refresh racing load-more", .timeLimit(.minutes(1)))
struct PagerRaceTests {
    @Test("the naive pager appends a stale page after refresh, leaving a gap")
    func naivePagerShowsTheBug() async throws {
        let service = RecentlyPlayedService(count: 20)
        let pager = NaivePager(service: service)
        try await refreshDuringLoadMore(pager, service: service)

        // The bug, reproduced every time: t3 and t4 are missing and t5...t8 belong to the old list.
        #expect(await pager.tracks.map(\.id) == ["n2", "n1", "t1", "t2", "t5", "t6", "t7", "t8"])
    }

    @Test("the naive pager lets a stale failure stop pagination")
    func naivePagerStaleFailure() async throws {
        let service = RecentlyPlayedService(count: 20)
        let pager = NaivePager(service: service)
        try await refreshDuringLoadMore(pager, service: service, staleResponseFails: true)
        #expect(await pager.hasMore == false)
    }

    @Test("the generation-token pager discards the stale page")
    func generationPagerIsCorrect() async throws {
        let service = RecentlyPlayedService(count: 20)
        let pager = GenerationPager(service: service)
        try await refreshDuringLoadMore(pager, service: service)

        #expect(await pager.tracks.map(\.id) == ["n2", "n1", "t1", "t2"])
        await pager.loadMore()
        #expect(await pager.tracks.map(\.id) == ["n2", "n1", "t1", "t2", "t3", "t4", "t5", "t6"])
    }

    @Test("the generation-token pager ignores a stale failure")
    func generationPagerIgnoresStaleFailure() async throws {
        let service = RecentlyPlayedService(count: 20)
        let pager = GenerationPager(service: service)
        try await refreshDuringLoadMore(pager, service: service, staleResponseFails: true)
        #expect(await pager.hasMore)
        #expect(await pager.tracks.map(\.id) == ["n2", "n1", "t1", "t2"])
    }
}
#endif
