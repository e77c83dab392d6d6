public struct Track: Equatable, Sendable {
    public let id: String

    public init(id: String) {
        self.id = id
    }
}

/// Where the pages come from: a server in the app, a fake in the tests.
public protocol DataService: Sendable {
    func fetch(offset: Int, limit: Int) async throws -> [Track]
}

/// A "recently played" list that loads page by page.
///
/// Every `await` is a point where another call to the actor can run. While
/// `loadMore` waits for its page, a `refresh` can replace the list; the late
/// page then belongs to a list that is gone. Each refresh starts a new
/// generation, and a page of an older generation is dropped.
///
/// A refresh that lands starts a generation too: a load-more that began while
/// the refresh was in flight took the new generation but the old list's
/// length, and its page would leave a gap (what `explore` found; see the
/// README).
public actor Pager {
    private let service: any DataService
    private let pageSize: Int
    public private(set) var tracks: [Track] = []
    public private(set) var hasMore = true
    private var isLoadingMore = false
    private var generation = 0

    public init(service: any DataService, pageSize: Int) {
        self.service = service
        self.pageSize = pageSize
    }

    public func refresh() async {
        generation += 1
        let current = generation
        let page = (try? await service.fetch(offset: 0, limit: pageSize)) ?? []
        guard current == generation else { return }
        tracks = page
        hasMore = page.count == pageSize
        generation += 1  // a load-more still in flight asked for a page of the old list
    }

    public func loadMore() async {
        guard hasMore, !isLoadingMore else { return }
        isLoadingMore = true
        defer { isLoadingMore = false }
        let current = generation
        let page = (try? await service.fetch(offset: tracks.count, limit: pageSize)) ?? []
        guard current == generation else { return }  // a refresh came first: this page is stale
        tracks.append(contentsOf: page)
        hasMore = page.count == pageSize
    }
}
