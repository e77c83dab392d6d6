import Feed

/// A feed that shifts when something new is played, as a real "recently
/// played" list does, and that can hold its responses back.
actor FakeDataService: DataService {
    private var feed: [Track]
    private var beforeResponse: (@Sendable (_ offset: Int) async throws -> Void)?

    init(trackCount: Int) {
        feed = (1...trackCount).map { Track(id: "t\($0)") }
    }

    func play(_ id: String) {
        feed.insert(Track(id: id), at: 0)
    }

    /// Runs `hook` after a page is read and before it is returned, as if the
    /// response were still on its way.
    func holdResponses(_ hook: (@Sendable (_ offset: Int) async throws -> Void)?) {
        beforeResponse = hook
    }

    func fetch(offset: Int, limit: Int) async throws -> [Track] {
        let page = Array(feed.dropFirst(offset).prefix(limit))
        try await beforeResponse?(offset)
        return page
    }
}
